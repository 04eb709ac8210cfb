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
} from './assistant.types.ts'
export {
  createAssistantTools,
  toolDescriptions,
  toolInputSchemas,
  type AssistantServices,
  type AssistantTools,
} from './tools/index.ts'
/** How the assistant reads a question, for recall's search of the memories that answer it. */
export { isPastTense } from './understand/text.ts'
export { memoryDaysAsked } from './understand/days.ts'
/** The day a text names ("on 14 March", "next Friday"): the briefing's day of a note. */
export { findDate } from './understand/dates.ts'
export { easterIn, MONTH_NAME, monthNumber } from './understand/lexicon.ts'
/** Slips of the keys, measured the same way by the offline search's "did you mean" and by recall. */
export { editDistance } from './spelling.ts'
/** A memory as the prompt writes it (recall's tests check a changed note's line). */
export { memoryLine } from './prompt.ts'
export { namesIn, significantWords, withOtherWords } from './search.ts'
/** A statement told rather than asked, and its words as a fact: the chat offers "Save as memory" in every mode. */
export { asToldAfterRemember, isStatement } from './understand/text.ts'
