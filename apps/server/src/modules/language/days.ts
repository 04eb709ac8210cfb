import { todayIn, type CalendarDay, addDays, quickDateRange } from '@remi/shared'
import {
  type DayRange,
  type DayPart,
  dayPart,
  firstOfMonth,
  AFTER_NEXT,
  findDate,
  pastWeekday,
} from './dates.ts'
import {
  weekdayIndex,
  WEEKDAY_NAME,
  MONTH_NAME,
  NAMED_MONTH,
  monthNumber,
  dayFrom,
  weekdayOf,
} from './lexicon.ts'
import { straightQuotes, isPastTense, PAST_TENSE, SAVING } from './text.ts'

export const TIME_WORDS =
  /\b(today|tonight|tomorrow|this (?:morning|afternoon|evening)|this week|my week|next week|this month|next month|(?:this |the )?weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i

/** "Summarize my week", "a recap of today", "an overview of tomorrow". */
const RECAP_WORDS = /\b(summar(?:y|ize|ise)|recap|overview)\b/i
export const DATE_WORDS = new RegExp(
  `\\b(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME}|${MONTH_NAME}\\s+\\d{1,2}(?:st|nd|rd|th)?)\\b`,
  'i',
)

/**
 * With no day named, "what's coming up?", "what's on my to-do list?", "my reminders?" and "what do I need
 * to remember?" are about the next seven days.
 */
export const AHEAD_WORDS =
  /\b(coming up|upcoming|next few days|to-?dos?|to-do list|to do list|tasks|reminders|(?:need|have) to remember)\b/i

/**
 * "Am I free at 3pm tomorrow?", "am I busy at 10:30?", "do I have anything at noon?": the time asked
 * about, in minutes from midnight, or null. An hour from 1 to 6 with no am or pm is the afternoon's;
 * from 7 to 11, the evening's when that hour of the morning has `passed` (minutes from midnight, today).
 */
export function availabilityTime(text: string, passed?: number): number | null {
  const plain = straightQuotes(text)
  const asks =
    /\b(?:am i|are we|will i be) (?:free|busy|available)\b|\b(?:do|have) i (?:have|got) (?:anything|something|a meeting)\b|\bwhat (?:do|have) i (?:have|got)(?: on)? at\b/i
  if (!asks.test(plain)) return null
  if (/\bat (?:noon|midday)\b/i.test(plain)) return 12 * 60
  const match = /\bat (\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?m\b\.?)?(?![\d:])/i.exec(plain)
  if (!match) return null
  let hour = Number(match[1])
  const minute = Number(match[2] ?? 0)
  const half = match[3]?.toLowerCase()
  if (hour > 23 || minute > 59 || (half && (hour === 0 || hour > 12))) return null
  if (half === 'p' && hour < 12) hour += 12
  else if (half === 'a' && hour === 12) hour = 0
  else if (!half && hour >= 1 && hour <= 6) hour += 12
  // "Am I free at 7?" asked at 15:00 about today: the 07:00 that has passed is not what is meant.
  else if (!half && hour >= 7 && hour <= 11 && passed !== undefined && hour * 60 + minute < passed) hour += 12
  return hour * 60 + minute
}

/** The days a question is about, and for one day the part of it it names ("tomorrow afternoon"). */
export type RequestedDays = DayRange & { week: boolean; part?: DayPart }

/**
 * The days a weather or calendar question is about: today (when nothing is said), tomorrow, a
 * weekday (the next one, today included), the weekend, this week (today to Saturday: weeks start on
 * Sunday, as in the rest of the product), next week (Sunday to Saturday), a date in the sentence, or
 * the next seven days for "what's coming up?". A single day keeps the part of it the question names.
 */
export function daysAskedAbout(text: string, timeZone: string, now: Date): RequestedDays {
  const range = daysInText(text, timeZone, now)
  const part = range.from === range.to ? dayPart(text) : null
  return part ? { ...range, part } : range
}

export function daysInText(text: string, timeZone: string, now: Date): DayRange & { week: boolean } {
  const today = todayIn(timeZone, now)
  const weekday = weekdayOf(today)
  const single = (day: CalendarDay) => ({ from: day, to: day, week: false })
  // "In the next few days", "the coming 10 days", "the next couple of days": from today (a date reader
  // took "in the next few days" for one day three days on).
  const coming = /\b(?:next|coming)\s+(?:(\d{1,2})|few|couple(?:\s+of)?)\s+days\b/i.exec(text)
  if (coming) {
    const n = coming[1] ? Math.min(Math.max(Number(coming[1]), 1), 16) : /couple/i.test(coming[0]) ? 3 : 7
    return { from: today, to: addDays(today, n - 1), week: n > 1 }
  }
  if (/\bnext week\b/i.test(text)) {
    const sunday = addDays(today, 7 - weekday)
    return { from: sunday, to: addDays(sunday, 6), week: true }
  }
  if (/\b(this week|the week|my week|week ahead|rest of the week)\b/i.test(text)) {
    // A recap of the week is all of it, Sunday to Saturday; "how was my week?" what has been of it;
    // otherwise what is left of it.
    const sunday = addDays(today, -weekday)
    if (isPastTense(text) && !RECAP_WORDS.test(text)) return { from: sunday, to: today, week: true }
    const from = RECAP_WORDS.test(text) ? sunday : today
    // On a Saturday what is left of the week is today: "this week" is then the coming seven days.
    if (weekday === 6 && from === today) return { from: today, to: addDays(today, 6), week: true }
    return { from, to: addDays(today, 6 - weekday), week: true }
  }
  if (/\b(next|this|the rest of the) month\b/i.test(text)) {
    const next = /\bnext month\b/i.test(text)
    const from = next ? firstOfMonth(today, 1) : today
    return { from, to: addDays(firstOfMonth(today, next ? 2 : 1), -1), week: true }
  }
  if (/\bweekend\b/i.test(text)) {
    if (weekday === 0) return single(today)
    const saturday = addDays(today, 6 - weekday)
    return { from: saturday, to: addDays(saturday, 1), week: true }
  }
  if (/\b(tomorrow|tmrw)\b/i.test(text)) return single(addDays(today, 1))
  if (/\b(today|tonight|now|this (?:morning|afternoon|evening))\b/i.test(text)) return single(today)
  const named = /\b(next\s+|last\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/i.exec(text)
  if (named && !named[1] && !AFTER_NEXT.test(text)) {
    const target = weekdayIndex(named[2]!)
    return single(addDays(today, (target - weekday + 7) % 7))
  }
  const found = findDate(text, timeZone, now)
  if (found) return single(found.day)
  if (AHEAD_WORDS.test(text)) return { from: today, to: addDays(today, 6), week: true }
  return single(today)
}
/** A day the memories are for ("noted for tomorrow", "for this weekend"), not the day they were written. */
const FOR_DAY = new RegExp(
  String.raw`\bfor\s+(?:the\s+|this\s+|next\s+|last\s+)?(?:today|tonight|tomorrow|yesterday|weekend|week|month|${WEEKDAY_NAME}|\d|${MONTH_NAME}\b)`,
  'i',
)

/**
 * The days a question about what was noted names ("what did I save yesterday?", "my notes from last
 * week", "what did I write on 3 March?"), looking back: yesterday, last week (Sunday to Saturday), this
 * week or month (so far when asked in the past), last month, this weekend (both days), today, a month
 * by its name, or a date in the sentence; or ahead: next week or month. Null when it names none.
 * `past`: a weekday is the last one ("what did I do on Monday?"), not the next ("what did I note for
 * Monday?"); by default when the question is in the past tense and not about a day "for".
 */
export function memoryDaysAsked(
  text: string,
  timeZone: string,
  now: Date,
  past = (PAST_TENSE.test(text) || /\bhappened\b/i.test(text)) && !FOR_DAY.test(straightQuotes(text)),
): DayRange | null {
  const today = todayIn(timeZone, now)
  if (/\byesterday\b/i.test(text)) return { from: addDays(today, -1), to: addDays(today, -1) }
  if (/\blast weekend\b/i.test(text)) {
    // The Saturday and Sunday before this week's; on a weekend day, the one before it.
    const sinceSaturday = (weekdayOf(today) + 1) % 7
    const saturday = addDays(today, -(sinceSaturday < 2 ? sinceSaturday + 7 : sinceSaturday))
    return { from: saturday, to: addDays(saturday, 1) }
  }
  if (/\b(?:this|the|next) weekend\b/i.test(text)) {
    // This week's Saturday and Sunday (the coming weekend, as the calendar questions read "next
    // weekend" too); on a Sunday, the weekend it ends.
    const saturday = weekdayOf(today) === 0 ? addDays(today, -1) : addDays(today, 6 - weekdayOf(today))
    return { from: saturday, to: addDays(saturday, 1) }
  }
  if (/\blast week\b/i.test(text)) {
    const { startDate, endDate } = quickDateRange('lastWeek', today)
    return { from: startDate, to: endDate ?? today }
  }
  // So far, asked in the past ("what happened this week?"); else all of it ("my list for this week").
  if (/\bthis week\b/i.test(text)) {
    const sunday = quickDateRange('thisWeek', today).startDate
    return { from: sunday, to: past ? today : addDays(sunday, 6) }
  }
  if (/\bthis month\b/i.test(text)) {
    return { from: firstOfMonth(today, 0), to: past ? today : addDays(firstOfMonth(today, 1), -1) }
  }
  if (/\blast month\b/i.test(text)) {
    return { from: firstOfMonth(today, -1), to: addDays(firstOfMonth(today, 0), -1) }
  }
  // Ahead: "what did I note for next week?", "any work stuff next month?".
  if (/\bnext week\b/i.test(text)) {
    const sunday = addDays(today, 7 - weekdayOf(today))
    return { from: sunday, to: addDays(sunday, 6) }
  }
  if (/\bnext month\b/i.test(text)) {
    return { from: firstOfMonth(today, 1), to: addDays(firstOfMonth(today, 2), -1) }
  }
  if (/\btoday\b/i.test(text)) return { from: today, to: today }
  const month = NAMED_MONTH.exec(text)
  if (month) return monthNamed(month[1]!, month[2], today, past)
  const found = findDate(text, timeZone, now)
  if (!found) return null
  // "What happened on Monday?": the last Monday.
  const day = past ? pastWeekday(found, today).day : found.day
  return { from: day, to: day }
}

/**
 * The days of a month named without a year: the last one when asked in the past ("what happened in
 * November?", this one so far while it lasts), else the next one (this one while it lasts, all of it).
 */
function monthNamed(name: string, year: string | undefined, today: CalendarDay, past: boolean): DayRange {
  const month = monthNumber(name)
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const inYear = year
    ? Number(year)
    : past
      ? month <= thisMonth
        ? thisYear
        : thisYear - 1
      : month >= thisMonth
        ? thisYear
        : thisYear + 1
  const from = dayFrom(inYear, month, 1)
  const to = addDays(firstOfMonth(from, 1), -1)
  return { from, to: past && from <= today && today < to ? today : to }
}

/** A word that names a day by itself: a weekday, a month, a day of the month ("20th"). */
const DAY_WORD = new RegExp(
  String.raw`^(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|${MONTH_NAME}|\d{1,2}(?:st|nd|rd|th)?)$`,
  'i',
)
export const isDayWord = (word: string) => DAY_WORD.test(word)

/**
 * "What did I save yesterday?", "how many memories did I add this week?": the days the memories were
 * saved on, up to today, whatever day they are about. Null when the question asks about days the
 * memories are for ("what did I note for this weekend?", "what happened last week?") or none.
 */
export function daysSavedOn(text: string, timeZone: string, now: Date): DayRange | null {
  const asked = straightQuotes(text)
  if (!SAVING.test(asked) || FOR_DAY.test(asked)) return null
  const range = memoryDaysAsked(asked, timeZone, now, true)
  const today = todayIn(timeZone, now)
  if (!range || range.from > today) return null
  return { from: range.from, to: range.to < today ? range.to : today }
}
