import { knownTimeZone } from '@remi/shared'
import { formatClock } from '../../../lib/clock'
import { i18n, screenLocale } from '../../../lib/i18n'
import { formatDue, zonedParts } from '../../../lib/zoned-time'

const upper = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/**
 * The locale words (weekdays, units) are written in: screenLocale(), but English words whenever the screens
 * are in English, whatever the browser's own language (screenLocale() is the browser's locale then).
 */
export function wordsLocale(): string {
  const language = i18n.resolvedLanguage ?? i18n.language
  const locale = screenLocale()
  if (!language || language === 'en') return locale?.toLowerCase().startsWith('en') ? locale : 'en-GB'
  return locale ?? language
}

/**
 * formatDue (lib/zoned-time.ts) in the screens' language: 'Today at 17:00', 'Hoje às 17:00', 'Morgen um
 * 09:00', 'vendredi 27 novembre à 17:00' mid-sentence; today, tomorrow and yesterday, the date and the time
 * as Intl writes them in screenLocale(). English is formatDue's own text, word for word.
 */
export function formatDueIn(
  instant: Date | string,
  zone: string,
  now: Date = new Date(),
  /** 'today at 17:00' inside a sentence ('Sent today at 17:00'). */
  midSentence = false,
): string {
  const language = i18n.resolvedLanguage ?? i18n.language
  if (!language || language === 'en') return formatDue(instant, zone, now, midSentence)
  const at = new Date(instant)
  if (Number.isNaN(at.getTime())) return i18n.t('reminders.due.invalid')
  const locale = screenLocale()
  const tz = knownTimeZone(zone)
  const { day, time: wall } = zonedParts(at, tz)
  const time = formatClock(at, tz, locale)
  const today = zonedParts(now, tz).day
  const offset = [-1, 0, 1].find(
    (days) => zonedParts(new Date(now.getTime() + days * 86_400_000), tz).day === day,
  )
  let date: string
  if (offset !== undefined) {
    date = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(offset, 'day')
  } else {
    date = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
      timeZone: tz,
    }).format(at)
  }
  return i18n.t('reminders.due.at', {
    day: midSentence ? date : upper(date),
    time,
    hour: Number(wall.slice(0, 2)),
  })
}

/** A length of time in the screens' language, as Intl writes it: '10 minutes', '1 hora', '1 Tag'. */
export function formatDuration(minutes: number): string {
  const [value, unit] =
    minutes % 1440 === 0
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute']
  return new Intl.NumberFormat(wordsLocale(), { style: 'unit', unit, unitDisplay: 'long' }).format(value)
}

/** The weekday of an RRULE's BYDAY code (MO … SU) as Intl writes it in the screens' language. */
export function weekdayName(code: string): string | undefined {
  const index = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].indexOf(code)
  if (index < 0) return undefined
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(wordsLocale(), { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1 + index),
  )
}

export { upper as capitalise }
