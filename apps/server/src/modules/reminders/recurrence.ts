/**
 * Local times and recurrences in a user's zone (issue 31). A recurrence is computed on the zone's wall
 * clock, not on instants: rrule runs on "floating" times (the wall time written as if it were UTC), and
 * each occurrence's wall time is then placed in the zone. So 09:00 stays 09:00 across a daylight-saving
 * change, and a wall time the zone skips that day (01:30 when clocks jump from 01:00 to 02:00) moves
 * forward by the jump (02:30).
 */
import { createRequire } from 'node:module'
import { tzOffset } from '@date-fns/tz'
import { knownTimeZone, REMINDER_LIMITS } from '@remi/shared'
import type * as RRuleModule from 'rrule'

// rrule ships CommonJS for Node; its named exports are only reachable through require.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule
type RRuleInstance = InstanceType<typeof RRule>

const MINUTE = 60_000

/** Wall-clock fields of an instant in the zone, as a floating Date (the fields read with getUTC*). */
export function toWall(instant: Date, zone: string): Date {
  const tz = knownTimeZone(zone)
  return new Date(instant.getTime() + tzOffset(tz, instant) * MINUTE)
}

/**
 * The instant a wall-clock time (floating Date) names in the zone. A time the zone skips moves forward
 * by the gap; a time that happens twice (clocks going back) is its first happening.
 */
export function fromWall(wall: Date, zone: string): Date {
  const tz = knownTimeZone(zone)
  const ms = wall.getTime()
  // The offsets in force a day either side: around a change they differ, elsewhere they agree.
  const before = tzOffset(tz, new Date(ms - 86_400_000))
  const after = tzOffset(tz, new Date(ms + 86_400_000))
  // Earlier offset first: of two readings of an ambiguous wall time, the first happening wins.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = new Date(ms - offset * MINUTE)
    if (toWall(candidate, tz).getTime() === ms) return candidate
  }
  // In the gap: read with the offset before the change, which lands the gap's length later.
  return new Date(ms - before * MINUTE)
}

/** The reminder's rule on the floating timeline, starting at its first due time's wall clock. */
export function ruleFor(recurrence: string, firstDue: Date, zone: string): RRuleInstance {
  const options = RRule.parseString(recurrence.replace(/^RRULE:/i, ''))
  // rrule works in whole seconds: a start with milliseconds would make its first occurrence look early.
  const dtstart = toWall(firstDue, zone)
  dtstart.setUTCMilliseconds(0)
  return new RRule({ ...options, dtstart, tzid: null })
}

export class RecurrenceError extends Error {}

/**
 * How far ahead a rule's first occurrences are looked for: a rule with none in this long is refused.
 * rrule steps through every period of the rule's frequency, matching or not, so a rule repeating by
 * the minute or hour is looked at over a month (44 640 minutes), others over ten years of days.
 */
const LOOK_AHEAD = { years: 10, subDailyDays: 31 }
/** Parts that pick days of the year: with a frequency of minutes or hours rrule would walk every minute between them. */
const DAY_PARTS = ['bymonth', 'bymonthday', 'byyearday', 'byweekno'] as const
/** The allowed values of a rule's numeric parts (0 is never a day, week or position). */
const PARTS: Array<{ key: keyof RRuleModule.Options; name: string; min: number; max: number; zero?: false }> =
  [
    { key: 'interval', name: 'INTERVAL', min: 1, max: 1000 },
    { key: 'count', name: 'COUNT', min: 1, max: 100_000 },
    { key: 'bymonth', name: 'BYMONTH', min: 1, max: 12 },
    { key: 'bymonthday', name: 'BYMONTHDAY', min: -31, max: 31, zero: false },
    { key: 'byyearday', name: 'BYYEARDAY', min: -366, max: 366, zero: false },
    { key: 'byweekno', name: 'BYWEEKNO', min: -53, max: 53, zero: false },
    { key: 'bysetpos', name: 'BYSETPOS', min: -366, max: 366, zero: false },
    { key: 'byhour', name: 'BYHOUR', min: 0, max: 23 },
    { key: 'byminute', name: 'BYMINUTE', min: 0, max: 59 },
    { key: 'bysecond', name: 'BYSECOND', min: 0, max: 59 },
  ]

const asList = (value: number | number[] | null | undefined) =>
  value === null || value === undefined ? null : Array.isArray(value) ? value : [value]
const modulo = (n: number, m: number) => ((n % m) + m) % m

/**
 * rrule finds the next time of a rule by the hour or minute by stepping the interval until the hour
 * (and minute) is one the rule names, with no end when none can come ('FREQ=HOURLY;INTERVAL=2;BYHOUR=1'
 * from 00:00 steps through even hours for ever). So: the interval divides the day (or hour), and one of
 * the named hours (minutes) is a step away from the first time.
 */
