/**
 * An automation's schedule: an RRULE read on its zone's wall clock (the reminders' recurrence engine,
 * with its bounds on work), checked to run no more often than hourly, and said in words.
 */
import { AUTOMATION_LIMITS, knownTimeZone } from '@remi/shared'
import { badRequest } from '../../lib/errors.ts'
import {
  checkRecurrence,
  describeRecurrence,
  formatWhen,
  fromWall,
  nextOccurrence,
  RecurrenceError,
  toWall,
} from '../reminders/index.ts'

/**
 * The start the rule counts from: the current hour on the zone's wall clock, so the parts a rule leaves
 * out are that hour's and minute 0 ("FREQ=WEEKLY;BYDAY=FR;BYHOUR=17" is 17:00, not 17 and some minutes).
 */
export function anchorFor(now: Date, zone: string): Date {
  const wall = toWall(now, zone)
  wall.setUTCMinutes(0, 0, 0)
  return fromWall(wall, zone)
}

/** The zone asked for, or a 400 in words. */
export function checkZone(zone: string): string {
  const known = knownTimeZone(zone, '')
  if (!known)
    throw badRequest(`timezone: '${zone}' is not a time zone this server knows (say Europe/Lisbon).`)
  return known
}

/** Throws a 400 naming `schedule` for a rule that cannot be read, never happens or runs more than hourly. */
export function checkSchedule(schedule: string, anchor: Date, zone: string): void {
  try {
    checkRecurrence(schedule, anchor, zone, {
      minMinutes: AUTOMATION_LIMITS.minIntervalMinutes,
      repeats: 'an automation may run',
    })
  } catch (error) {
    if (error instanceof RecurrenceError) throw badRequest(`schedule: ${error.message}`)
    throw error
  }
}

/** The first run strictly after `after`, or null when the rule has ended. */
export const nextRun = (a: { schedule: string; anchorAt: Date; timezone: string }, after: Date) =>
  nextOccurrence(a.schedule, a.anchorAt, a.timezone, after)

const WEEKDAYS = 'MO,TU,WE,TH,FR'
const listOf = (rule: string, part: string) => new RegExp(`(?:^|;)${part}=([^;]+)`, 'i').exec(rule)?.[1]

/** "every Friday at 17:00", "every weekday at 07:00", "every 2 hours"; `next` gives the time of day. */
export function scheduleInWords(schedule: string, next: Date | null, zone: string): string {
  const rule = schedule.toUpperCase()
  const interval = Number(listOf(rule, 'INTERVAL') ?? 1)
  if (/FREQ=HOURLY/.test(rule) && !/BY(DAY|HOUR)/.test(rule)) {
    return interval === 1 ? 'every hour' : `every ${interval} hours`
  }
  if (!next) return `on the schedule ${schedule} (no run left)`
  const many = ['BYHOUR', 'BYMINUTE', 'BYMONTHDAY'].some((p) => listOf(rule, p)?.includes(','))
  const time = formatWhen(next, zone).replace(/^.* at /, '')
  if (!many && interval === 1) {
    if (/FREQ=WEEKLY/.test(rule) && listOf(rule, 'BYDAY') === WEEKDAYS) return `every weekday at ${time}`
    const byday = listOf(rule, 'BYDAY')
    const daily = /FREQ=DAILY/.test(rule)
    if ((daily && !byday) || (!daily && !/FREQ=WEEKLY/.test(rule)) || (byday && !byday.includes(','))) {
      const said = describeRecurrence(rule, next, zone)
      if (!said.startsWith('repeating')) return said
    }
  }
  return `on the schedule ${schedule}, next ${formatWhen(next, zone)}`
}
