import { todayIn, type Memory } from '@remi/shared'
import type { ModelMessage } from 'ai'
import type { HistoryMessage } from './assistant.types.ts'
import { formatDay } from './format.ts'
import {
  asksWhen,
  freeDayQuestion,
  isBriefingRequest,
  isCalendarTopic,
  isFreeTimeQuestion,
  isQuestion,
  isWeatherTopic,
  memoryRequest,
  namedDay,
  requestedDays,
  whichEvent,
} from './intents.ts'
import {
  askedInFull,
  asksForDays,
  describeDays,
  describeEvent,
  describeFreeDays,
  describeFreeTime,
  eventLine,
  eventsAbout,
  noted,
  todaysBriefing,
  totalFor,
  weatherAsked,
} from './offline.ts'
import { buildSystemPrompt, fitMemories, recentHistory } from './prompt.ts'
import { significantWords } from './search.ts'
import { totalAsked } from './totals.ts'
import { isToolError, type AssistantServices, type AssistantTools } from './tools.ts'

/** Memories the prompt carries at most. */
export const PROMPT_MEMORIES = 8

export interface ModelContextInput {
  services: AssistantServices
  tools: AssistantTools
  userId: string
  content: string
  history: HistoryMessage[]
  mode: 'tools' | 'context'
  assistantName: string
  now: Date
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
  const { services, tools, userId, now } = input
  const [user, timeZone] = await Promise.all([services.users.findById(userId), tools.timeZone()])
  const today = todayIn(timeZone, now)
  // A follow-up ("and tomorrow?", "where is it?", "until then?") is looked up as the question it stands
  // for; the model reads the conversation and the message as written.
  const content = await askedInFull(tools, input.content, input.history, timeZone, now)
  const facts: string[] = []

  if (input.mode === 'context') {
    const request = memoryRequest(content, timeZone, now)
    if (request?.text) {
      const result = await tools.createMemory({
        text: request.text,
        tags: request.tags,
        date: request.day,
      })
      facts.push(
        isToolError(result)
          ? `Saving the memory the user asked for failed: ${result.error} Tell them.`
          : `You have just saved this memory for the user, ${result.saved.date ? `dated ${formatDay(result.saved.date)}` : 'with no date'}${result.saved.tags.length ? `, tagged ${result.saved.tags.join(', ')}` : ''}: "${result.saved.text}". Confirm it in one or two sentences.`,
      )
    }
    if (isWeatherTopic(content)) {
      facts.push(await weatherAsked(tools, content, requestedDays(content, timeZone, now), today))
    }
    if (isBriefingRequest(content)) {
      const briefing = await todaysBriefing(services, userId, now)
      facts.push(
        `The user asked for their daily briefing. Today's, from their weather, calendar and memories:\n\n${briefing}`,
      )
    }
    const event = whichEvent(content)
    const freeDay = freeDayQuestion(content)
    if (event) {
      // "What's my next meeting?": which one, and how soon.
      const day = event.day && namedDay(event.day, timeZone, now)
      facts.push(await describeEvent(tools, event.which, day, now, today))
    } else if (freeDay) {
      facts.push(await describeFreeDays(tools, freeDay, requestedDays(content, timeZone, now), today))
    } else if (isFreeTimeQuestion(content)) {
      facts.push(await describeFreeTime(tools, requestedDays(content, timeZone, now), now, today))
    } else if (isCalendarTopic(content)) {
      facts.push(await describeDays(tools, requestedDays(content, timeZone, now), today))
    } else if (isQuestion(content) && totalAsked(content)) {
      // "How far did I run this week?": the total, from more memories than the prompt holds.
      const total = await totalFor(tools, content, timeZone, now, today)
      if (total) facts.push(`Added up from the user's memories:\n\n${total}`)
    } else if (isQuestion(content) && asksForDays(content, timeZone, now)) {
      // "What did I save yesterday?": the memories saved (or dated) those days.
      facts.push(await noted({ services, tools, userId }, content, timeZone, now, today))
    } else if (isQuestion(content) && asksWhen(content)) {
      const events = await eventsAbout(tools, significantWords(content), today)
      if (events.length) {
        facts.push(
          ['**Coming events that match the question:**', ...events.map((e) => eventLine(e, today))].join(
            '\n',
          ),
        )
      }
    }
  }

  const found = await services.recall.find(userId, {
    query: content,
    now,
    limit: PROMPT_MEMORIES,
  })
  const memories = fitMemories(found)
  tools.cite(memories)

  const system = buildSystemPrompt({
    assistantName: input.assistantName,
    userName: user?.name ?? null,
    now,
    timeZone,
    mode: input.mode,
    memories,
    facts,
  })
  const messages: ModelMessage[] = [
    ...recentHistory(input.history).map((m): ModelMessage => ({ role: m.role, content: m.content })),
    { role: 'user', content: input.content },
  ]
  return { system, messages, memories }
}
