import { addDays, todayIn } from '@remi/shared'
import { listen, sendJson } from './listen.ts'

const compact = (day: string) => day.replaceAll('-', '')

/**
 * An iCalendar feed (RFC 5545) around `today`: a weekly stand-up at 09:00 UTC with one week cancelled
 * (EXDATE, today-7) and one week moved to 11:00 (RECURRENCE-ID, today+7), an all-day holiday today, and a
 * dentist appointment today at 15:00 Lisbon time. Today therefore has 3 events.
 */
export function buildIcs(today: string): string {
  const d = (offset: number) => compact(addDays(today, offset))
  const stamp = `${compact(today)}T000000Z`
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Remi tests//Fake ICS//EN',
    'CALSCALE:GREGORIAN',
    'X-WR-CALNAME:Family',
    'BEGIN:VEVENT',
    'UID:standup@remi.test',
    `DTSTAMP:${stamp}`,
    `DTSTART:${d(-14)}T090000Z`,
    `DTEND:${d(-14)}T093000Z`,
    'RRULE:FREQ=WEEKLY',
    `EXDATE:${d(-7)}T090000Z`,
    'SUMMARY:Team standup',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:standup@remi.test',
    `DTSTAMP:${stamp}`,
    `RECURRENCE-ID:${d(7)}T090000Z`,
    `DTSTART:${d(7)}T110000Z`,
    `DTEND:${d(7)}T113000Z`,
    'SUMMARY:Team standup (moved)',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:holiday@remi.test',
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${d(0)}`,
    `DTEND;VALUE=DATE:${d(1)}`,
    'SUMMARY:Company holiday',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:dentist@remi.test',
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=Europe/Lisbon:${d(0)}T150000`,
    `DTEND;TZID=Europe/Lisbon:${d(0)}T160000`,
    'SUMMARY:Dentist',
    'LOCATION:Rua Augusta 1\\, Lisbon',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

export interface IcsFake {
  origin: string
  /** The feed described by buildIcs, for today in UTC. */
  calendarUrl: string
  /** A URL that answers 302 to `target`. */
  redirectTo(target: string): string
  /** Redirects `hops` times before the feed. */
  redirectChain(hops: number): string
  /** 6 MB of calendar, streamed without a Content-Length. */
  largeUrl: string
  /** Answers the headers and then nothing more. */
  stalledUrl: string
  notCalendarUrl: string
  /** Declares 6 MB in Content-Length. */
  declaredLargeUrl: string
  /** Paths requested so far, to show a refused URL was never fetched. */
  requests: string[]
  close(): Promise<void>
}

export async function startIcsFake(): Promise<IcsFake> {
  const stalled = new Set<() => void>()
  const requests: string[] = []
  const running = await listen((request, response, url) => {
    requests.push(url.pathname)
    if (url.pathname === '/calendar.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' })
      return void response.end(buildIcs(todayIn('UTC')))
    }
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' })
      return void response.end()
    }
    const chain = url.pathname.match(/^\/chain\/(\d+)$/)
    if (chain) {
      const left = Number(chain[1])
      response.writeHead(302, { location: left > 1 ? `/chain/${left - 1}` : '/calendar.ics' })
      return void response.end()
    }
    if (url.pathname === '/large.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar' })
      response.write('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')
      const filler = `X-FILLER:${'x'.repeat(1000)}\r\n`
      let sent = 0
      const pump = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += filler.length
          if (!response.write(filler)) return void response.once('drain', pump)
        }
        response.end('END:VCALENDAR\r\n')
      }
      response.on('error', () => {})
      return pump()
    }
    if (url.pathname === '/stalled.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar' })
      response.write('BEGIN:VCALENDAR\r\n')
      // Never finishes; the connection is closed when the fake stops.
      return new Promise<void>((resolve) => {
        stalled.add(resolve)
        request.on('close', resolve)
      })
    }
    if (url.pathname === '/declared-large.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(6 * 1024 * 1024) })
      response.on('error', () => {})
      return void response.write('BEGIN:VCALENDAR\r\n')
    }
    if (url.pathname === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' })
      return void response.end('<!doctype html><title>Calendar</title><p>Not a calendar</p>')
    }
    sendJson(response, 404, { error: 'not found' })
  })
  const { origin } = running
  return {
    origin,
    calendarUrl: `${origin}/calendar.ics`,
    redirectTo: (target) => `${origin}/redirect?to=${encodeURIComponent(target)}`,
    redirectChain: (hops) => `${origin}/chain/${hops}`,
    largeUrl: `${origin}/large.ics`,
    stalledUrl: `${origin}/stalled.ics`,
    notCalendarUrl: `${origin}/page.html`,
    declaredLargeUrl: `${origin}/declared-large.ics`,
    requests,
    async close() {
      for (const resolve of stalled) resolve()
      await running.close()
    },
  }
}
