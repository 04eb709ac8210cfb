export {
  createAssistant,
  type AiToolsSetting,
  type AssistantLogger,
  type AssistantOptions,
} from './assistant.ts'
/** What the chat says above an offline answer: on its own, and when the model was unavailable. */
export { FALLBACK_NOTE, OFFLINE_INTRODUCTION } from './offline.ts'
export type {
  Answer,
  AnswerInput,
  Assistant,
  AssistantEvent,
  CitedMemory,
  HistoryMessage,
  PendingAnswer,
  SentFile,
} from './assistant.types.ts'
export {
  connectedToolKey,
  createAssistantTools,
  mcpTools,
  modelTools,
  toolDescriptions,
  toolInputSchemas,
  toolRegistry,
  type AssistantServices,
  type AssistantTools,
  type McpToolDeps,
  type ToolDefinition,
} from './tools/index.ts'
