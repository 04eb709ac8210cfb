export {
  createAssistant,
  type AiToolsSetting,
  type AssistantLogger,
  type AssistantOptions,
} from './assistant.ts'
export type { Answer, AnswerInput, Assistant, AssistantEvent, HistoryMessage } from './assistant.types.ts'
export {
  createAssistantTools,
  toolDescriptions,
  toolInputSchemas,
  type AssistantServices,
  type AssistantTools,
} from './tools.ts'
