import {
  CreateMemoryBody,
  CreateReminderBody,
  dayBounds,
  daysBetween,
  MEMORY_LIMITS,
  MemoryDate,
  todayIn,
  type Activity,
  type AssistantTool,
  type Citation,
  type Memory,
  type MemoryProposal,
  type Reminder,
  ReminderStatus,
} from '@remi/shared'
import { tool, zodSchema, type ToolSet } from 'ai'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import type { UsersService } from '../auth/index.ts'
import type { DashboardService } from '../dashboard/index.ts'
import type { CalendarService, WeatherService } from '../datasources/index.ts'
import type { MemoriesService } from '../memories/index.ts'
import type { AssistantEvent } from './assistant.types.ts'
import { describeRange, excerpt, formatTime, relativeDay, savedSpan } from './format.ts'
import type { RecallService } from '../recall/index.ts'
import type { ProposalsService } from '../proposals/index.ts'
import type { RemindersService } from '../reminders/index.ts'

/** The services the assistant's tools call: every call is scoped to one user. */
export interface AssistantServices {
  memories: Pick<MemoriesService, 'best' | 'create' | 'count' | 'summary' | 'tags' | 'get'>
  weather: Pick<WeatherService, 'forecastFor'>
  calendar: Pick<CalendarService, 'eventsBetween'>
  users: Pick<UsersService, 'timezoneOf' | 'findById'>
  /** The day's facts as the briefing tells them ("brief me"). */
  dashboard: Pick<DashboardService, 'gatherTodayFacts'>
  /** The memories that answer a person's words (modules/recall). */
  recall: Pick<RecallService, 'find'>
  /** Stores update_memory's and delete_memory's proposals (the person applies or keeps them). */
  proposals?: Pick<ProposalsService, 'propose'> | undefined
  /** Reminders the offline assistant makes, lists and cancels in words (issue 31). */
  reminders?: Pick<RemindersService, 'create' | 'list' | 'patch'> | undefined
}

/** Calendar questions reach this many days at most (a month and a bit). */
export const MAX_CALENDAR_DAYS = 35
/** A search gives at most this many memories. */
export const SEARCH_LIMIT = 10
const MAX_EVENTS = 60
const TEXT_FOR_MODEL = 1500

const day = MemoryDate.describe('A day written YYYY-MM-DD, in the user’s time zone.')

/** The tools' inputs, shared by the AI SDK tools and the MCP server. */
export const toolInputSchemas = {
  search_memories: z.object({
    query: z
      .string()
      .max(MEMORY_LIMITS.searchTermMax)
      .describe(
        'Words to look for in the memories (names, places, topics). Partial words match. Empty lists the newest memories.',
      ),
    tags: z
      .array(z.string().max(MEMORY_LIMITS.tagMax))
      .max(10)
      .optional()
      .describe('Only memories with all of these tags.'),
    from: day.optional().describe('Only memories on or after this day (YYYY-MM-DD).'),
    to: day.optional().describe('Only memories on or before this day (YYYY-MM-DD).'),
    savedFrom: day
      .optional()
      .describe(
        'Only memories saved (written down) on or after this day, whatever day they are about: "what did I save this week?".',
      ),
    savedTo: day.optional().describe('Only memories saved on or before this day.'),
  }),
  create_memory: z.object({
    text: z
      .string()
      .min(1)
      .max(MEMORY_LIMITS.textMax)
      .describe('What to remember, as one clear sentence in the user’s words.'),
    tags: z
      .array(z.string().max(MEMORY_LIMITS.tagMax))
      .max(MEMORY_LIMITS.tagsMax)
      .optional()
      .describe('A few short topic tags, e.g. ["family"]. Hashtags the user wrote become tags.'),
    date: day
      .nullable()
      .optional()
      .describe(
        'The day the memory is about (YYYY-MM-DD), e.g. the birthday or appointment day; today for something to do with no day named; null for a fact about no particular day (a phone number, an idea); omitted means today.',
      ),
  }),
  get_weather: z.object({
    date: day
      .optional()
      .describe('The day (YYYY-MM-DD); omitted means today. Forecasts reach 15 days ahead.'),
    place: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'A city or place by name, for the weather somewhere else; omitted means where the user will be (their weather location, or their vacation location on its days).',
      ),
  }),
  get_calendar_events: z.object({
    from: day.describe('First day (YYYY-MM-DD), inclusive.'),
    to: day.describe(`Last day (YYYY-MM-DD), inclusive; at most ${MAX_CALENDAR_DAYS} days after from.`),
  }),
  update_memory: z.object({
    id: z.string().max(64).describe('The memory’s id, as search_memories gave it.'),
    text: z
      .string()
      .min(1)
      .max(MEMORY_LIMITS.textMax)
      .describe('The whole new text of the memory, with the correction made.'),
  }),
  delete_memory: z.object({
    id: z.string().max(64).describe('The memory’s id, as search_memories gave it.'),
  }),
  // Issue 31: as the MCP server's reminder tools (the same body and service).
  create_reminder: CreateReminderBody,
  list_reminders: z.object({ status: ReminderStatus.optional().describe('Default: scheduled.') }),
  cancel_reminder: z.object({
    id: z.string().max(64).describe("The reminder's id, as list_reminders gave it."),
  }),
} satisfies Record<AssistantTool, z.ZodType>

