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
  // No cache: each rule is evaluated once or twice, and its options are swapped while it is (bounded()).
  return new RRule({ ...options, dtstart, tzid: null }, true)
}

export class RecurrenceError extends Error {}

/** A rule rrule cannot evaluate within the work bound (see bounded()). */
export class RuleTooComplexError extends RecurrenceError {
  constructor() {
    super(
      'this repeat rule is too complex to work out (or it never happens). Try a simpler one, such as FREQ=WEEKLY;BYDAY=MO.',
    )
  }
}

/**
 * The bound on the work of one evaluation. rrule looks through a rule's periods (the years, months,
 * weeks, days, hours or minutes of its frequency) one by one, and it checks the end of the window it was
 * asked for only when a period gives a time: a rule that selects nothing ('FREQ=MINUTELY;BYSETPOS=2')
 * was walked to the year 9999 on the server's one thread. rrule reads the rule's `interval` twice as it
 * steps to the next period; bounded() counts those reads, each at what a period of the frequency costs
 * (measured with the longest lists the parts allow: a year's 366 days as much as 50 days, an hour's or a
 * minute's BYSETPOS and BYMINUTE lists as 4), and stops the evaluation past WORK_BUDGET. 3 000 is 1 500
 * days (a daily rule's 29 February comes within) or 30 years of a yearly one, a few ms of CPU, and more
 * than a rule a person writes needs: the next time is looked for from just before now (see
 * shiftedStart), not from the first time.
 */
const WORK_BUDGET = 3_000
const PERIOD_COST: Record<number, number> = {
  [RRule.YEARLY]: 50,
  [RRule.MONTHLY]: 6,
  [RRule.WEEKLY]: 2,
  [RRule.DAILY]: 1,
  [RRule.HOURLY]: 4,
  [RRule.MINUTELY]: 4,
  [RRule.SECONDLY]: 4,
}

/**
 * Within a period, rrule finds the next hour (minute) of a rule by the hour (minute) by stepping until
 * the hour is one BYHOUR names, with no end when none can come: from some times on a day BYDAY leaves
 * out, 'FREQ=MINUTELY;INTERVAL=15;BYHOUR=9;BYDAY=MO' stepped 16 hours at a time for ever. Each step
 * looks the hour (minute) up in the list, so those lookups are counted too: at most 24 a period in a
 * rule that works, 50 000 (a few ms) in all.
 */
const STEP_BUDGET = 50_000

/** Runs `evaluate` on the rule with its work counted: past the bound it throws RuleTooComplexError. */
function bounded<T>(rule: RRuleInstance, evaluate: (rule: RRuleInstance) => T): T {
  const options = rule.options
  const cost = PERIOD_COST[options.freq] ?? PERIOD_COST[RRule.YEARLY]!
  let left = WORK_BUDGET
  let steps = STEP_BUDGET
  // Null for the parts a frequency has none of (ParsedOptions says otherwise).
  const countedList = (list: number[]): number[] => {
    if (!list) return list
    const copy = [...list]
    Object.defineProperty(copy, 'indexOf', {
      value: (value: number) => {
        if (--steps < 0) throw new RuleTooComplexError()
        return list.indexOf(value)
      },
    })
    return copy
  }
  const counted = {
    ...options,
    byhour: countedList(options.byhour),
    byminute: countedList(options.byminute),
    bysecond: countedList(options.bysecond),
  }
  Object.defineProperty(counted, 'interval', {
    enumerable: true,
    get() {
      left -= cost
      if (left < 0) throw new RuleTooComplexError()
      return options.interval
    },
  })
  rule.options = counted
  try {
    return evaluate(rule)
  } finally {
    rule.options = options
  }
}

const PERIOD_MS: Partial<Record<number, number>> = {
  [RRule.WEEKLY]: 7 * 86_400_000,
  [RRule.DAILY]: 86_400_000,
  [RRule.HOURLY]: 3_600_000,
  [RRule.MINUTELY]: MINUTE,
}

/**
 * A start for the rule near `cursor` (a wall time) that gives the same times after it: the first start
 * moved on by whole periods of the rule (INTERVAL × FREQ), to the start of a period at least one period
 * before `cursor`. So a rule repeating every 5 minutes for ten years is looked at over minutes, not over
 * ten years of them. Null when there is nothing to skip, or the rule counts its times (COUNT: the times
 * skipped would have to be counted).
 */
