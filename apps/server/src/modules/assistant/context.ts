import { todayIn, type Language, type Memory } from '@remi/shared'
import type { ModelMessage } from 'ai'
import type { HistoryMessage, SentFile } from './assistant.types.ts'
import { classify } from './intents/index.ts'
import { askedInFull } from './asked-in-full.ts'
import { buildSystemPrompt, fitMemories, recentHistory } from './prompt.ts'
import { userMessage } from './sent-files.ts'
import type { AssistantServices, AssistantTools } from './tools/index.ts'

/** Memories the prompt carries at most. */
export const PROMPT_MEMORIES = 8

/** What a message's prompt needs from the database whatever the mode: read once, as soon as the message is known. */
export interface ContextReads {
  userName: string | null
  language: Language
  timeZone: string
  /** The message as a question of its own (a follow-up written out: askedInFull). */
  asked: string
  /** The memories recall found for it, best first. */
  found: Memory[]
}

export interface ContextReadsInput {
  services: AssistantServices
  tools: AssistantTools
  userId: string
  content: string
  history: HistoryMessage[]
  now: Date
}

/**
 * The user's name and zone, the message in full, and the memories recall finds for it. Started when the
 * chat has the message, before it is stored (chat.service.ts): the model is asked after both.
 */
export async function readContext(input: ContextReadsInput): Promise<ContextReads> {
  const { services, tools, userId, now } = input
  // One read of the user's row gives their name, language and zone (the tools read the zone from it too).
  const [user, timeZone] = await Promise.all([tools.userRow(), tools.timeZone()])
  // A follow-up ("and tomorrow?", "where is it?", "until then?") is looked up as the question it stands
  // for; the model reads the conversation and the message as written.
  const asked = await askedInFull(tools, input.content, input.history, timeZone, now)
  const language = user?.language ?? 'en'
  const found = await services.recall.find(userId, {
    query: asked,
    now,
    timeZone,
    language,
    limit: PROMPT_MEMORIES,
  })
  return { userName: user?.name ?? null, language, timeZone, asked, found }
}

export interface ModelContextInput extends ContextReadsInput {
  reads: ContextReads
  mode: 'tools' | 'context'
  assistantName: string
  /** Files sent with the message: named (with their words) in it, and photos shown to a vision model. */
  files?: SentFile[] | undefined
}

export interface ModelContext {
  system: string
  messages: ModelMessage[]
  /** The memories the prompt holds (already cited). */
  memories: Memory[]
}

/**
 * What the model sees for one message: the system prompt (name, user, local date and time, the most
 * relevant memories within a budget) and the recent conversation ending with the message. In context
 * mode the server also does what the tools would have: it saves a memory the message asks to keep,
 * and looks up the weather and the calendar when the message is about them.
 */
export async function buildModelContext(input: ModelContextInput): Promise<ModelContext> {
  const { services, tools, userId, now, reads } = input
  const { timeZone } = reads
  const facts: string[] = []

  if (input.mode === 'context') {
    // The fact the offline assistant's intent for the message gives (intents/index.ts): the memory it
    // saved, the weather, the day's events, a total.
    const clock = { now, timeZone, today: todayIn(timeZone, now) }
    const { matched } = classify(reads.asked, clock)
    const fact = await matched.fact?.({
      tools,
      services,
      userId,
      clock,
      message: input.content,
      text: reads.asked,
    })
    if (fact) facts.push(fact)
  }

  const memories = fitMemories(reads.found)
  tools.cite(memories)

  const system = buildSystemPrompt({
    assistantName: input.assistantName,
    userName: reads.userName,
    language: reads.language,
    now,
    timeZone,
    mode: input.mode,
    memories,
    facts,
    web: tools.webOffered ? 'on' : input.services.web ? 'off' : 'none',
  })
  const messages: ModelMessage[] = [
    ...recentHistory(input.history).map((m): ModelMessage => ({ role: m.role, content: m.content })),
    userMessage(input.content, input.files ?? []),
  ]
  return { system, messages, memories }
}