export const toolDescriptions: Record<AssistantTool, string> = {
  search_memories:
    'Search the user’s saved memories (notes about people, plans, dates, places). Returns the best matches with their dates and tags. Use it before answering any question about the user’s life, and try other words when nothing is found.',
  create_memory:
    'Save a new memory for the user. Only when the user asks you to remember, note or save something. Put the day it is about in `date`.',
  get_weather:
    'The weather forecast for a day at the place the user will be (their vacation location during a vacation, otherwise their home location), or at a place named.',
  get_calendar_events:
    'The events in the user’s calendars between two days (inclusive), in the user’s time zone.',
  update_memory:
    'Propose a correction of one of the user’s memories (find it with search_memories first). Nothing changes until the user presses Apply under your answer: say that you proposed it, not that it is done.',
  delete_memory:
    'Propose deleting one of the user’s memories, when they ask to forget or delete it (find it with search_memories first). Nothing is deleted until the user presses Delete under your answer: say that you proposed it.',
  create_reminder:
    "Remind the user of something at a time: Remi notifies them then (in the app, on their devices, by e-mail if they chose it). dueAt is an ISO date-time with its offset, in the user's time zone unless said otherwise; recurrence an RRULE such as FREQ=WEEKLY;BYDAY=MO. Tell the user exactly when.",
  list_reminders:
    "The user's reminders, soonest first for scheduled ones (the default), or those sent, done or cancelled.",
  cancel_reminder: 'Cancel one of the user’s reminders (by the id list_reminders gave).',
}

export type SearchMemoriesInput = z.input<typeof toolInputSchemas.search_memories>
export type CreateMemoryInput = z.input<typeof toolInputSchemas.create_memory>
export type GetWeatherInput = z.input<typeof toolInputSchemas.get_weather>
export type GetCalendarEventsInput = z.input<typeof toolInputSchemas.get_calendar_events>
export type UpdateMemoryInput = z.input<typeof toolInputSchemas.update_memory>
export type DeleteMemoryInput = z.input<typeof toolInputSchemas.delete_memory>
/** A proposal waits for the person: the memory as it is and what would change. */
export type ProposeOutput =
  { proposed: 'update' | 'delete'; memory: ToolMemory; newText?: string; note: string } | ToolError

/** A memory as a tool gives it. */
export interface ToolMemory {
  id: string
  text: string
  date: string | null
  tags: string[]
}

/** A source that is off, not set up, or failing: a short sentence for the model or the person. */
export interface ToolError {
  error: string
  /** The source is turned off or not set up (rather than failing). */
  off?: true
}

