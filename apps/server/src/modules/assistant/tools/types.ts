import type { Memory } from '@remi/shared'
import type { UsersService } from '../../auth/index.ts'
import type { DashboardService } from '../../dashboard/index.ts'
import type { CalendarService, WeatherService } from '../../datasources/index.ts'
import type { MemoriesService } from '../../memories/index.ts'
import type { ProposalsService } from '../../proposals/index.ts'
import type { RecallService } from '../../recall/index.ts'
import type { RemindersService } from '../../reminders/index.ts'

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
