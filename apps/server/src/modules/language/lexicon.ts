import { type CalendarDay, addDays } from '@remi/shared'

/**
 * The words the offline assistant reads days and amounts by: months, weekdays, days known by name,
 * numbers written out, money. One list each; format.ts writes days with the same names.
 */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** A day's place in the week, 0 for Sunday (an index into WEEKDAYS). */
export function weekdayOf(day: CalendarDay): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

/** Money as words name it after an amount ("12 euros", "300 USD"). */
export const MONEY_WORDS = String.raw`euros?|eur|dollars?|usd|bucks|pounds?|gbp`

/** A day everyone knows by name: how it is asked for, how it is written, and its day in a year. */
interface NamedDay {
  pattern: RegExp
  name: string
  in: (year: number) => CalendarDay
}

export const fixed = (month: number, day: number) => (year: number) => dayFrom(year, month, day)

/** Easter Sunday (Western churches) of a year: the anonymous Gregorian computus. */
export function easterIn(year: number): CalendarDay {
  const a = year % 19
  const [b, c] = [Math.floor(year / 100), year % 100]
  const [d, e] = [Math.floor(b / 4), b % 4]
  const g = Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const l = (32 + 2 * e + 2 * Math.floor(c / 4) - h - (c % 4)) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const n = h + l - 7 * m + 114
  return dayFrom(year, Math.floor(n / 31), (n % 31) + 1)
}

export const NAMED_DAYS: NamedDay[] = [
  { pattern: /^christmas eve$/i, name: 'Christmas Eve', in: fixed(12, 24) },
  { pattern: /^christmas(?: day)?$/i, name: 'Christmas', in: fixed(12, 25) },
  { pattern: /^new year'?s eve$/i, name: "New Year's Eve", in: fixed(12, 31) },
  { pattern: /^(?:the )?new year(?:'?s)?(?: day)?$/i, name: "New Year's Day", in: fixed(1, 1) },
  { pattern: /^halloween$/i, name: 'Halloween', in: fixed(10, 31) },
  { pattern: /^(?:saint |st\.? )?valentine'?s(?: day)?$/i, name: "Valentine's Day", in: fixed(2, 14) },
  // Easter Monday before Easter: in a sentence, the longer name is looked for first.
  { pattern: /^good friday$/i, name: 'Good Friday', in: (year) => addDays(easterIn(year), -2) },
  { pattern: /^easter monday$/i, name: 'Easter Monday', in: (year) => addDays(easterIn(year), 1) },
  { pattern: /^easter(?: sunday)?$/i, name: 'Easter', in: easterIn },
  {
    // The United States' (the fourth Thursday of November).
    pattern: /^thanksgiving(?: day)?$/i,
    name: 'Thanksgiving',
    in: (year) => {
      const first = dayFrom(year, 11, 1)
      return addDays(first, ((4 - weekdayOf(first) + 7) % 7) + 21)
    },
  },
]

/** A month's number (1–12) by its name or short name ("sept", "December"). */
export const monthNumber = (name: string) =>
  MONTHS.findIndex((m) => m.toLowerCase().startsWith(name.slice(0, 3).toLowerCase())) + 1

/** A weekday's name, in a pattern. */
export const WEEKDAY_NAME = `(?:${WEEKDAYS.join('|').toLowerCase()})`
/** A month by its name or its short name only ("mar", "march"; not "marta"). */
export const MONTH_NAME =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
/** A word that is a month's name alone. */
export const MONTH_WORD = new RegExp(`^${MONTH_NAME}$`, 'i')
/** "30 January", "the 3rd of June" and "May 12", "Sept. 3rd", by a month's name only (monthDayIn). */
export const DAY_OF_MONTH = new RegExp(
  String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_NAME})\b`,
  'i',
)
export const MONTH_DAY = new RegExp(
  String.raw`\b(${MONTH_NAME})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?![:.]\d)`,
  'i',
)

const pad = (n: number) => String(n).padStart(2, '0')
export const dayFrom = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`

/** A day known by name anywhere in a sentence ("Christmas dinner at grandma's"), in the sentence's tense. */
export const HOLIDAY_WORDS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${NAMED_DAYS.map((d) => d.pattern.source.slice(1, -1)).join('|')})(?![\p{L}\p{N}])`,
  'iu',
)

/** 0 for "Sunday" (any case) to 6 for "Saturday". */
export const weekdayIndex = (name: string) =>
  WEEKDAYS.findIndex((d) => d.toLowerCase() === name.toLowerCase())

export const WEEKDAY_WORD = new RegExp(String.raw`\b${WEEKDAY_NAME}\b`, 'i')

/** "In November", "for March 2027", "during May": a whole month (not "for May 3", a day). */
export const NAMED_MONTH = new RegExp(
  String.raw`\b(?:in|during|for)\s+(${MONTH_NAME})\b(?:\s+(\d{4})\b)?(?!\s+\d{1,2}(?:st|nd|rd|th)?\b)`,
  'i',
)
export const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
}