function shiftedStart(rule: RRuleInstance, cursor: Date): Date | null {
  const { freq, interval, dtstart, count } = rule.options
  if (count !== null) return null
  const fixed = PERIOD_MS[freq]
  if (fixed !== undefined) {
    const step = fixed * interval
    const n = Math.floor((cursor.getTime() - dtstart.getTime()) / step) - 1
    // The same time of the day (hour, minute) and weekday: the rule's defaults read from it stay the same.
    return n >= 1 ? new Date(dtstart.getTime() + n * step) : null
  }
  const months = freq === RRule.MONTHLY ? 1 : 12
  const elapsed =
    (cursor.getUTCFullYear() - dtstart.getUTCFullYear()) * 12 + cursor.getUTCMonth() - dtstart.getUTCMonth()
  const n = Math.floor(elapsed / (months * interval)) - 1
  if (n < 1) return null
  // The first day of the month (year) the period starts with: the whole period is looked through.
  return new Date(Date.UTC(dtstart.getUTCFullYear(), dtstart.getUTCMonth() + n * months * interval, 1))
}

/**
 * rrule steps a rule by the minute at named hours or minutes wrongly on a day BYDAY leaves out: by the
 * hours left in that day, over and over ('FREQ=MINUTELY;INTERVAL=15;BYHOUR=9;BYDAY=MO' skipped Mondays,
 * or from some start times never ended). The same times as a daily rule at those hours and minutes,
 * which rrule steps a day at a time. (checkSteps: INTERVAL divides 60, so the minutes reached from the
 * first time are the same in every hour.) Not with BYSETPOS, which picks within a period.
 */
function asDaily(rule: RRuleInstance): RRuleInstance {
  const given = rule.origOptions
  const { freq, interval, dtstart } = rule.options
  if (freq !== RRule.MINUTELY || given.bysetpos != null || (given.byhour == null && given.byminute == null)) {
    return rule
  }
  const reached = Array.from({ length: 60 }, (_, m) => m).filter(
    (m) => modulo(m - dtstart.getUTCMinutes(), interval) === 0,
  )
  const named = asList(given.byminute)
  const byminute = named ? reached.filter((m) => named.includes(m)) : reached
  const byhour = asList(given.byhour) ?? Array.from({ length: 24 }, (_, h) => h)
  return new RRule({ ...given, freq: RRule.DAILY, interval: 1, byhour, byminute, dtstart, tzid: null }, true)
}

/**
 * The rule started at `start` instead of its first time, with every part rrule would have read from the
 * first time (the hour, minute and second; a month's day, a year's month, a week's day) given as it was.
 */
function restarted(rule: RRuleInstance, start: Date): RRuleInstance {
  const given = rule.origOptions
  const parsed = rule.options
  const defaults: Partial<RRuleModule.Options> = {}
  if (given.byhour == null && parsed.byhour) defaults.byhour = parsed.byhour
  if (given.byminute == null && parsed.byminute) defaults.byminute = parsed.byminute
  if (given.bysecond == null && parsed.bysecond) defaults.bysecond = parsed.bysecond
  const dayParts = [given.byweekno, given.byyearday, given.bymonthday, given.byweekday, given.byeaster]
  if (dayParts.every((part) => part == null)) {
    if (parsed.freq === RRule.YEARLY) defaults.bymonth = parsed.bymonth
    if (parsed.freq === RRule.YEARLY || parsed.freq === RRule.MONTHLY) defaults.bymonthday = parsed.bymonthday
    if (parsed.freq === RRule.WEEKLY) defaults.byweekday = parsed.byweekday
  }
  return new RRule({ ...given, ...defaults, dtstart: start, tzid: null }, true)
}

/**
 * How far ahead a rule's first occurrences are looked for: a rule with none in this long is refused.
 * A rule repeating by the minute or hour is looked at over a month, others over ten years (the work of
 * either within the bound, see bounded()).
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
const MAX_SETPOS = 10

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
  // Each period rrule looks at makes a time for every BYSETPOS and every second named: a few at most.
  if ((asList(options.bysetpos)?.length ?? 0) > MAX_SETPOS) {
    throw new RecurrenceError(`BYSETPOS may name at most ${MAX_SETPOS} positions.`)
  }
  if ((asList(options.bysecond)?.length ?? 0) > 1) throw new RecurrenceError('BYSECOND may name one second.')
}

/**
 * Checks a recurrence: it parses, occurs after its start, and never fires more often than every
 * REMINDER_LIMITS.minRecurrenceMinutes (looked at over its first occurrences). Throws RecurrenceError
 * with a message for the person who wrote it.
 */