export type SearchMemoriesOutput = { query: string; memories: ToolMemory[] } | ToolError
export type CreateMemoryOutput = { saved: ToolMemory } | ToolError
export type GetWeatherOutput =
  | {
      date: string
      place: string
      onVacation: boolean
      summary: string
      now: { temperature: number; feelsLike: number | null; description: string } | null
      day: {
        description: string
        temperatureMin: number
        temperatureMax: number
        precipitationProbability: number | null
        /** Local time at the place, '07:38'. */
        sunrise: string | null
        sunset: string | null
      } | null
      /** The following days, for "this week" questions. */
      nextDays: Array<{
        date: string
        description: string
        temperatureMin: number
        temperatureMax: number
        precipitationProbability: number | null
      }>
      temperatureUnit: string
    }
  | ToolError
export interface ToolEvent {
  title: string
  /** "09:00–09:30" in the user's zone, or "all day". */
  time: string
  day: string
  start: string
  end: string
  allDay: boolean
  location: string | null
  calendar: string
}
export type GetCalendarEventsOutput =
  { from: string; to: string; timeZone: string; events: ToolEvent[]; problems: string[] } | ToolError

export const isToolError = (value: unknown): value is ToolError =>
  typeof value === 'object' && value !== null && 'error' in value

export interface AssistantToolsOptions {
  /** Told when a tool starts and finishes (the chat's `activity` events). */
  onEvent?: ((event: AssistantEvent) => void) | undefined
  now?: () => Date
  /** Told of unexpected failures (a tool still answers with a short error). */
  onUnexpectedError?: ((tool: AssistantTool, error: unknown) => void) | undefined
  /** The chat's conversation: proposals are shown under its answer and lapse with its next message. */
  conversationId?: string | undefined
}

const toToolMemory = (m: Memory): ToolMemory => ({
  id: m.id,
  text: m.text.length > TEXT_FOR_MODEL ? `${m.text.slice(0, TEXT_FOR_MODEL)}…` : m.text,
  date: m.date,
  tags: m.tags,
})

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0]
  if (!issue) return 'The request was not valid.'
  const path = issue.path.join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}

/**
 * The input schemas as AI SDK schemas, made once: each keeps its JSON Schema after the first turn, where
 * the bare zod schemas were converted again on every turn (~1.5 ms of this thread per answer).
 */
const aiInputSchemas = {
  search_memories: zodSchema(toolInputSchemas.search_memories),
  create_memory: zodSchema(toolInputSchemas.create_memory),
  get_weather: zodSchema(toolInputSchemas.get_weather),
  get_calendar_events: zodSchema(toolInputSchemas.get_calendar_events),
  update_memory: zodSchema(toolInputSchemas.update_memory),
  delete_memory: zodSchema(toolInputSchemas.delete_memory),
  create_reminder: zodSchema(toolInputSchemas.create_reminder),
  list_reminders: zodSchema(toolInputSchemas.list_reminders),
  cancel_reminder: zodSchema(toolInputSchemas.cancel_reminder),
}

/**
 * The assistant's four tools for one user, as plain async functions (the offline assistant, context
 * mode, the MCP server) and as AI SDK tools (`aiTools()`). Every call is recorded: the memories found
 * or saved become citations, the call an activity line ("Searched memories for 'Ana'") and a call with
 * its arguments. A source that is off or failing gives `{ error }`, never an exception.
 */
