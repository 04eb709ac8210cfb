import { readdirSync, readFileSync } from 'node:fs'
import { addDays, todayIn } from '@remi/shared'
import ical from 'node-ical'
import { describe, expect, it } from 'vitest'
import { buildHostileIcs, buildIcs } from '../../test/fakes/ics.ts'
import { expandFeed, ICS_LIMITS, IcsReadError, parseFeed } from './ics-read.ts'

const today = todayIn('UTC')
const day = (offset: number) => Date.parse(`${addDays(today, offset)}T00:00:00Z`)
const compact = (offset: number) => addDays(today, offset).replaceAll('-', '')
const time = { deadline: Number.POSITIVE_INFINITY, limitMs: 5000 }

function calendar(...events: { uid: string; rule?: string; start?: string; title: string }[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Remi tests//EN']
  for (const e of events) {
    const start = e.start ?? `${compact(-30)}T090000Z`
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${compact(0)}T000000Z`, `DTSTART:${start}`)
    lines.push(`DTEND:${start.replace(/T09/, 'T10')}`)
    if (e.rule) lines.push(`RRULE:${e.rule}`)
    lines.push(`SUMMARY:${e.title}`, 'END:VEVENT')
  }
  return [...lines, 'END:VCALENDAR', ''].join('\r\n')
}

const read = (text: string, from: number, to: number) =>
  expandFeed(ical, parseFeed(ical, text), { from, to }, 'Test', time)

describe('reading an ICS file within limits', () => {
  it('leaves out an event repeating more than the per-event cap, with a note, and keeps the others', () => {
    const text = calendar(
      { uid: 'ping', rule: 'FREQ=MINUTELY', title: 'Ping' },
      { uid: 'standup', rule: 'FREQ=DAILY', title: 'Standup' },
    )
    const feed = read(text, day(0), day(1))
    const standups = feed.events.filter((e) => e.title === 'Standup').map((e) => e.start)
    expect(standups).toContain(`${today}T09:00:00.000Z`)
    expect(feed.events.some((e) => e.title === 'Ping')).toBe(false)
    expect(feed.problems).toEqual([
      `"Ping" repeats more than ${ICS_LIMITS.occurrencesPerEvent.toLocaleString('en')} times in the days asked and was left out.`,
    ])
  })

  it('keeps an hourly event over the assistant’s longest window (35 days), under the per-event cap', () => {
    const feed = read(calendar({ uid: 'h', rule: 'FREQ=HOURLY', title: 'Hourly' }), day(0), day(35))
    expect(feed.problems).toEqual([])
    // 35 days of hours, and the day on each side the window is widened by for all-day events.
    expect(feed.events.length).toBeGreaterThanOrEqual(35 * 24)
    expect(feed.events.length).toBeLessThanOrEqual(ICS_LIMITS.occurrencesPerEvent)
  })

  it.each(['minutely', 'secondly'] as const)(
    'refuses 300 events repeating %s, past the per-feed cap, in one sentence and quickly',
    (kind) => {
      const started = performance.now()
      const feed = parseFeed(ical, buildHostileIcs(kind, today))
      expect(() => expandFeed(ical, feed, { from: day(0), to: day(1) }, 'Test', time)).toThrow(
        new IcsReadError(
          'The ICS calendar has more than 5,000 events in the days asked; Remi reads at most 5,000 at a time.',
        ),
      )
      // The whole window was never built: 300 minutely events over three days are 1.3 million.
      expect(performance.now() - started).toBeLessThan(4000)
    },
  )

  it('reads events under their own cap until the feed’s cap, and refuses the feed past it', () => {
    // Every 2 minutes from 09:00 to 16:58 UTC: 240 a day, 720 over the day asked and the day on each side.
    const busy = (i: number) => ({
      uid: `busy-${i}`,
      rule: 'FREQ=MINUTELY;INTERVAL=2;BYHOUR=9,10,11,12,13,14,15,16',
      title: `Busy ${i}`,
    })
    const six = read(calendar(...[0, 1, 2, 3, 4, 5].map(busy)), day(0), day(1))
    expect(six.problems).toEqual([])
    expect(six.events).toHaveLength(6 * 720)
    expect(() => read(calendar(...[0, 1, 2, 3, 4, 5, 6].map(busy)), day(0), day(1))).toThrow(
      'The ICS calendar has more than 5,000 events in the days asked',
    )
  })

  it('leaves out rules the recurrence engine gives up on, naming them', () => {
    const text = calendar(
      { uid: 'c', rule: 'FREQ=DAILY;COUNT=50000', start: '19900101T090000Z', title: 'Forever' },
      { uid: 'ok', start: `${compact(0)}T090000Z`, title: 'Dentist' },
    )
    const feed = read(text, day(0), day(1))
    expect(feed.events.map((e) => e.title)).toEqual(['Dentist'])
    expect(feed.problems).toEqual(['"Forever" has a repeat rule or dates Remi cannot read and was left out.'])
  })

  it('refuses a file of more events than the cap', () => {
    expect(() => parseFeed(ical, buildHostileIcs('many-events', today))).toThrow(
      'The ICS calendar has more than 20,000 events; Remi reads feeds of at most 20,000.',
    )
  })

  it('stops at the deadline', () => {
    const feed = parseFeed(ical, buildIcs(today))
    expect(() =>
      expandFeed(ical, feed, { from: day(0), to: day(1) }, 'Test', { deadline: 0, limitMs: 5000 }),
    ).toThrow('Reading the ICS calendar took more than 5 seconds, so Remi stopped.')
  })

  it('keeps a 4 MB title to its first 500 characters', () => {
    const feed = parseFeed(ical, buildHostileIcs('huge-line', today))
    const [event] = expandFeed(ical, feed, { from: day(0), to: day(1) }, 'Test', time).events
    expect(event!.title).toHaveLength(ICS_LIMITS.textLength)
  })
})

describe('the real-world samples read as before the limits', () => {
  // The fixtures of ics-samples.test.ts: over 35 days from each sample's first event, the limits change
  // nothing: the same occurrences as node-ical's own expansion, uncapped, gives.
  const folder = new URL('../../test/fixtures/ics-samples/', import.meta.url)
  const samples = readdirSync(folder).filter((name) => name.endsWith('.ics'))

  it.each(samples)('%s', (name) => {
    const text = readFileSync(new URL(name, folder), 'utf8')
    let feed: ReturnType<typeof parseFeed>
    try {
      feed = parseFeed(ical, text)
    } catch (error) {
      expect(error).toBeInstanceOf(IcsReadError)
      return
    }
    if (feed.events.length === 0) return
    const first = Math.min(...feed.events.map((e) => new Date(e.start).getTime()).filter(Number.isFinite))
    if (!Number.isFinite(first)) return
    const range = { from: first, to: first + 35 * 24 * 60 * 60 * 1000 }
    const read = expandFeed(ical, feed, range, 'Test', time)

    const day = 24 * 60 * 60 * 1000
    const expected: string[] = []
    const unreadable = new Set<string>()
    for (const event of feed.events) {
      try {
        const window = { from: new Date(range.from - day), to: new Date(range.to + day), expandOngoing: true }
        for (const instance of ical.expandRecurringEvent(event, window)) {
          if (instance.event.status !== 'CANCELLED')
            expected.push(`${event.uid}/${instance.start.toISOString()}`)
        }
      } catch {
        unreadable.add(String(event.summary))
      }
    }
    expect(read.events.map((e) => e.id).sort()).toEqual(expected.sort())
    if (unreadable.size === 0) expect(read.problems).toEqual([])
  })
})
