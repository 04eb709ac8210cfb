/**
 * Reading an ICS file into events: parsing (node-ical) and expanding its recurring events over the
 * window asked, within limits a hostile file cannot push past. Runs in the ICS worker thread
 * (ics-feed.worker.ts); nothing here does I/O.
 */
import { sliceWhole } from '@remi/shared'
import type NodeIcal from 'node-ical'
import type { ParameterValue, VEvent } from 'node-ical'
import type { CalendarEvent } from './types.ts'

/**
 * What one feed may hold and give, whatever its rules say (README, "Calendar feeds"). A real calendar
 * stays far below them: 5 MB (the download limit) of real events is about 12 000, and a window of 35 days
 * (the most the assistant asks for) holds a daily event 35 times.
 */
export const ICS_LIMITS = {
  /** Events (VEVENTs) in one file; more and the feed is not read. */
  events: 20_000,
  /** Occurrences of one event in the window asked; an event repeating more is left out, with a note. */
  occurrencesPerEvent: 1_000,
  /** Occurrences of all events in the window asked (left-out events count their 1 000); more and the feed is not read. */
  occurrencesPerFeed: 5_000,
  /** Characters kept of a title or a location. */
  textLength: 500,
}

/** A feed that cannot be read as asked; the message is a sentence for the person who gave the link. */
export class IcsReadError extends Error {
  /** Not the feed's doing (the worker was stopped, the server is shutting down): not kept as its answer. */
  readonly passing: boolean
  constructor(message: string, { passing = false } = {}) {
    super(message)
    this.name = 'IcsReadError'
    this.passing = passing
  }
}

export interface ParsedFeed {
  /** X-WR-CALNAME when the feed has one. */
  name: string | null
  events: VEvent[]
}

export interface ExpandedFeed {
  events: CalendarEvent[]
  /** Events left out, in one or two sentences. */
  problems: string[]
}

type Ical = typeof NodeIcal

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const count = (n: number) => n.toLocaleString('en')

export function parseFeed(ical: Ical, text: string): ParsedFeed {
  // Counted before parsing too: 30 000 events take node-ical seconds to parse, their lines a moment to count.
  if ((text.match(/^BEGIN:VEVENT\s*$/gim)?.length ?? 0) > ICS_LIMITS.events) throw tooManyEvents()
  let data: ReturnType<Ical['sync']['parseICS']>
  try {
    data = ical.sync.parseICS(text)
  } catch {
    throw new IcsReadError('The ICS calendar file could not be read.')
  }
  const events: VEvent[] = []
  for (const component of Object.values(data)) {
    if (!component || component.type !== 'VEVENT') continue
    const event = component as VEvent
    if (!event.start || event.status === 'CANCELLED') continue
    events.push(event)
    if (events.length > ICS_LIMITS.events) throw tooManyEvents()
  }
  const name = data.vcalendar?.['WR-CALNAME']
  return { name: (typeof name === 'string' ? name.trim().slice(0, 200) : '') || null, events }
}

/**
 * The events of the feed in [from, to) (epoch ms), recurring ones expanded. Stops with an IcsReadError
 * past `time.deadline` (a performance.now() time) or past ICS_LIMITS.occurrencesPerFeed.
 */
export function expandFeed(
  ical: Ical,
  feed: ParsedFeed,
  range: { from: number; to: number },
  calendarName: string,
  time: { deadline: number; limitMs: number },
): ExpandedFeed {
  // All-day dates are placed at the server's local midnight by node-ical; widen the window by a day
  // on both sides and let the caller cut it in the user's time zone.
  const from = range.from - DAY_MS
  const to = range.to + DAY_MS
  const events: CalendarEvent[] = []
  const repeating: string[] = []
  const unreadable: string[] = []
  let total = 0
  const add = (n: number) => {
    total += n
    if (total > ICS_LIMITS.occurrencesPerFeed) {
      throw new IcsReadError(
        `The ICS calendar has more than ${count(ICS_LIMITS.occurrencesPerFeed)} events in the days asked; ` +
          `Remi reads at most ${count(ICS_LIMITS.occurrencesPerFeed)} at a time.`,
      )
    }
  }
  const overTime = () => {
    if (performance.now() > time.deadline) throw tooSlow(time.limitMs)
  }

  for (const event of feed.events) {
    overTime()
    const title = text(event.summary) || '(no title)'
    let instances: ReturnType<Ical['expandRecurringEvent']>
    try {
      if (event.rrule && occurrencesOver(event, from, to, overTime)) {
        repeating.push(title)
        add(ICS_LIMITS.occurrencesPerEvent)
        continue
      }
      instances = ical.expandRecurringEvent(event, {
        from: new Date(from),
        to: new Date(to),
        expandOngoing: true,
      })
    } catch (error) {
      if (error instanceof IcsReadError) throw error
      // rrule-temporal gives up on a rule past its own step limits ("Maximum iterations"), node-ical on odd dates.
      unreadable.push(title)
      continue
    }
    const before = events.length
    try {
      for (const instance of instances) {
        if (instance.event.status === 'CANCELLED') continue
        events.push(toEvent(event, instance, calendarName))
      }
    } catch {
      // An instance whose dates are not dates (toISOString throws): the whole event is left out.
      events.length = before
      unreadable.push(title)
      continue
    }
    add(events.length - before)
  }
  const problems = [
    leftOut(repeating, `repeats more than ${count(ICS_LIMITS.occurrencesPerEvent)} times in the days asked`),
    leftOut(unreadable, 'has a repeat rule or dates Remi cannot read'),
  ].filter((line): line is string => line !== null)
  return { events, problems }
}