export function createAssistantTools(
  services: AssistantServices,
  userId: string,
  options: AssistantToolsOptions = {},
) {
  const now = options.now ?? (() => new Date())
  const citations: Citation[] = []
  const activity: Activity[] = []
  const calls: Array<{ tool: AssistantTool; args: unknown }> = []
  const created: Memory[] = []
  const proposed: MemoryProposal[] = []
  let zone: Promise<string> | undefined
  const timeZone = () => (zone ??= services.users.timezoneOf(userId))

  function cite(memories: Array<Pick<Memory, 'id' | 'text' | 'date'>>) {
    for (const m of memories) {
      if (citations.some((c) => c.id === m.id)) continue
      citations.push({ id: m.id, excerpt: excerpt(m.text), date: m.date })
    }
  }

  /** Runs one call: records it, reports start and finish, and turns any throw into a short error. */
  async function run<T extends object>(
    name: AssistantTool,
    args: unknown,
    summary: string,
    call: () => Promise<T | ToolError>,
    done: (result: T) => Partial<Activity> = () => ({}),
    failed: string = summary,
    /** A look the user did not ask for: when its source is off, it leaves no call and no activity. */
    unasked = false,
  ): Promise<T | ToolError> {
    const start = () => {
      calls.push({ tool: name, args })
      options.onEvent?.({ type: 'activity', status: 'started', activity: { tool: name, summary } })
    }
    if (!unasked) start()
    let result: T | ToolError
    try {
      result = await call()
    } catch (error) {
      options.onUnexpectedError?.(name, error)
      result = { error: 'Something went wrong on the server; try again in a moment.' }
    }
    if (unasked) {
      if (isToolError(result) && result.off) return result
      start()
    }
    const line: Activity = isToolError(result)
      ? { tool: name, summary: `${failed}: ${result.error}` }
      : { tool: name, summary, ...done(result) }
    activity.push(line)
    options.onEvent?.({ type: 'activity', status: 'finished', activity: line })
    return result
  }

  /**
   * `names`: the names among the query's words, when the query is not the user's own sentence.
   * `newestSaved`: the ones saved last first ("what's new?"), not the list's order by day. `limit`: more
   * than a model is given, for an offline answer that sorts them itself (every birthday).
   */
  async function searchMemories(
    input: SearchMemoriesInput,
    {
      names,
      newestSaved,
      limit = SEARCH_LIMIT,
    }: { names?: string[]; newestSaved?: boolean; limit?: number } = {},
  ): Promise<SearchMemoriesOutput> {
    const parsed = toolInputSchemas.search_memories.safeParse(input)
    const query = typeof input?.query === 'string' ? input.query.trim() : ''
    const { tags, from, to, savedFrom, savedTo } = parsed.success ? parsed.data : {}
    const tagged = tags?.length ? tags.map((t) => `#${t}`).join(' ') : ''
    const today = async () => todayIn(await timeZone(), now())
    let summary = query
      ? `Searched memories for '${excerpt(query, 60)}'${tagged ? ` tagged ${tagged}` : ''}`
      : tagged
        ? `Looked for memories tagged ${tagged}`
        : newestSaved
          ? 'Looked through the memories saved most recently'
          : 'Looked through recent memories'
    if (!query && from && to && from <= to) {
      summary = `Looked for memories dated ${describeRange(from, to, await today())}`
    }
    const savedInverted = Boolean(savedFrom && savedTo && savedFrom > savedTo)
    if ((savedFrom || savedTo) && !savedInverted) {
      const saved = `saved ${savedSpan(savedFrom, savedTo, await today())}`
      summary =
        summary === 'Looked through recent memories' ? `Looked for memories ${saved}` : `${summary}, ${saved}`
    }
    return run<{ query: string; memories: ToolMemory[] }>('search_memories', input, summary, async () => {
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      if (from && to && from > to) return { error: 'from must not be after to.' }
      if (savedInverted) return { error: 'savedFrom must not be after savedTo.' }
      const found = await services.recall.find(userId, {
        query,
        now: now(),
        tags,
        from,
        to,
        saved: { from: savedFrom, to: savedTo },
        names,
        newestSaved,
        limit,
      })
      cite(found)
      return { query, memories: found.map(toToolMemory) }
    })
  }

  async function createMemory(input: CreateMemoryInput): Promise<CreateMemoryOutput> {
    return run<{ saved: ToolMemory }>(
      'create_memory',
      input,
      'Saved a memory',
      async () => {
        const parsed = CreateMemoryBody.safeParse({
          text: input?.text,
          tags: input?.tags ?? [],
          ...(input?.date !== undefined ? { date: input.date } : {}),
        })
        if (!parsed.success) return { error: firstIssue(parsed.error) }
        const memory = await services.memories.create(userId, parsed.data)
        created.push(memory)
        cite([memory])
        return { saved: toToolMemory(memory) }
      },
      (result) => ({ memoryId: result.saved.id }),
      'Could not save the memory',
    )
  }

  async function getWeather(input: GetWeatherInput = {}): Promise<GetWeatherOutput> {
    const parsed = toolInputSchemas.get_weather.safeParse(input ?? {})
    const today = todayIn(await timeZone(), now())
    const asked = parsed.success ? (parsed.data.date ?? today) : today
    const place = parsed.success ? parsed.data.place : undefined
    const what = `the weather for ${relativeDay(asked, today)}${place ? ` in ${excerpt(place, 60)}` : ''}`
    return run<Exclude<GetWeatherOutput, ToolError>>(
      'get_weather',
      input ?? {},
      `Checked ${what}`,
      async () => {
        if (!parsed.success) return { error: firstIssue(parsed.error) }
        const forecast = await services.weather.forecastFor(userId, asked, { place })
        if (!forecast.ok) return { error: forecast.message }
        const round = (n: number) => Math.round(n * 10) / 10
        return {
          date: forecast.date,
          place: forecast.place.name,
          onVacation: forecast.onVacation,
          summary: forecast.summary,
          now: forecast.current
            ? {
                temperature: round(forecast.current.temperature),
                feelsLike:
                  forecast.current.apparentTemperature === null
                    ? null
                    : round(forecast.current.apparentTemperature),
                description: forecast.current.description,
              }
            : null,
          day: forecast.day
            ? {
                description: forecast.day.description,
                temperatureMin: round(forecast.day.temperatureMin),
                temperatureMax: round(forecast.day.temperatureMax),
                precipitationProbability: forecast.day.precipitationProbability,
                sunrise: forecast.day.sunrise,
                sunset: forecast.day.sunset,
              }
            : null,
          nextDays: forecast.days
            .filter((d) => d.date > forecast.date)
            .slice(0, 6)
            .map((d) => ({
              date: d.date,
              description: d.description,
              temperatureMin: round(d.temperatureMin),
              temperatureMax: round(d.temperatureMax),
              precipitationProbability: d.precipitationProbability,
            })),
          temperatureUnit: forecast.units.temperature,
        }
      },
      undefined,
      `Could not check ${what}`,
    )
  }

  /** `unasked`: a look the offline assistant takes on its own, silent when the calendar is off. */
  async function getCalendarEvents(
    input: GetCalendarEventsInput,
    { unasked = false } = {},
  ): Promise<GetCalendarEventsOutput> {
    const parsed = toolInputSchemas.get_calendar_events.safeParse(input ?? {})
    const zoneName = await timeZone()
    const today = todayIn(zoneName, now())
    const from = parsed.success ? parsed.data.from : today
    const to = parsed.success ? parsed.data.to : today
    const range = from <= to ? describeRange(from, to, today) : relativeDay(from, today)
    return run<Exclude<GetCalendarEventsOutput, ToolError>>(
      'get_calendar_events',
      input ?? {},
      `Looked at your calendar for ${range}`,
      async () => {
        if (!parsed.success) return { error: firstIssue(parsed.error) }
        if (from > to) return { error: 'from must not be after to.' }
        if (daysBetween(from, to) >= MAX_CALENDAR_DAYS) {
          return { error: `Ask for at most ${MAX_CALENDAR_DAYS} days at a time.` }
        }
        const result = await services.calendar.eventsBetween(
          userId,
          dayBounds(from, zoneName).start,
          dayBounds(to, zoneName).end,
        )
        if (!result.ok) {
          return result.reason === 'failed' ? { error: result.message } : { error: result.message, off: true }
        }
        const events = result.events.slice(0, MAX_EVENTS).map((e): ToolEvent => {
          const eventDay = e.allDay ? e.start.slice(0, 10) : todayIn(zoneName, new Date(e.start))
          return {
            title: e.title,
            time: e.allDay ? 'all day' : `${formatTime(e.start, zoneName)}–${formatTime(e.end, zoneName)}`,
            day: eventDay < from ? from : eventDay,
            start: e.start,
            end: e.end,
            allDay: e.allDay,
            location: e.location,
            calendar: e.calendar,
          }
        })
        return { from, to, timeZone: zoneName, events, problems: result.errors }
      },
      undefined,
      `Could not read your calendar for ${range}`,
      unasked,
    )
  }

  /**
   * update_memory and delete_memory: a proposal stored for the person to apply or keep; nothing changes
   * here. A private memory, another user's or an unknown id is "not found".
   */
  async function propose(
    kind: 'update' | 'delete',
    input: UpdateMemoryInput | DeleteMemoryInput,
  ): Promise<ProposeOutput> {
    const name = kind === 'update' ? 'update_memory' : 'delete_memory'
    return run<Exclude<ProposeOutput, ToolError>>(
      name,
      input,
      kind === 'update' ? 'Proposed a change to a memory' : 'Proposed deleting a memory',
      async () => {
        const parsed = toolInputSchemas[name].safeParse(input ?? {})
        if (!parsed.success) return { error: firstIssue(parsed.error) }
        if (!services.proposals) return { error: 'Memories cannot be changed from here.' }
        const id = parsed.data.id.trim().toLowerCase()
        if (!z.uuid().safeParse(id).success) return { error: 'No memory has that id.' }
        const memory = await services.memories.get(userId, id, { hidePrivate: true }).catch(() => null)
        if (!memory) return { error: 'No memory has that id.' }
        const text =
          'text' in parsed.data && typeof parsed.data.text === 'string' ? parsed.data.text.trim() : undefined
        const proposal = await services.proposals.propose(userId, {
          conversationId: options.conversationId,
          kind,
          memoryId: memory.id,
          before: memory.text,
          text: text ?? null,
          tags: memory.tags,
          date: memory.date,
        })
        proposed.push(proposal)
        return {
          proposed: kind,
          memory: toToolMemory(memory),
          ...(text ? { newText: text } : {}),
          note: 'Not changed yet: the user sees Apply and Keep under your answer.',
        }
      },
      (result) => ({ memoryId: result.memory.id }),
      kind === 'update' ? 'Could not propose the change' : 'Could not propose deleting it',
    )
  }
  /** A fact told but not saved: a "Save as memory" button under the answer (a proposal to create it). */
  async function proposeSave(text: string): Promise<MemoryProposal | null> {
    const parsed = CreateMemoryBody.safeParse({ text, tags: [] })
    if (!parsed.success || !services.proposals) return null
    const proposal = await services.proposals.propose(userId, {
      conversationId: options.conversationId,
      kind: 'create',
      memoryId: null,
      before: null,
      text: parsed.data.text,
      tags: [],
      date: null,
    })
    proposed.push(proposal)
    return proposal
  }
  const updateMemory = (input: UpdateMemoryInput) => propose('update', input)
  const deleteMemory = (input: DeleteMemoryInput) => propose('delete', input)

  /** create_reminder, list_reminders, cancel_reminder: the reminders service, as the MCP server's tools. */
  const reminders = () => services.reminders
  const NO_REMINDERS = { error: 'Reminders are not available here.' }
  /** The service's refusals (a time in the past, another user's id) are the tool's answer, as on MCP. */
  const refused = <T>(call: Promise<T>) =>
    call.catch((error: unknown) => {
      if (error instanceof AppError) return { error: error.message }
      throw error
    })
  const createReminder = (input: unknown) =>
    run<{ reminder: Reminder }>('create_reminder', input, 'Set a reminder', async () => {
      const parsed = toolInputSchemas.create_reminder.safeParse(input ?? {})
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      const service = reminders()
      if (!service) return NO_REMINDERS
      return refused(service.create(userId, parsed.data).then((reminder) => ({ reminder })))
    })
  const listReminders = (input: unknown) =>
    run<{ reminders: Reminder[] }>('list_reminders', input, 'Listed the reminders', async () => {
      const parsed = toolInputSchemas.list_reminders.safeParse(input ?? {})
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      const service = reminders()
      if (!service) return NO_REMINDERS
      return {
        reminders: await service.list(userId, { status: parsed.data.status ?? 'scheduled', limit: 100 }),
      }
    })
  const cancelReminder = (input: unknown) =>
    run<{ reminder: Reminder }>('cancel_reminder', input, 'Cancelled a reminder', async () => {
      const parsed = toolInputSchemas.cancel_reminder.safeParse(input ?? {})
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      const service = reminders()
      if (!service) return NO_REMINDERS
      const id = parsed.data.id.trim().toLowerCase()
      if (!z.uuid().safeParse(id).success) return { error: 'Reminder not found.' }
      return refused(service.patch(userId, id, { status: 'cancelled' }).then((reminder) => ({ reminder })))
    })

  /** The same tools for the AI SDK (tools mode). */
  function aiTools() {
    return {
      search_memories: tool({
        description: toolDescriptions.search_memories,
        inputSchema: aiInputSchemas.search_memories,
        execute: (input) => searchMemories(input),
      }),
      create_memory: tool({
        description: toolDescriptions.create_memory,
        inputSchema: aiInputSchemas.create_memory,
        execute: (input) => createMemory(input),
      }),
      get_weather: tool({
        description: toolDescriptions.get_weather,
        inputSchema: aiInputSchemas.get_weather,
        execute: (input) => getWeather(input),
      }),
      get_calendar_events: tool({
        description: toolDescriptions.get_calendar_events,
        inputSchema: aiInputSchemas.get_calendar_events,
        execute: (input) => getCalendarEvents(input),
      }),
      update_memory: tool({
        description: toolDescriptions.update_memory,
        inputSchema: aiInputSchemas.update_memory,
        execute: (input) => updateMemory(input),
      }),
      delete_memory: tool({
        description: toolDescriptions.delete_memory,
        inputSchema: aiInputSchemas.delete_memory,
        execute: (input) => deleteMemory(input),
      }),
      create_reminder: tool({
        description: toolDescriptions.create_reminder,
        inputSchema: aiInputSchemas.create_reminder,
        execute: (input) => createReminder(input),
      }),
      list_reminders: tool({
        description: toolDescriptions.list_reminders,
        inputSchema: aiInputSchemas.list_reminders,
        execute: (input) => listReminders(input),
      }),
      cancel_reminder: tool({
        description: toolDescriptions.cancel_reminder,
        inputSchema: aiInputSchemas.cancel_reminder,
        execute: (input) => cancelReminder(input),
      }),
    } satisfies ToolSet
  }

  return {
    searchMemories,
    createMemory,
    getWeather,
    getCalendarEvents,
    updateMemory,
    deleteMemory,
    createReminder,
    listReminders,
    cancelReminder,
    proposeSave,
    aiTools,
    /** Cites memories the answer was given without a tool call (the prompt's memories). */
    cite,
    timeZone,
    /** What the calls so far found, did and were asked (live arrays, in call order). */
    citations: citations as readonly Citation[],
    activity: activity as readonly Activity[],
    calls: calls as ReadonlyArray<{ tool: AssistantTool; args: unknown }>,
    /** Memories saved by create_memory during this answer. */
    created: created as readonly Memory[],
    /** Changes proposed during this answer (update_memory, delete_memory, the offline assistant). */
    proposed: proposed as readonly MemoryProposal[],
  }
}
export type AssistantTools = ReturnType<typeof createAssistantTools>
