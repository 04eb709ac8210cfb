import { BRAND } from '../../config/brand.ts'
import { z } from 'zod'
import { getJson, UpstreamError } from '../http.ts'
import { explainCalendarError, MAX_PAGES, type AccountCalendarApi, type CalendarEvent } from './types.ts'

// What the adapter reads of Graph's answers: checked, so another shape is "could not read", not a crash.
const GraphCalendar = z.object({
  id: z.string(),
  name: z.string().optional(),
  isDefaultCalendar: z.boolean().optional(),
})

const GraphDateTime = z.object({ dateTime: z.string(), timeZone: z.string().optional() })
type GraphDateTime = z.infer<typeof GraphDateTime>

const GraphEvent = z.object({
  id: z.string(),
  subject: z.string().nullish(),
  isAllDay: z.boolean().optional(),
  isCancelled: z.boolean().optional(),
  start: GraphDateTime.optional(),
  end: GraphDateTime.optional(),
  location: z.object({ displayName: z.string().nullish() }).nullish(),
})

const page = <T extends z.ZodType>(item: T) =>
  z.object({ value: z.array(item).optional(), '@odata.nextLink': z.string().optional() })

const SERVICE = 'Microsoft Outlook'

/** Microsoft Graph v1.0 over fetch (me/calendars, me/calendars/{id}/calendarView), following @odata.nextLink. */
export function createMicrosoftGraph(baseUrl: string): AccountCalendarApi {
  const base = baseUrl.replace(/\/+$/, '')
  const origin = new URL(base).origin

  async function pages<T extends z.ZodType>(item: T, first: URL, accessToken: string): Promise<z.infer<T>[]> {
    const items: z.infer<T>[] = []
    const schema = page(item)
    let next: URL | undefined = first
    for (let n = 0; next && n < MAX_PAGES; n++) {
      const body: { value?: z.infer<T>[]; '@odata.nextLink'?: string } = await call(next, schema, accessToken)
      items.push(...(body.value ?? []))
      const link: string | undefined = body['@odata.nextLink']
      next = link ? new URL(link, base) : undefined
      // The access token only ever goes to the configured Graph host.
      if (next && next.origin !== origin) {
        throw new UpstreamError(
          null,
          `${SERVICE} sent a paging link to another host; ${BRAND} stopped there.`,
        )
      }
    }
    return items
  }

  return {
    providerName: 'Microsoft',
    async listCalendars(accessToken) {
      const url = new URL(`${base}/me/calendars`)
      url.search = new URLSearchParams({ $select: 'id,name,isDefaultCalendar', $top: '100' }).toString()
      const calendars = await pages(GraphCalendar, url, accessToken)
      return calendars.map((c) => ({ id: c.id, name: c.name ?? c.id, primary: c.isDefaultCalendar === true }))
    },

    async events(accessToken, calendar, range) {
      const url = new URL(`${base}/me/calendars/${encodeURIComponent(calendar.id)}/calendarView`)
      url.search = new URLSearchParams({
        startDateTime: range.from.toISOString(),
        endDateTime: range.to.toISOString(),
        $select: 'id,subject,isAllDay,isCancelled,start,end,location',
        $orderby: 'start/dateTime',
        $top: '100',
      }).toString()
      const events = await pages(GraphEvent, url, accessToken)
      return events.flatMap((e): CalendarEvent[] => {
        if (e.isCancelled || !e.start || !e.end) return []
        const allDay = e.isAllDay === true
        return [
          {
            id: e.id,
            title: e.subject || '(no title)',
            start: allDay ? e.start.dateTime.slice(0, 10) : graphInstant(e.start),
            end: allDay ? e.end.dateTime.slice(0, 10) : graphInstant(e.end),
            allDay,
            location: e.location?.displayName || null,
            calendar: calendar.name,
          },
        ]
      })
    },
  }
}

/** Graph answers in UTC (we ask with Prefer: outlook.timezone="UTC") without an offset: '2026-11-21T09:00:00.0000000'. */
function graphInstant(value: GraphDateTime): string {
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value.dateTime)
  return new Date(
    hasOffset ? value.dateTime : `${value.dateTime.replace(/(\.\d{3})\d*$/, '$1')}Z`,
  ).toISOString()
}

async function call<T>(url: URL, schema: z.ZodType<T>, accessToken: string): Promise<T> {
  try {
    return await getJson(url, {
      service: SERVICE,
      schema,
      headers: { authorization: `Bearer ${accessToken}`, prefer: 'outlook.timezone="UTC"' },
    })
  } catch (error) {
    throw explainCalendarError(error, 'Microsoft', 'Outlook')
  }
}
