import { getJson } from '../http.ts'
import { explainCalendarError, MAX_PAGES, type AccountCalendarApi, type CalendarEvent } from './types.ts'

interface GoogleCalendarListEntry {
  id: string
  summary?: string
  summaryOverride?: string
  primary?: boolean
}

interface GoogleEventTime {
  date?: string
  dateTime?: string
  timeZone?: string
}

interface GoogleEvent {
  id: string
  status?: string
  summary?: string
  location?: string
  start?: GoogleEventTime
  end?: GoogleEventTime
}

interface GooglePage<T> {
  items?: T[]
  nextPageToken?: string
}

const SERVICE = 'Google Calendar'

/** Google Calendar API v3 over fetch (calendarList.list, events.list with singleEvents). */
export function createGoogleCalendar(baseUrl: string): AccountCalendarApi {
  const base = baseUrl.replace(/\/+$/, '')

  async function pages<T>(path: string, params: Record<string, string>, accessToken: string): Promise<T[]> {
    const items: T[] = []
    let pageToken: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL(`${base}${path}`)
      url.search = new URLSearchParams({ ...params, ...(pageToken ? { pageToken } : {}) }).toString()
      const body = await call<GooglePage<T>>(url, accessToken)
      items.push(...(body.items ?? []))
      pageToken = body.nextPageToken
      if (!pageToken) break
    }
    return items
  }

  return {
    providerName: 'Google',
    async listCalendars(accessToken) {
      const entries = await pages<GoogleCalendarListEntry>(
        '/users/me/calendarList',
        { maxResults: '250' },
        accessToken,
      )
      return entries.map((c) => ({
        id: c.id,
        name: c.summaryOverride ?? c.summary ?? c.id,
        primary: c.primary === true,
      }))
    },

    async events(accessToken, calendar, range) {
      const items = await pages<GoogleEvent>(
        `/calendars/${encodeURIComponent(calendar.id)}/events`,
        {
          timeMin: range.from.toISOString(),
          timeMax: range.to.toISOString(),
          singleEvents: 'true',
          orderBy: 'startTime',
          maxResults: '250',
        },
        accessToken,
      )
      return items.flatMap((e): CalendarEvent[] => {
        if (e.status === 'cancelled' || !e.start || !e.end) return []
        const allDay = Boolean(e.start.date)
        const start = allDay ? e.start.date : e.start.dateTime && new Date(e.start.dateTime).toISOString()
        const end = allDay ? e.end.date : e.end.dateTime && new Date(e.end.dateTime).toISOString()
        if (!start || !end) return []
        return [
          {
            id: e.id,
            title: e.summary ?? '(no title)',
            start,
            end,
            allDay,
            location: e.location ?? null,
            calendar: calendar.name,
          },
        ]
      })
    },
  }
}

async function call<T>(url: URL, accessToken: string): Promise<T> {
  try {
    return await getJson<T>(url, { service: SERVICE, headers: { authorization: `Bearer ${accessToken}` } })
  } catch (error) {
    throw explainCalendarError(error, 'Google', 'Google')
  }
}
