import {
  addDays,
  dayBounds,
  startOfLocalDay,
  todayIn,
  type AvailableOptions,
  type CalendarConfiguration,
} from '@remi/shared'
import { UpstreamError } from '../../integrations/http.ts'
import { IcsReadError, type IcsFeed } from '../../integrations/calendar/ics-feed.ts'
import type { AccountCalendarApi, CalendarEvent, TimeRange } from '../../integrations/calendar/types.ts'
import { SafeFetchError } from '../../integrations/safe-fetch.ts'
import type { AuthService, UsersService } from '../auth/index.ts'
import type { DataSourcesRepo } from './datasources.repo.ts'

export const CALENDAR_SCOPES = {
  google: 'https://www.googleapis.com/auth/calendar.readonly',
  microsoft: 'Calendars.Read',
}

export type EventsResult =
  | {
      ok: true
      /** Sorted by start; all-day events are placed at the start of their day in the user's time zone. */
      events: CalendarEvent[]
      /** Names of the calendars that answered. */
      calendars: string[]
      /** What failed when some (not all) calendars could not be read. */
      errors: string[]
    }
  | { ok: false; reason: 'disabled' | 'not_configured' | 'failed'; message: string }

export function createCalendarService(deps: {
  repo: DataSourcesRepo
  users: Pick<UsersService, 'timezoneOf'>
  auth: AuthService
  google: AccountCalendarApi
  microsoft: AccountCalendarApi
  ics: IcsFeed
}) {
  const { repo, users, auth } = deps

  async function account(userId: string) {
    const access = await auth.providerAccess(userId, CALENDAR_SCOPES)
    if (!access.ok) return access
    return { ...access, api: access.provider === 'google' ? deps.google : deps.microsoft }
  }

  /** The calendars of the account the user signed in with, or why they cannot be listed (never throws for that). */
  async function availableOptions(userId: string): Promise<AvailableOptions> {
    const access = await account(userId)
    if (!access.ok) return { calendars: [], error: access.error }
    try {
      const calendars = await access.api.listCalendars(access.accessToken)
      return { calendars: calendars.map(({ id, name }) => ({ id, name })) }
    } catch (error) {
      if (error instanceof UpstreamError) return { calendars: [], error: error.message }
      throw error
    }
  }

  async function eventsFor(
    userId: string,
    config: CalendarConfiguration,
    range: TimeRange,
  ): Promise<EventsResult> {
    if (!config.calendarId && !config.icsUrl) {
      return { ok: false, reason: 'not_configured', message: 'Choose a calendar or add an ICS link first.' }
    }
    const timeZone = await users.timezoneOf(userId)
    let events: CalendarEvent[] = []
    const calendars: string[] = []
    const errors: string[] = []

    if (config.calendarId) {
      const access = await account(userId)
      if (!access.ok) errors.push(access.error)
      else {
        const name = config.calendarName || 'your calendar'
        try {
          // concat, not push(...): a spread of many thousands of events overflows the call stack.
          events = events.concat(
            await access.api.events(access.accessToken, { id: config.calendarId, name }, range),
          )
          calendars.push(name)
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error
          errors.push(error.message)
        }
      }
    }
    if (config.icsUrl) {
      try {
        const feed = await deps.ics.load(config.icsUrl, range, userId)
        events = events.concat(feed.events)
        calendars.push(feed.name ?? 'your ICS calendar')
        errors.push(...feed.problems)
      } catch (error) {
        if (error instanceof IcsReadError) errors.push(error.message)
        else if (error instanceof SafeFetchError)
          errors.push(`The ICS calendar could not be loaded: ${error.message}`)
        else throw error
      }
    }
    if (calendars.length === 0) return { ok: false, reason: 'failed', message: errors.join(' ') }

    const placed = events
      .flatMap((event) => {
        const span = instants(event, timeZone)
        return span ? [{ event, ...span }] : []
      })
      .filter(
        ({ start, end }) =>
          start < range.to &&
          (end > range.from || (end.getTime() === start.getTime() && start >= range.from)),
      )
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.event.title.localeCompare(b.event.title))
    return { ok: true, events: placed.map((p) => p.event), calendars, errors }
  }

  /** Events of the user's chosen calendars that overlap [from, to), when the calendar source is on. */
  async function eventsBetween(userId: string, from: Date, to: Date): Promise<EventsResult> {
    const stored = await repo.calendar.find(userId)
    if (!stored?.isEnabled) {
      return {
        ok: false,
        reason: 'disabled',
        message: 'The calendar data source is turned off; turn it on under Data Sources.',
      }
    }
    return eventsFor(userId, stored.configuration, { from, to })
  }

  /** Today's events in the user's time zone, whether or not the source is switched on (for the connection test). */
  async function eventsToday(userId: string, config: CalendarConfiguration): Promise<EventsResult> {
    const timeZone = await users.timezoneOf(userId)
    const { start, end } = dayBounds(todayIn(timeZone), timeZone)
    return eventsFor(userId, config, { from: start, to: end })
  }

  /** The display name of one of the account's calendars, when the client did not send it. */
  async function calendarName(userId: string, calendarId: string): Promise<string | null> {
    const options = await availableOptions(userId)
    return options.calendars.find((c) => c.id === calendarId)?.name ?? null
  }

  return { availableOptions, eventsBetween, eventsToday, calendarName }
}
export type CalendarService = ReturnType<typeof createCalendarService>

/** Where an event lies in time; null for one whose dates cannot be read (it is left out, never a 500). */
function instants(event: CalendarEvent, timeZone: string): { start: Date; end: Date } | null {
  try {
    if (!event.allDay) {
      const span = { start: new Date(event.start), end: new Date(event.end) }
      return Number.isNaN(span.start.getTime()) || Number.isNaN(span.end.getTime()) ? null : span
    }
    const start = startOfLocalDay(event.start, timeZone)
    const lastDay = event.end > event.start ? event.end : addDays(event.start, 1)
    return { start, end: startOfLocalDay(lastDay, timeZone) }
  } catch {
    return null
  }
}
