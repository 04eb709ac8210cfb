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

/** Hostile feeds (issue 28): what a person could paste as their ICS link to slow Remi down. */
export const hostileKinds = [
  'minutely',
  'secondly',
  'broken-rules',
  'many-events',
  'nested',
  'huge-line',
  'folded',
  'slow-parse',
] as const
export type HostileKind = (typeof hostileKinds)[number]

/**
 * A hostile feed: 'minutely' and 'secondly' are 300 events repeating every minute or second (about
 * 67 KB, as the security pass sent); 'broken-rules' 300 repeat rules that never match or need more
 * steps than a rule may take; 'many-events' 30 000 one-off events today; 'nested' 100 000 components
 * opened inside each other and never closed; 'huge-line' a 4 MB title; 'folded' a title folded into
 * 800 000 continuation lines; 'slow-parse' one event with 90 000 exceptions in time zones that
 * do not exist, which node-ical takes seconds to parse in one step (and warns about, one by one).
 */
export function buildHostileIcs(kind: HostileKind, today: string): string {
  const day = compact(today)
  const head = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Remi tests//Hostile ICS//EN',
    `X-WR-CALNAME:${kind}`,
  ]
  const event = (i: number, lines: string[]) => [
    'BEGIN:VEVENT',
    `UID:${kind}-${i}@remi.test`,
    `DTSTAMP:${day}T000000Z`,
    ...lines,
    'END:VEVENT',
  ]
  const time = (i: number) => `${String(i % 24).padStart(2, '0')}${String(i % 60).padStart(2, '0')}00`
  const body: string[] = []
  if (kind === 'minutely' || kind === 'secondly') {
    const freq = kind === 'minutely' ? 'MINUTELY' : 'SECONDLY'
    for (let i = 0; i < 300; i++) {
      body.push(
        ...event(i, [
          `DTSTART:20240101T${time(i)}Z`,
          `DTEND:20240101T${time(i + 1)}Z`,
          `RRULE:FREQ=${freq}`,
          `SUMMARY:Flood ${i}: ping the calendar again and again`,
        ]),
      )
    }
  } else if (kind === 'broken-rules') {
    const rules = [
      'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=DAILY;COUNT=50000',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31',
    ]
    for (let i = 0; i < 300; i++) {
      body.push(
        ...event(i, [
          `DTSTART:19900101T${time(i)}Z`,
          `DTEND:19900101T${time(i + 1)}Z`,
          `RRULE:${rules[i % rules.length]}`,
          `SUMMARY:Never ${i}`,
        ]),
      )
    }
  } else if (kind === 'many-events') {
    for (let i = 0; i < 30_000; i++) {
      body.push(...event(i, [`DTSTART:${day}T${time(i)}Z`, `SUMMARY:Event ${i}`]))
    }
  } else if (kind === 'nested') {
    for (let i = 0; i < 100_000; i++) body.push('BEGIN:VEVENT')
  } else if (kind === 'huge-line') {
    body.push(...event(0, [`DTSTART:${day}T090000Z`, `SUMMARY:${'x'.repeat(4_000_000)}`]))
  } else if (kind === 'folded') {
    body.push(...event(0, [`DTSTART:${day}T090000Z`, `SUMMARY:${'x\r\n '.repeat(800_000)}`]))
  } else {
    const exdates = Array.from({ length: 90_000 }, (_, i) => `EXDATE;TZID=Nowhere/Zone${i}:${day}T090000`)
    body.push(...event(0, [`DTSTART:${day}T090000Z`, 'RRULE:FREQ=DAILY', 'SUMMARY:Slow', ...exdates]))
  }
  return [...head, ...body, 'END:VCALENDAR', ''].join('\r\n')
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
  /** A hostile feed (buildHostileIcs) for today in UTC. */
  hostileUrl(kind: HostileKind): string
  /** The calendarUrl feed at an address of its own, so a test can count the requests for it alone. */
  copyUrl(name: string): string
  /** Paths requested so far, to show a refused URL was never fetched. */
  requests: string[]
  /** How many times a URL of this fake was requested. */
  requestsFor(url: string): number
  close(): Promise<void>
}

export async function startIcsFake(): Promise<IcsFake> {
  const stalled = new Set<() => void>()
  const requests: string[] = []
  const hostileFeeds = new Map<HostileKind, string>()
  const running = await listen((request, response, url) => {
    requests.push(url.pathname)
    if (url.pathname === '/calendar.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' })
      return void response.end(buildIcs(todayIn('UTC')))
    }
    const copy = url.pathname.match(/^\/copy\/[\w-]+\.ics$/)
    if (copy) {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' })
      return void response.end(buildIcs(todayIn('UTC')))
    }
    const hostile = hostileKinds.find((kind) => url.pathname === `/hostile/${kind}.ics`)
    if (hostile) {
      const text = hostileFeeds.get(hostile) ?? buildHostileIcs(hostile, todayIn('UTC'))
      hostileFeeds.set(hostile, text)
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' })
      return void response.end(text)
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
    hostileUrl: (kind) => `${origin}/hostile/${kind}.ics`,
    copyUrl: (name) => `${origin}/copy/${name}.ics`,
    requests,
    requestsFor: (target) => requests.filter((path) => path === new URL(target).pathname).length,
    async close() {
      for (const resolve of stalled) resolve()
      await running.close()
    },
  }
}
