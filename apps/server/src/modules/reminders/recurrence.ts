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
  } catch (error) {
    if (error instanceof RecurrenceError) throw error
    throw new RecurrenceError(`this is not an RRULE rrule can read (${(error as Error).message}).`)
  }
  const min = REMINDER_LIMITS.minRecurrenceMinutes
  if (rule.options.freq === RRule.SECONDLY) {
    throw new RecurrenceError(`a reminder may repeat at most every ${min} minutes.`)
  }
  const sample = rule.all((_date, i) => i < 50)
  const times = sample.map((d) => d.getTime())
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!
    if (gap > 0 && gap < min * MINUTE) {
      throw new RecurrenceError(`a reminder may repeat at most every ${min} minutes.`)
    }
  }
  if (sample.every((d) => d.getTime() <= toWall(firstDue, zone).getTime())) {
    throw new RecurrenceError('it never happens after dueAt.')
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
