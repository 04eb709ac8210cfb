import { type Language, type Memory, todayIn } from '@remi/shared'
import { BRAND } from '../../config/brand.ts'
import type { HistoryMessage, AssistantEvent } from './assistant.types.ts'
import { type Answered, type Deps, answerMessage } from './intents/index.ts'
import type { AssistantServices, AssistantTools } from './tools/index.ts'
import { askedInFull } from './asked-in-full.ts'
import { answerIn, introductionFor, isOtherLanguage } from './languages/index.ts'

/** Said once per conversation by the offline assistant (AI_PROVIDER=none). */
export const OFFLINE_INTRODUCTION =
  `_I'm ${BRAND}'s offline assistant: I run without a language model, so I understand a few kinds of requests (ask me "what can you do?"). ` +
  'To connect a model, set `AI_PROVIDER` and `AI_MODEL` (and `AI_API_KEY` or `AI_BASE_URL` as your provider needs) and restart the server._'

/** The first line of an answer the offline assistant wrote because the model failed. */
export const FALLBACK_NOTE = '_The language model was unavailable, so the offline assistant answered._'

export { HELP } from './intents/index.ts'

export interface OfflineInput {
  services: Pick<AssistantServices, 'users' | 'memories' | 'dashboard' | 'reminders'>
  tools: AssistantTools
  userId: string
  content: string
  now: Date
  /** Say that it runs without a language model (the first offline answer of a conversation). */
  introduce: boolean
  /** The conversation before this message, oldest first: a follow-up ("and tomorrow?") reads the question before it. */
  history?: readonly HistoryMessage[]
  /** Memories a model already saved for this message before failing: reported, not saved twice. */
  alreadySaved?: readonly Memory[]
}

/**
 * The deterministic assistant: reads the message (a follow-up written out in full), finds the first
 * intent of the registry (intents/index.ts) that claims it, and answers with it: the same tools as the
 * model would call, the answer in Markdown with the memories it shows. For a person whose language is
 * not English, that language's registry answers (languages/index.ts), in their language.
 */
export async function answerOffline(input: OfflineInput): Promise<Answered & { language: Language }> {
  const { tools, now } = input
  const [timeZone, user] = await Promise.all([tools.timeZone(), tools.userRow()])
  const language = user?.language ?? 'en'
  const clock = { now, timeZone, today: todayIn(timeZone, now) }
  const text = await askedInFull(tools, input.content, input.history, timeZone, now)
  const deps: Omit<Deps, 'passOn'> = {
    tools,
    services: input.services,
    userId: input.userId,
    clock,
    message: input.content,
    text,
    alreadySaved: input.alreadySaved,
  }
  // The person's language answers (an English message of theirs it may pass to the English intents).
  const other = isOtherLanguage(language) ? language : null
  const { intent: _, ...answered } = other ? await answerIn(other, deps) : await answerMessage(deps)
  const introduction = other ? introductionFor(other) : OFFLINE_INTRODUCTION
  return {
    ...answered,
    language,
    ...(input.introduce ? { markdown: `${answered.markdown}\n\n${introduction}` } : {}),
  }
}

/**
 * A finished reply as a few `delta` events (paragraphs, or sentences of a single paragraph), so a
 * chat screen shows it the same way as a streamed model answer. The pieces join to the reply exactly.
 */
export function emitAsDeltas(text: string, onEvent?: (event: AssistantEvent) => void) {
  if (!onEvent || !text) return
  let pieces = text.split(/(?<=\n\n)/)
  if (pieces.length === 1) pieces = text.split(/(?<=[.!?] )/)
  for (const piece of pieces) if (piece) onEvent({ type: 'delta', text: piece })
}
