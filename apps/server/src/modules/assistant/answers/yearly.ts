import { daysBetween } from '@remi/shared'
import { formatDay, monthDayIn, yearly, type YearlyDaysQuestion, isPastTense } from '../../language/index.ts'
import type { ToolMemory } from '../tools/index.ts'
import { wordsOf } from './search.ts'
import { quote, tagsAfter } from './words.ts'

/** "Thursday, December 3 (in 7 days)". */
export function daysAway(day: string, today: string) {
  const n = daysBetween(today, day)
  return `${formatDay(day, { weekday: true, today })} (${n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`})`
}

/** ", turns 36" for a birthday whose text gives the year of birth; ", 12 years" for an anniversary's. */
export function yearsOn(text: string, next: string): string {
  const year = /\b(?:born|married|since|wedding)\b[^.;]*?\b(1[89]\d\d|20\d\d)\b/i.exec(text)?.[1]
  const years = year ? Number(next.slice(0, 4)) - Number(year) : 0
  if (years <= 0) return ''
  return /\bborn\b|\bbirthday\b/i.test(text)
    ? `, turns ${years}`
    : `, ${years} ${years === 1 ? 'year' : 'years'}`
}

/**
 * The month and day a memory comes back on each year: the day its text writes out ("Bruno's birthday is
 * March 14", typed under Memories, is dated the day it was saved unless another is chosen), else its date's.
 */
function dayOfYear(m: ToolMemory): { month: number; day: number } | null {
  return (
    monthDayIn(m.text) ??
    (m.date ? { month: Number(m.date.slice(5, 7)), day: Number(m.date.slice(8)) } : null)
  )
}

/**
 * A memory of a birthday ("Ana's birthday is June 4", "Bruno was born on 3 December 1990") or an
 * anniversary, with its day. One telling of a day that has been ("Ana's birthday last year was fun") is not.
 */
export function isYearly(m: ToolMemory, kind: YearlyDaysQuestion['kind']): boolean {
  const text = wordsOf(m)
  if (!dayOfYear(m)) return false
  if (kind === 'birthday' && /\bborn\b/i.test(m.text)) return true
  const word = kind === 'birthday' ? /\bbirthdays?\b/i : /\banniversar(?:y|ies)\b/i
  return word.test(text) && !isPastTense(m.text)
}

/** The next day (or with `past` the last) a birthday or anniversary memory comes back on; null for any other. */
export function nextYearly(m: ToolMemory, from: string, past = false): string | null {
  const day = (isYearly(m, 'birthday') || isYearly(m, 'anniversary')) && dayOfYear(m)
  return day ? yearly(day.month, day.day, from, past) : null
}

/**
 * A birthday or anniversary memory on its next day ("Ana's birthday is June 4", saved last year, is
 * this year's), with the age when its text gives a year of birth; null for any other memory.
 */
export function yearlyLine(m: ToolMemory, today: string): string | null {
  const next = nextYearly(m, today)
  return (
    next &&
    `- **${daysAway(next, today)}**${yearsOn(m.text, next)}: ${quote(m.text, 300)}${tagsAfter(m.tags)}`
  )
}