export function checkRecurrence(
  recurrence: string,
  firstDue: Date,
  zone: string,
  /** Another floor and its name in the message (automations: hourly, "an automation runs"). */
  limit: { minMinutes: number; repeats: string } = {
    minMinutes: REMINDER_LIMITS.minRecurrenceMinutes,
    repeats: 'a reminder may repeat',
  },
): void {
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
  const min = limit.minMinutes
  const tooOften = () =>
    new RecurrenceError(
      `${limit.repeats} at most every ${min % 60 === 0 ? (min === 60 ? 'hour' : `${min / 60} hours`) : `${min} minutes`}.`,
    )
  if (rule.options.freq === RRule.SECONDLY) throw tooOften()
  const subDaily = rule.options.freq === RRule.MINUTELY || rule.options.freq === RRule.HOURLY
  if (subDaily && DAY_PARTS.some((part) => rule.origOptions[part] != null)) {
    throw new RecurrenceError('BYMONTH, BYMONTHDAY, BYYEARDAY and BYWEEKNO need FREQ=DAILY or a longer one.')
  }
  checkSteps(rule)
  const start = rule.options.dtstart
  const horizon = new Date(start.getTime())
  if (subDaily) horizon.setUTCDate(horizon.getUTCDate() + LOOK_AHEAD.subDailyDays)
  else horizon.setUTCFullYear(horizon.getUTCFullYear() + LOOK_AHEAD.years)
  // The first times, as many as the work bound finds: a rare rule (29 February) is judged on those.
  const sample: Date[] = []
  try {
    bounded(asDaily(rule), (r) => r.between(start, horizon, true, (date, i) => (sample.push(date), i < 49)))
    // A rule that counts its times is walked from its first time each time: all of them within the bound.
    if (rule.options.count !== null) bounded(asDaily(rule), (r) => r.all())
  } catch (error) {
    if (!(error instanceof RuleTooComplexError) || rule.options.count !== null) throw error
    if (sample.every((d) => d.getTime() <= start.getTime())) throw error
  }
  const times = sample.map((d) => d.getTime())
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!
    if (gap > 0 && gap < min * MINUTE) throw tooOften()
  }
  if (sample.every((d) => d.getTime() <= toWall(firstDue, zone).getTime())) {
    const within = subDaily ? `${LOOK_AHEAD.subDailyDays} days` : `${LOOK_AHEAD.years} years`
    throw new RecurrenceError(`it never happens within ${within} after dueAt.`)
  }
}

/**
 * The next occurrence strictly after `after` (an instant) for a reminder first due at `firstDue` in
 * `zone`, or null when the rule has ended. The first due time itself counts as an occurrence. Looked for
 * from just before `after` (shiftedStart) within the work bound; a rule whose next time is past the bound
 * (none that checkRecurrence accepts, unless its next time is decades away) has ended too.
 */
export function nextOccurrence(recurrence: string, firstDue: Date, zone: string, after: Date): Date | null {
  if (firstDue.getTime() > after.getTime()) return firstDue
  const first = asDaily(ruleFor(recurrence, firstDue, zone))
  let cursor = toWall(after, zone)
  const start = shiftedStart(first, cursor)
  const rule = start ? restarted(first, start) : first
  try {
    return bounded(rule, (r) => {
      // Placing a wall time can move it forward an hour (a skipped time), so step on until past `after`.
      for (let i = 0; i < 5; i++) {
        const wall = r.after(cursor, false)
        if (!wall) return null
        const instant = fromWall(wall, zone)
        if (instant.getTime() > after.getTime()) return instant
        cursor = wall
      }
      return null
    })
  } catch (error) {
    if (error instanceof RuleTooComplexError) return null
    throw error
  }
}

/** The same wall-clock time in another zone: a reminder keeps its local time when the user moves. */
export function sameWallTime(instant: Date, fromZone: string, toZone: string): Date {
  return fromWall(toWall(instant, fromZone), toZone)
}
