/** The repeats a person picks in the reminder form, and any RRULE said in a few words. */

export const recurrenceChoices = [
  { value: '', label: 'Does not repeat' },
  { value: 'FREQ=DAILY', label: 'Every day' },
  { value: 'FREQ=WEEKLY', label: 'Every week' },
  { value: 'FREQ=MONTHLY', label: 'Every month' },
  { value: 'FREQ=YEARLY', label: 'Every year' },
] as const

const DAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
}
const UNITS: Record<string, [string, string]> = {
  MINUTELY: ['minute', 'minutes'],
  HOURLY: ['hour', 'hours'],
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
}

function ordinal(n: number): string {
  if (n === -1) return 'last day'
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/**
 * 'Every Monday', 'Every 2 weeks', 'Every month on the 1st', 'Every day'; an RRULE with parts this does
 * not read is 'Repeats (FREQ=…)', so nothing is said wrongly.
 */
export function describeRecurrence(rrule: string | null): string | null {
  if (!rrule) return null
  const parts = new Map(
    rrule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => part.split('=') as [string, string | undefined])
      .map(([key, value]) => [key.toUpperCase(), (value ?? '').toUpperCase()]),
  )
  const unit = UNITS[parts.get('FREQ') ?? '']
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'WKST'])
  if (!unit || [...parts.keys()].some((key) => !known.has(key))) return `Repeats (${rrule})`
  const interval = Number(parts.get('INTERVAL') ?? '1') || 1
  const every = interval === 1 ? `Every ${unit[0]}` : `Every ${interval} ${unit[1]}`
  const byDay = parts.get('BYDAY')
  if (byDay) {
    const days = byDay.split(',').map((d) => DAYS[d])
    if (days.some((d) => !d)) return `Repeats (${rrule})`
    const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : days[0]
    return interval === 1 && parts.get('FREQ') === 'WEEKLY' ? `Every ${list}` : `${every} on ${list}`
  }
  const byMonthDay = parts.get('BYMONTHDAY')
  if (byMonthDay) {
    const day = Number(byMonthDay)
    if (!Number.isInteger(day)) return `Repeats (${rrule})`
    return `${every} on the ${ordinal(day)}`
  }
  return every
}