function tooManyEvents(): IcsReadError {
  const most = count(ICS_LIMITS.events)
  return new IcsReadError(
    `The ICS calendar has more than ${most} events; Remi reads feeds of at most ${most}.`,
  )
}

export function tooSlow(limitMs: number): IcsReadError {
  const limit = limitMs >= 1000 ? `${Math.round(limitMs / 1000)} seconds` : `${limitMs} ms`
  return new IcsReadError(`Reading the ICS calendar took more than ${limit}, so Remi stopped.`)
}

/**
 * Whether the rule gives more than ICS_LIMITS.occurrencesPerEvent occurrences around [from, to]. Its own
 * between() builds every occurrence it finds (1.3 million for 300 minutely events over three days), so a
 * rule that may give that many is counted in windows that double from an hour, stopping one past the cap.
 */
function occurrencesOver(event: VEvent, from: number, to: number, overTime: () => void): boolean {
  const rule = event.rrule!
  // node-ical also looks back by the event's length, for occurrences still going on at `from`,
  // and past a `to` at midnight to the end of that day.
  const start = from - Math.max(0, durationMs(event))
  const end = to + DAY_MS
  const cap = ICS_LIMITS.occurrencesPerEvent
  const days = Math.ceil((end - start) / DAY_MS) + 1
  const options = rule.options as Record<string, unknown>
  const perDay = ['byHour', 'byMinute', 'bySecond'].reduce((product, part) => {
    const values = options[part]
    return product * (Array.isArray(values) && values.length > 0 ? values.length : 1)
  }, 1)
  // A daily, weekly, monthly or yearly rule gives a day at most its time parts' combinations.
  if (['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(String(options.freq)) && days * perDay <= cap) {
    return false
  }
  let found = 0
  let size = HOUR_MS
  for (let at = start; at < end && found <= cap; at += size, size *= 2) {
    overTime()
    found += rule.between(new Date(at), new Date(Math.min(end, at + size)), true).length
  }
  return found > cap
}

function durationMs(event: VEvent): number {
  if (!event.end) return event.datetype === 'date' ? DAY_MS : 0
  return new Date(event.end).getTime() - new Date(event.start).getTime()
}

function leftOut(titles: string[], what: string): string | null {
  if (titles.length === 0) return null
  const quoted = titles.slice(0, 3).map((t) => `"${t.length > 40 ? `${t.slice(0, 39)}…` : t}"`)
  if (titles.length === 1) return `${quoted[0]} ${what} and was left out.`
  const more = titles.length > 3 ? ', …' : ''
  return `${titles.length} events were left out (${quoted.join(', ')}${more}): each ${what}.`
}

function toEvent(
  event: VEvent,
  instance: ReturnType<Ical['expandRecurringEvent']>[number],
  calendarName: string,
): CalendarEvent {
  const allDay = instance.isFullDay
  let start: string
  let end: string
  if (allDay) {
    const day = instance.start
    start = localDay(day)
    // A DATE without a later DTEND lasts that one day (RFC 5545 §3.6.1).
    const last = instance.end ? localDay(instance.end) : start
    end = last > start ? last : localDay(new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1))
  } else {
    start = instance.start.toISOString()
    end = (instance.end && instance.end > instance.start ? instance.end : instance.start).toISOString()
  }
  return {
    id: `${String(event.uid).slice(0, 200)}/${instance.start.toISOString()}`,
    title: text(instance.summary) || '(no title)',
    start,
    end,
    allDay,
    location: text(instance.event.location) || null,
    calendar: calendarName,
  }
}

function text(value: ParameterValue | undefined): string {
  if (!value) return ''
  const raw = typeof value === 'string' ? value : value.val
  return typeof raw === 'string' ? sliceWhole(raw.trim(), ICS_LIMITS.textLength) : ''
}

/** The calendar day of an all-day value, which node-ical builds at local midnight. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
