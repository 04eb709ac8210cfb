import type {
  Automation,
  CreateAutomationBody,
  CreateMemoryBody,
  Language,
  Memory,
  MemoryChangedBy,
  MemoryFilters,
  MemoryList,
  MemoryProposal,
  MemoryTagCount,
  TodayFacts,
  UpdateMemoryBody,
} from '@remi/shared'
import type { z } from 'zod'
import type { UsersService } from '../../auth/index.ts'
import type { CalendarService, WeatherService } from '../../datasources/index.ts'
import type { RemindersService } from '../../reminders/index.ts'

/*
 * The tools' needs, declared here as the shapes they call (the services of memories, recall, dashboard
 * and proposals fit them): those modules import the assistant, so the tools do not import them back.
 */

/** Who reads: a model or an MCP client never gets a private memory, nor learns that it exists. */
export interface Reader {
  hidePrivate?: boolean | undefined
}
/** Inclusive days on which memories were saved, whatever day they are about. */
export interface SavedDays {
  from?: string | undefined
  to?: string | undefined
}
/** Memories looked up by words, tags and days (modules/memories' LookupFilters). */
export type MemoryLookup = Partial<MemoryFilters> & {
  saved?: SavedDays | undefined
  newestSaved?: boolean | undefined
}
/** Who changed a memory (its history): the person, the assistant, or an access token by its name. */
export interface ChangeAuthor {
  by: MemoryChangedBy
  name?: string | undefined
}

/** modules/memories, as the tools and the offline assistant call it. */
export interface ToolMemories {
  best(
    userId: string,
    filters: MemoryLookup & { anyOf?: string[]; names?: string[] },
    limit: number,
  ): Promise<Memory[]>
  create(userId: string, body: z.output<typeof CreateMemoryBody>, author?: ChangeAuthor): Promise<Memory>
  count(userId: string, filters: MemoryLookup): Promise<number>
  summary(
    userId: string,
    today?: string,
    reader?: Reader,
  ): Promise<{ totalMemories: number; recentMemories: number }>
  tags(userId: string, reader?: Reader): Promise<MemoryTagCount[]>
  get(userId: string, id: string, reader?: Reader): Promise<Memory>
}
/** ...and as the MCP server also lists, changes and deletes them. */
export interface McpMemories extends Pick<ToolMemories, 'create' | 'get' | 'tags'> {
  list(userId: string, filters: MemoryFilters, reader?: Reader): Promise<MemoryList>
  update(
    userId: string,
    id: string,
    body: z.output<typeof UpdateMemoryBody>,
    author?: ChangeAuthor,
  ): Promise<Memory>
  remove(userId: string, id: string, author?: ChangeAuthor): Promise<unknown>
}

/** modules/recall: the memories that answer a person's words. */
export interface ToolRecall {
  find(
    userId: string,
    request: {
      query: string
      tags?: string[] | undefined
      from?: string | undefined
      to?: string | undefined
      saved?: SavedDays | undefined
      names?: string[] | undefined
      newestSaved?: boolean | undefined
      limit?: number
      now?: Date | undefined
      timeZone?: string | undefined
      language?: Language | undefined
    },
  ): Promise<Array<Memory & { changedLater?: boolean }>>
}

/** modules/dashboard: the day's facts as the briefing tells them. */
export interface ToolDashboard {
  gatherTodayFacts(
    userId: string,
    options?: { now?: Date; log?: { warn: (obj: object, msg: string) => void } },
  ): Promise<TodayFacts>
}

/** modules/proposals: a change to a memory, stored for the person to apply or keep. */
export interface ToolProposals {
  propose(
    userId: string,
    input: {
      conversationId?: string | null | undefined
      kind: MemoryProposal['kind']
      memoryId: string | null
      before: string | null
      text: string | null
      tags: string[]
      date: string | null
    },
  ): Promise<MemoryProposal>
}

/** integrations/web-search: the web, when the server has a search provider; its errors are sentences. */
export interface ToolWeb {
  search(query: string, limit?: number): Promise<Array<{ title: string; url: string; snippet: string }>>
  readPage(url: string): Promise<{ url: string; title: string | null; text: string; truncated: boolean }>
}

/** One of the person's own MCP tools they turned on (issue 50), as the model is offered it. */
export interface OfferedTool {
  serverId: string
  serverName: string
  name: string
  description: string
  /** Marked read-only by its server: it runs at once; any other asks the person first. */
  readOnly: boolean
  inputSchema: Record<string, unknown>
}

/** modules/connected-tools: the person's MCP tools; its failures are McpClientError sentences. */
export interface ToolConnected {
  offered(userId: string): Promise<OfferedTool[]>
  call(
    userId: string,
    tool: OfferedTool,
    args: Record<string, unknown>,
  ): Promise<{ text: string; isError: boolean }>
  /** A new answer of the conversation is being written: the calls waiting under the last one lapse. */
  lapse(userId: string, conversationId: string): Promise<void>
  /** Stores the call for the person's Run or Cancel under the answer. */
  ask(
    userId: string,
    tool: OfferedTool,
    args: Record<string, unknown>,
    conversationId: string | undefined,
  ): Promise<{ id: string }>
}

/** The services the assistant's tools call: every call is scoped to one user. */
export interface AssistantServices {
  memories: ToolMemories
  weather: Pick<WeatherService, 'forecastFor'>
  calendar: Pick<CalendarService, 'eventsBetween'>
  users: Pick<UsersService, 'timezoneOf' | 'findById'>
  /** The day's facts as the briefing tells them ("brief me"). */
  dashboard: ToolDashboard
  /** The memories that answer a person's words (modules/recall). */
  recall: ToolRecall
  /** Stores update_memory's and delete_memory's proposals (the person applies or keeps them). */
  proposals?: ToolProposals | undefined
  /** Reminders the offline assistant makes, lists and cancels in words (issue 31). */
  reminders?: Pick<RemindersService, 'create' | 'list' | 'patch'> | undefined
  /** Web search and reading pages (issue 50): absent when no WEB_SEARCH_PROVIDER is set. */
  web?: ToolWeb | undefined
  /** Scheduled requests made in words (issue 50): create_automation and the offline assistant. */
  automations?: { create(userId: string, body: CreateAutomationBody): Promise<Automation> } | undefined
  /** The person's own MCP servers' tools (issue 50). */
  connected?: ToolConnected | undefined
}

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

export const isToolError = (value: unknown): value is ToolError =>
  typeof value === 'object' && value !== null && 'error' in value

const TEXT_FOR_MODEL = 1500

export const toToolMemory = (m: Memory): ToolMemory => ({
  id: m.id,
  text: m.text.length > TEXT_FOR_MODEL ? `${m.text.slice(0, TEXT_FOR_MODEL)}…` : m.text,
  date: m.date,
  tags: m.tags,
})

/** A proposal waits for the person: the memory as it is and what would change. */
export type ProposeOutput =
  { proposed: 'update' | 'delete'; memory: ToolMemory; newText?: string; note: string } | ToolError

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
