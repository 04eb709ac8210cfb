import type { Activity, AnswerMode, AssistantInfo, Citation } from '@remi/shared'

/** One earlier message of the conversation, oldest first. */
export interface HistoryMessage {
  role: 'user' | 'assistant'
  content: string
}

/** What the assistant reports while it answers (the chat's SSE `activity` and `delta` events). */
export type AssistantEvent =
  { type: 'activity'; status: 'started' | 'finished'; activity: Activity } | { type: 'delta'; text: string }

/** A file sent with the message (issue 49), already saved on a memory of the person's. */
export interface SentFile {
  name: string
  memoryId: string
  /** Its words as read so far (null: still being read, or none). */
  text: string | null
  status: 'reading' | 'ready' | 'failed'
  /** A photo to show a vision model (never a private memory's). */
  image?: { data: Uint8Array; mediaType: string }
}

export interface AnswerInput {
  userId: string
  /** The user's message (already stored by the chat service). */
  content: string
  /** Earlier messages of the conversation, oldest first, the new message not included. */
  history: HistoryMessage[]
  /** Whether the offline assistant has already said, in this conversation, that it runs without a model. */
  offlineIntroduced: boolean
  /** Aborted when the user presses Stop (the request closed): the model stops, `stopped` is true. */
  signal: AbortSignal
  onEvent?: (event: AssistantEvent) => void
  /** The chat's conversation, where proposed changes to memories are shown (and lapse with its next message). */
  conversationId?: string | undefined
  /** The composer's Web toggle: the model is offered the web's tools (when the server has a provider). */
  web?: boolean | undefined
  /** The files sent with the message, read (their words, a photo) while the message is stored. */
  files?: Promise<SentFile[]> | undefined
}

/** A cited memory's text and day, as an answer read it. */
export interface CitedMemory {
  text: string
  date: string | null
}

export interface Answer {
  /** Markdown. For a fallback to the offline assistant it starts with a short note that the model was unavailable. */
  content: string
  /** The memories the answer was given or found (de-duplicated, in the order first used). */
  citations: Citation[]
  /** Those memories' text and day as the answer read them (every citation's, maybe more). */
  cited?: ReadonlyMap<string, CitedMemory>
  /** The tools it called, in words, with the arguments kept in `calls`. */
  activity: Activity[]
  /** Tool calls with their arguments, for the message's metadata. */
  calls: Array<{ tool: string; args: unknown }>
  mode: AnswerMode
  /** The model's id when a model wrote it; absent for the offline assistant. */
  model?: string
  /** The user stopped it; `content` holds what was generated until then. */
  stopped: boolean
}

/** What `Assistant.begin` takes in: the input but for what comes with the answer's call. */
export type TakenMessage = Omit<AnswerInput, 'signal' | 'onEvent'>

/** The chat's assistant: a model (tools or context mode) or the offline assistant, with the same tools. */
export interface Assistant {
  readonly info: AssistantInfo
  /**
   * Takes a message in: with a model, what its prompt needs is read from now on (the user, their zone,
   * the memories recall finds), while the chat stores the message; the answer comes from `answer`.
   */
  begin(message: TakenMessage): PendingAnswer
  /** begin(input).answer(input). */
  answer(input: AnswerInput): Promise<Answer>
}

/** A message taken in by `Assistant.begin`, to be answered once (Stop and the events come with the call). */
export interface PendingAnswer {
  answer(options: Pick<AnswerInput, 'signal' | 'onEvent'>): Promise<Answer>
}
