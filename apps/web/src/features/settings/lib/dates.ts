/** How Settings writes dates: as the screen's language writes them; in English as it did before. */
import { personLocale } from '../../../lib/clock'
import { i18n, screenLocale } from '../../../lib/i18n'

/** The screen's locale (screenLocale()) in a translated language; `english` when the screens are in English. */
function dateLocale(english: string | undefined): string | undefined {
  const language = i18n.resolvedLanguage ?? i18n.language
  return !language || language === 'en' ? english : screenLocale()
}

function format(
  iso: string,
  options: Intl.DateTimeFormatOptions,
  locale: string | undefined,
  timeZone?: string,
): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return '—'
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone || undefined }).format(instant)
  } catch {
    // A zone this browser does not know: its own.
    return new Intl.DateTimeFormat(locale, options).format(instant)
  }
}

const DAY = { month: 'short', day: 'numeric', year: 'numeric' } as const

/** 'Jan 5, 2026' in the user's zone (the browser's when none is set); '5 de jan. de 2026' in pt-PT. */
export function formatDay(iso: string, timeZone: string): string {
  return format(iso, DAY, dateLocale('en-US'), timeZone)
}

/** 'Jan 5, 2026, 10:00 AM' in the user's zone; in English, in the browser's own order (formatDateTime's). */
export function formatWhen(iso: string, timeZone: string): string {
  return format(iso, { ...DAY, hour: '2-digit', minute: '2-digit' }, dateLocale(personLocale()), timeZone)
}

/** '1/5/2026' in English, as the screen's language writes a short date otherwise. */
export function formatShortDate(iso: string): string {
  return format(iso, {}, dateLocale('en-US'))
}

/** 12340 → "12 340" in English (groups of three with a no-break space, so a number never wraps). */
export function formatCount(n: number): string {
  const language = i18n.resolvedLanguage ?? i18n.language
  if (!language || language === 'en') return n.toLocaleString('en-US').replaceAll(',', '\u00a0')
  return new Intl.NumberFormat(screenLocale()).format(n)
}
