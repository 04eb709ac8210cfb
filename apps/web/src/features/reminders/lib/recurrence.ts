/** The repeats a person picks in the reminder form, and any RRULE said in a few words. */
import { i18n, screenLocale } from '../../../lib/i18n'
import { weekdayName } from './due'

/** The form's choices; their labels are the `reminders.repeat` texts. */
export const recurrenceChoices = [
  { value: '', label: 'none' },
  { value: 'FREQ=DAILY', label: 'daily' },
  { value: 'FREQ=WEEKLY', label: 'weekly' },
  { value: 'FREQ=MONTHLY', label: 'monthly' },
  { value: 'FREQ=YEARLY', label: 'yearly' },
] as const

const UNITS = {
  MINUTELY: 'minute',
  HOURLY: 'hour',
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  YEARLY: 'year',
} as const

/** 'Monday, Wednesday and Friday' (English as before, without the American comma), in the screens' language. */
function list(items: string[]): string {
  const language = i18n.resolvedLanguage ?? i18n.language
  const locale = !language || language === 'en' ? 'en-GB' : screenLocale()
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items)
}

/**
 * 'Every Monday', 'Every 2 weeks', 'Every month on the 1st', 'Every day' (in the screens' language); an
 * RRULE with parts this does not read is 'Repeats (FREQ=…)', so nothing is said wrongly.
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
  const unknown = () => i18n.t('reminders.recurrence.unknown', { rule: rrule })
  const unit = UNITS[(parts.get('FREQ') ?? '') as keyof typeof UNITS] as
    (typeof UNITS)[keyof typeof UNITS] | undefined
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'WKST'])
  if (!unit || [...parts.keys()].some((key) => !known.has(key))) return unknown()
  const interval = Number(parts.get('INTERVAL') ?? '1') || 1
  const every = i18n.t(`reminders.recurrence.${unit}`, { count: interval })
  const byDay = parts.get('BYDAY')
  if (byDay) {
    const days = byDay.split(',').map(weekdayName)
    if (days.some((d) => !d)) return unknown()
    const named = list(days as string[])
    return interval === 1 && parts.get('FREQ') === 'WEEKLY'
      ? i18n.t('reminders.recurrence.everyDays', { days: named })
      : i18n.t('reminders.recurrence.onDays', { every, days: named })
  }
  const byMonthDay = parts.get('BYMONTHDAY')
  if (byMonthDay) {
    const day = Number(byMonthDay)
    if (!Number.isInteger(day)) return unknown()
    return day === -1
      ? i18n.t('reminders.recurrence.onLastDay', { every })
      : i18n.t('reminders.recurrence.onMonthDay', { every, day })
  }
  return every
}
