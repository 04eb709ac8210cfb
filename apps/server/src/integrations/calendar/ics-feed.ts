import { addDays } from '@remi/shared'
import type NodeIcal from 'node-ical'
import type { CalendarResponse, ParameterValue, VEvent } from 'node-ical'
import { SafeFetchError, type SafeFetch } from '../safe-fetch.ts'
import type { CalendarEvent, TimeRange } from './types.ts'

export interface IcsCalendar {
  /** X-WR-CALNAME when the feed has one. */
  name: string | null
  events: CalendarEvent[]
}

export interface IcsFeed {
  /** Fetches the feed (SSRF-guarded) and expands recurring events inside the range. Throws SafeFetchError. */
  load(url: string, range: TimeRange): Promise<IcsCalendar>
}

const DAY_MS = 24 * 60 * 60 * 1000

export function createIcsFeed(safeFetch: SafeFetch): IcsFeed {
  return {
    async load(url, range) {
      const { text } = await safeFetch.fetchText(httpUrl(url), 'text/calendar, text/plain;q=0.9, */*;q=0.1')
      if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 4096))) {
        throw new SafeFetchError('http_status', 'The link did not return a calendar (ICS) file.')
      }
      // Loaded on the first feed read, not at start-up: most installations never read one.
      const { default: ical } = await import('node-ical')
      let data: CalendarResponse
      try {
        data = await ical.async.parseICS(text)
      } catch {
        throw new SafeFetchError('http_status', 'The calendar file could not be read.')
      }
      const name = data.vcalendar?.['WR-CALNAME']?.trim() || null
      return { name, events: expand(ical, data, range, name ?? 'ICS calendar') }
    },
  }
}

/** Calendar apps publish their links as webcal://, which is https underneath. */
export function httpUrl(url: string): string {
  return url.replace(/^webcals?:\/\//i, 'https://')
}

function expand(
  ical: typeof NodeIcal,
  data: CalendarResponse,
  range: TimeRange,
  calendarName: string,
): CalendarEvent[] {
  // All-day dates are placed at the server's local midnight by node-ical; widen the window by a day
  // on both sides and let the caller cut it in the user's time zone.
  const from = new Date(range.from.getTime() - DAY_MS)
  const to = new Date(range.to.getTime() + DAY_MS)
  const events: CalendarEvent[] = []
  for (const component of Object.values(data)) {
    if (!component || component.type !== 'VEVENT') continue
    const event = component as VEvent
    if (!event.start || event.status === 'CANCELLED') continue
    const instances = ical.expandRecurringEvent(event, { from, to, expandOngoing: true })
    for (const instance of instances) {
      if (instance.event.status === 'CANCELLED') continue
      const allDay = instance.isFullDay
      let start: string
      let end: string
      if (allDay) {
        start = localDay(instance.start)
        // A DATE without a later DTEND lasts that one day (RFC 5545 §3.6.1).
        const last = instance.end ? localDay(instance.end) : start
        end = last > start ? last : addDays(start, 1)
      } else {
        start = instance.start.toISOString()
        end = (instance.end && instance.end > instance.start ? instance.end : instance.start).toISOString()
      }
      events.push({
        id: `${event.uid}/${instance.start.toISOString()}`,
        title: text(instance.summary) || '(no title)',
        start,
        end,
        allDay,
        location: text(instance.event.location) || null,
        calendar: calendarName,
      })
    }
  }
  return events
}

function text(value: ParameterValue | undefined): string {
  if (!value) return ''
  return (typeof value === 'string' ? value : value.val).trim()
}

/** The calendar day of an all-day value, which node-ical builds at local midnight. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
