import { z } from 'zod'
import { getJson } from '../http.ts'
import { explainCalendarError, MAX_PAGES, type AccountCalendarApi, type CalendarEvent } from './types.ts'

// What the adapter reads of Google's answers: checked, so another shape is "could not read", not a crash.
const GoogleCalendarListEntry = z.object({
  id: z.string(),
  summary: z.string().optional(),
  summaryOverride: z.string().optional(),
  primary: z.boolean().optional(),
})

const GoogleEventTime = z.object({
  date: z.string().optional(),
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
})

const GoogleEvent = z.object({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  location: z.string().optional(),
  start: GoogleEventTime.optional(),
  end: GoogleEventTime.optional(),
})

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item).optional(), nextPageToken: z.string().optional() })

const SERVICE = 'Google Calendar'

/** Google Calendar API v3 over fetch (calendarList.list, events.list with singleEvents). */
export function createGoogleCalendar(baseUrl: string): AccountCalendarApi {
  const base = baseUrl.replace(/\/+$/, '')

  async function pages<T extends z.ZodType>(
    item: T,
    path: string,
    params: Record<string, string>,
    accessToken: string,
  ): Promise<z.infer<T>[]> {
    const items: z.infer<T>[] = []
    const schema = page(item)
    let pageToken: string | undefined
    for (let n = 0; n < MAX_PAGES; n++) {
      const url = new URL(`${base}${path}`)
      url.search = new URLSearchParams({ ...params, ...(pageToken ? { pageToken } : {}) }).toString()
      const body = await call(url, schema, accessToken)
      items.push(...(body.items ?? []))
      pageToken = body.nextPageToken
      if (!pageToken) break
    }
    return items
  }

  return {
    providerName: 'Google',
    async listCalendars(accessToken) {
      const entries = await pages(
        GoogleCalendarListEntry,
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
      const items = await pages(
        GoogleEvent,
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

async function call<T>(url: URL, schema: z.ZodType<T>, accessToken: string): Promise<T> {
  try {
    return await getJson(url, {
      service: SERVICE,
      schema,
      headers: { authorization: `Bearer ${accessToken}` },
    })
  } catch (error) {
    throw explainCalendarError(error, 'Google', 'Google')
  }
}
