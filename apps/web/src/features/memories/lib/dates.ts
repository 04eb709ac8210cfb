/** How memory dates are shown; the calendar arithmetic itself lives in @remi/shared's time module. */
import type { TFunction } from 'i18next'
import type { QuickDateFilter } from '@remi/shared'
import { i18n, screenLocale } from '../../../lib/i18n'

/** The quick date filters, in the order the buttons show them (their labels are in the catalogues). */
export const QUICK_DATE_FILTERS: readonly QuickDateFilter[] = ['lastWeek', 'thisWeek', 'thisMonth']

/**
 * The locale memory dates are written in: the screen's (screenLocale()) in a translated language; in
 * English the one the screens wrote before they were translated ('Jan 5, 2026' on cards is the spec's).
 */
export function dateLocale(english: string): string | undefined {
  const language = i18n.resolvedLanguage ?? i18n.language
  return !language || language === 'en' ? english : screenLocale()
}

const DAY_FORMAT = { month: 'short', day: 'numeric', year: 'numeric' } as const
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The card's date: 'No date' when missing, 'Invalid date' when unreadable, else like 'Jan 5, 2026'
 * (as the screen's language writes it). A calendar day is shown as that day; a timestamp as its day in
 * `timeZone`.
 */
export function formatMemoryDate(
  value: string | null | undefined,
  timeZone?: string,
  t: TFunction = i18n.t,
): string {
  if (value === null || value === undefined || value === '') return t('memories.card.noDate')
  const locale = dateLocale('en-US')
  const day = ISO_DAY.exec(value)
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])]
    const at = new Date(Date.UTC(y, m - 1, d))
    if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d)
      return t('memories.card.invalidDate')
    return new Intl.DateTimeFormat(locale, { ...DAY_FORMAT, timeZone: 'UTC' }).format(at)
  }
  const instant = new Date(value)
  if (Number.isNaN(instant.getTime())) return t('memories.card.invalidDate')
  try {
    return new Intl.DateTimeFormat(locale, { ...DAY_FORMAT, timeZone: timeZone || undefined }).format(instant)
  } catch {
    // A zone this browser does not know: its own.
    return new Intl.DateTimeFormat(locale, DAY_FORMAT).format(instant)
  }
}
