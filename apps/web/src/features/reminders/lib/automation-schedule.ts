/**
 * The automation form's schedule (issue 50): a few plain choices, written as the RRULE the server
 * reads on the wall clock of the person's zone, and read back from one so an automation can be edited.
 * A rule the form cannot say (made in chat: "every other Tuesday") reads back as null and is kept.
 */
export type Repeat = 'daily' | 'weekdays' | 'weekly' | 'monthly'

export interface ScheduleFields {
  repeat: Repeat
  /** For 'weekly': MO … SU. */
  weekday: string
  /** For 'monthly': 1 … 28 (a day every month has). */
  monthDay: number
  /** HH:MM, 24-hour. */
  time: string
}

/** The form's choices, said by the `reminders.automations.form.repeat` texts. */
export const REPEAT_CHOICES: Repeat[] = ['daily', 'weekdays', 'weekly', 'monthly']

/** The weekdays' RRULE codes, Monday first; the form names them as Intl does (weekdayName, lib/due.ts). */
export const WEEKDAYS: string[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']

export const DEFAULT_SCHEDULE: ScheduleFields = { repeat: 'daily', weekday: 'MO', monthDay: 1, time: '08:00' }

const WORKDAYS = 'MO,TU,WE,TH,FR'

/** The RRULE for the fields ("FREQ=WEEKLY;BYDAY=FR;BYHOUR=17;BYMINUTE=0"). */
export function scheduleFrom(fields: ScheduleFields): string {
  const [hour, minute] = fields.time.split(':').map(Number)
  const at = `BYHOUR=${hour ?? 0};BYMINUTE=${minute ?? 0}`
  switch (fields.repeat) {
    case 'daily':
      return `FREQ=DAILY;${at}`
    case 'weekdays':
      return `FREQ=WEEKLY;BYDAY=${WORKDAYS};${at}`
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${fields.weekday};${at}`
    case 'monthly':
      return `FREQ=MONTHLY;BYMONTHDAY=${fields.monthDay};${at}`
  }
}

/** The fields of a rule the form can say, else null. */
export function scheduleFields(rule: string): ScheduleFields | null {
  const parts = new Map(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => part.split('=') as [string, string])
      .map(([key, value]) => [key.toUpperCase(), (value ?? '').toUpperCase()]),
  )
  const hour = Number(parts.get('BYHOUR'))
  const minute = Number(parts.get('BYMINUTE') ?? '0')
  const known = new Set(['FREQ', 'BYHOUR', 'BYMINUTE', 'BYDAY', 'BYMONTHDAY'])
  if ([...parts.keys()].some((key) => !known.has(key))) return null
  if (
    !Number.isInteger(hour) ||
    hour < 0 ||
    hour > 23 ||
    !Number.isInteger(minute) ||
    minute < 0 ||
    minute > 59
  )
    return null
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
  const byDay = parts.get('BYDAY')
  const monthDay = Number(parts.get('BYMONTHDAY'))
  const base = { ...DEFAULT_SCHEDULE, time }
  switch (parts.get('FREQ')) {
    case 'DAILY':
      return byDay || parts.has('BYMONTHDAY') ? null : { ...base, repeat: 'daily' }
    case 'WEEKLY':
      if (parts.has('BYMONTHDAY')) return null
      if (byDay === WORKDAYS) return { ...base, repeat: 'weekdays' }
      return byDay && WEEKDAYS.includes(byDay) ? { ...base, repeat: 'weekly', weekday: byDay } : null
    case 'MONTHLY':
      return !byDay && Number.isInteger(monthDay) && monthDay >= 1 && monthDay <= 28
        ? { ...base, repeat: 'monthly', monthDay }
        : null
    default:
      return null
  }
}