function checkSteps(rule: RRuleInstance): void {
  const { freq, interval, dtstart } = rule.options
  const byhour = asList(rule.origOptions.byhour)
  const byminute = asList(rule.origOptions.byminute)
  if (freq === RRule.HOURLY && byhour) {
    if (24 % interval !== 0 || !byhour.some((h) => modulo(h - dtstart.getUTCHours(), interval) === 0)) {
      throw new RecurrenceError(
        'with FREQ=HOURLY and BYHOUR, INTERVAL must divide 24 and BYHOUR hold an hour reached from dueAt in steps of INTERVAL.',
      )
    }
  }
  if (freq === RRule.MINUTELY && (byhour || byminute)) {
    const reached = !byminute || byminute.some((m) => modulo(m - dtstart.getUTCMinutes(), interval) === 0)
    if (60 % interval !== 0 || !reached) {
      throw new RecurrenceError(
        'with FREQ=MINUTELY and BYHOUR or BYMINUTE, INTERVAL must divide 60 and BYMINUTE hold a minute reached from dueAt in steps of INTERVAL.',
      )
    }
  }
}

/**
 * Each numeric part within its range: rrule takes any number, and some never end its search
 * (INTERVAL=-1 ran forever on the event loop; BYMONTH=13 searched for seconds).
 */
function checkParts(options: Partial<RRuleModule.Options>): void {
  for (const part of PARTS) {
    for (const n of asList(options[part.key] as number | number[] | null | undefined) ?? []) {
      if (!Number.isInteger(n) || n < part.min || n > part.max || (part.zero === false && n === 0)) {
        const range = `${part.min} to ${part.max}${part.zero === false ? ', not 0' : ''}`
        throw new RecurrenceError(`${part.name} must be a whole number from ${range}.`)
      }
    }
  }
}

/**
 * Checks a recurrence: it parses, occurs after its start, and never fires more often than every
 * REMINDER_LIMITS.minRecurrenceMinutes (looked at over its first occurrences). Throws RecurrenceError
 * with a message for the person who wrote it.
 */
export function checkRecurrence(recurrence: string, firstDue: Date, zone: string): void {
  let rule: RRuleInstance
  try {
    if (/(^|;)\s*DTSTART/i.test(recurrence) || /\n/.test(recurrence)) {
      throw new RecurrenceError('give the rule alone (FREQ=...), without DTSTART; dueAt is the start.')
    }
    rule = ruleFor(recurrence, firstDue, zone)
    // parseString accepts unknown parts silently; a rule that has none of FREQ is not a rule.
    if (rule.origOptions.freq === undefined) throw new RecurrenceError('FREQ is missing.')
    checkParts(rule.origOptions)
  } catch (error) {
    if (error instanceof RecurrenceError) throw error
    throw new RecurrenceError(`this is not an RRULE rrule can read (${(error as Error).message}).`)
  }
  const min = REMINDER_LIMITS.minRecurrenceMinutes
  if (rule.options.freq === RRule.SECONDLY) {
    throw new RecurrenceError(`a reminder may repeat at most every ${min} minutes.`)
  }
  const subDaily = rule.options.freq === RRule.MINUTELY || rule.options.freq === RRule.HOURLY
  if (subDaily && DAY_PARTS.some((part) => rule.origOptions[part] != null)) {
    throw new RecurrenceError('BYMONTH, BYMONTHDAY, BYYEARDAY and BYWEEKNO need FREQ=DAILY or a longer one.')
  }
  checkSteps(rule)
  // Within a bounded window: a rule no day matches (BYMONTH=2;BYMONTHDAY=30) would be searched to the year 9999.
  const start = rule.options.dtstart
  const horizon = new Date(start.getTime())
  if (subDaily) horizon.setUTCDate(horizon.getUTCDate() + LOOK_AHEAD.subDailyDays)
  else horizon.setUTCFullYear(horizon.getUTCFullYear() + LOOK_AHEAD.years)
  const sample = rule.between(start, horizon, true, (_date, i) => i < 50)
  const times = sample.map((d) => d.getTime())
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!
    if (gap > 0 && gap < min * MINUTE) {
      throw new RecurrenceError(`a reminder may repeat at most every ${min} minutes.`)
    }
  }
  if (sample.every((d) => d.getTime() <= toWall(firstDue, zone).getTime())) {
    const within = subDaily ? `${LOOK_AHEAD.subDailyDays} days` : `${LOOK_AHEAD.years} years`
    throw new RecurrenceError(`it never happens within ${within} after dueAt.`)
  }
}

/**
 * The next occurrence strictly after `after` (an instant) for a reminder first due at `firstDue` in
 * `zone`, or null when the rule has ended. The first due time itself counts as an occurrence.
 */
export function nextOccurrence(recurrence: string, firstDue: Date, zone: string, after: Date): Date | null {
  if (firstDue.getTime() > after.getTime()) return firstDue
  const rule = ruleFor(recurrence, firstDue, zone)
  // Placing a wall time can move it forward an hour (a skipped time), so step on until past `after`.
  let cursor = toWall(after, zone)
  for (let i = 0; i < 5; i++) {
    const wall = rule.after(cursor, false)
    if (!wall) return null
    const instant = fromWall(wall, zone)
    if (instant.getTime() > after.getTime()) return instant
    cursor = wall
  }
  return null
}

/** The same wall-clock time in another zone: a reminder keeps its local time when the user moves. */
export function sameWallTime(instant: Date, fromZone: string, toZone: string): Date {
  return fromWall(toWall(instant, fromZone), toZone)
}
