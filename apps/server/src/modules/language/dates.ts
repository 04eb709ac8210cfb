import { type CalendarDay, isMemoryDate, addDays, todayIn, knownTimeZone } from '@remi/shared'
import * as chrono from 'chrono-node'
import {
  NAMED_DAYS,
  HOLIDAY_WORDS,
  DAY_OF_MONTH,
  MONTH_DAY,
  monthNumber,
  dayFrom,
  WEEKDAY_WORD,
  weekdayIndex,
  WEEKDAY_NAME,
  fixed,
  weekdayOf,
} from './lexicon.ts'
import { straightQuotes, PAST_TENSE } from './text.ts'

/** The day known by name that some words are ("Christmas", "Easter"), the next (or the last) one. */
export function holiday(
  words: string,
  today: CalendarDay,
  past = false,
): { name: string; day: CalendarDay } | null {
  const named = namedDayOf(words)
  const day = named && nextOf(named.in, today, past)
  return named && day ? { name: named.name, day } : null
}

const namedDayOf = (words: string) => {
  const bare = straightQuotes(words.trim()).replace(/\s+/g, ' ')
  return NAMED_DAYS.find((d) => d.pattern.test(bare))
}

/** Whether a text names this day known by name ("Easter brunch" names Easter; "Easter Monday picnic" does not). */
export function mentionsHoliday(text: string, name: string): boolean {
  const all = new RegExp(HOLIDAY_WORDS.source, 'giu')
  return [...straightQuotes(text).matchAll(all)].some((m) => namedDayOf(m[0])?.name === name)
}

/**
 * The month and day a text writes out ("Ana's birthday is May 12", "born on 30 January 1985", "the 3rd
 * of June"), by the month's name; null when it writes none, or one no year has ("April 31").
 */
export function monthDayIn(text: string): { month: number; day: number } | null {
  const match = DAY_OF_MONTH.exec(text) ?? MONTH_DAY.exec(text)
  if (!match) return null
  const [name, day] = /^\d/.test(match[1]!) ? [match[2]!, Number(match[1])] : [match[1]!, Number(match[2])]
  const month = monthNumber(name)
  // 2000 is a leap year: February 29 is a day some years have.
  return isMemoryDate(dayFrom(2000, month, day)) ? { month, day } : null
}

/** The next whole month by this name: this one while it lasts. */
export function monthRange(name: string, today: CalendarDay): DayRange {
  const index = monthNumber(name) - 1
  const thisMonth = Number(today.slice(5, 7)) - 1
  const from = firstOfMonth(today, (index - thisMonth + 12) % 12)
  return { from: index === thisMonth ? today : from, to: addDays(firstOfMonth(from, 1), -1) }
}

/**
 * The day some words name, from today on (or back from it, `past`): a date or relative day
 * ("December 3", "next Friday", "tomorrow") or a day known by name ("Christmas", "New Year's Eve").
 * Null when they name none.
 */
export function dayNamedBy(words: string, timeZone: string, now: Date, past = false): CalendarDay | null {
  const today = todayIn(timeZone, now)
  const bare = straightQuotes(words.trim())
  const named = holiday(bare, today, past)
  if (named) return named.day
  if (/^today$/i.test(bare)) return today
  // A year: its first day.
  if (/^\d{4}$/.test(bare) && isMemoryDate(`${bare}-01-01`)) return `${bare}-01-01`
  // Read as a sentence in the past tense when asked about one: the last such day, not the next.
  const lead = past ? 'was ' : ''
  const found = findDate(lead + bare, timeZone, now)
  // The words must be the date, not a sentence that holds one ("Ana's party on Friday").
  return found && found.index === lead.length && found.text.trim() === bare ? found.day : null
}

export interface DayRange {
  from: CalendarDay
  to: CalendarDay
}

/** A part of a day, in minutes from midnight (to is exclusive). */
export interface DayPart {
  name: 'morning' | 'afternoon' | 'evening'
  from: number
  to: number
}

const DAY_PARTS: Record<DayPart['name'], [number, number]> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
}

/** "Am I free tomorrow afternoon?", "anything tonight?": the part of the day asked about, or null. */
export function dayPart(text: string): DayPart | null {
  const match = /(?<!\bgood\s+)\b(morning|afternoon|evening|tonight)\b/i.exec(text)
  if (!match) return null
  const word = match[1]!.toLowerCase()
  const name = word === 'tonight' ? 'evening' : (word as DayPart['name'])
  const [from, to] = DAY_PARTS[name]
  return { name, from, to }
}

/** One formatter per zone: making one costs more than reading a question (a recall reads several). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** The zone's UTC offset in minutes at an instant (what chrono-node takes as a time zone). */
function offsetMinutes(timeZone: string, at: Date): number {
  const zone = knownTimeZone(timeZone)
  let format = offsetFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    offsetFormats.set(zone, format)
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '')
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0))
}

/** The first day of the month `offset` months from today's (-1 last month, 1 next month). */
export function firstOfMonth(today: CalendarDay, offset: number): CalendarDay {
  const [year, month] = today.split('-').map(Number) as [number, number]
  const index = year * 12 + month - 1 + offset
  return dayFrom(Math.floor(index / 12), (index % 12) + 1, 1)
}
/** "Booked the table for March 3": a day the past tense looks ahead to. */
export const AHEAD_OF = /\b(?:for|until|till|by|before)\s+(?:the\s+)?$/i

export interface FoundDate {
  day: CalendarDay
  /** The words the date was read from ("on 12 May"), and where they start in the sentence. */
  text: string
  index: number
  /** A day and month without a year, placed in a year by the rule below. */
  yearGuessed: boolean
  /** The name of the day known by name the words are ("Christmas"), when they are one. */
  holiday?: string
}

/**
 * The first date in a sentence, in the user's time zone ("on 12 May", "next Friday", "tomorrow",
 * "in 2 weeks"), or null. A day and month without a year is the NEXT such day, today included
 * ("on 12 May" said on 13 May means 12 May next year), since people mostly note what is coming;
 * a sentence in the past tense ("was", "met", "went", "last") takes the most recent such day instead.
 */
export function findDate(text: string, timeZone: string, now: Date): FoundDate | null {
  const today = todayIn(timeZone, now)
  const reference = { instant: now, timezone: offsetMinutes(timeZone, now) }
  // Day before month first ("12/05" is 12 May), then the month-first forms ("May 12") it misreads.
  let parsed =
    writtenDay(text, today, (index) => inPast(text, index)) ??
    firstDate(chrono.en.GB.parse(text, reference, { forwardDate: true }), text, today) ??
    firstDate(chrono.parse(text, reference, { forwardDate: true }), text, today)
  // "Met Carla last Tuesday": the parser reads the next Tuesday, looking forward.
  if (parsed && inPast(text, parsed.index)) parsed = pastWeekday(parsed, today)
  // "Easter Monday" is not the next Monday.
  const named = holidayIn(text, today)
  const within = (a: FoundDate, b: FoundDate) =>
    a.index < b.index + b.text.length && b.index < a.index + a.text.length
  return named && (!parsed || within(parsed, named)) ? named : parsed
}

function holidayIn(text: string, today: CalendarDay): FoundDate | null {
  const match = HOLIDAY_WORDS.exec(straightQuotes(text))
  const found = match && holiday(match[0], today, inPast(text, match.index))
  if (!match || !found) return null
  return {
    day: found.day,
    text: text.slice(match.index, match.index + match[0].length),
    index: match.index,
    yearGuessed: true,
    holiday: found.name,
  }
}

function firstDate(results: chrono.ParsedResult[], text: string, today: CalendarDay): FoundDate | null {
  for (const result of results) {
    const start = result.start
    const month = start.get('month')
    const dayOfMonth = start.get('day')
    const year = start.get('year')
    if (!month || !dayOfMonth || !year) continue
    // A bare time ("at 3pm") or a vague "this week" is not a date to keep.
    if (!start.isCertain('day') && !start.isCertain('weekday')) continue
    const yearGuessed = start.isCertain('month') && start.isCertain('day') && !start.isCertain('year')
    if (!yearGuessed) {
      const day = dayFrom(year, month, dayOfMonth)
      if (isMemoryDate(day)) return { day, text: result.text, index: result.index, yearGuessed }
      continue
    }
    const day = yearly(month, dayOfMonth, today, inPast(text, result.index))
    if (day) return { day, text: result.text, index: result.index, yearGuessed }
  }
  return null
}

/**
 * A weekday alone ("on Tuesday", "last Tuesday") in a sentence about the past: the last one, today's
 * unless it says "last". Not one it says is to come ("we decided to meet next Tuesday").
 */
export function pastWeekday(found: FoundDate, today: CalendarDay): FoundDate {
  const name = WEEKDAY_WORD.exec(found.text)
  if (!name || /\d|\b(?:next|coming|after)\b/i.test(found.text)) return found
  const target = weekdayIndex(name[0])
  const back = (weekdayOf(today) - target + 7) % 7 || (/\blast\b/i.test(found.text) ? 7 : 0)
  return { ...found, day: addDays(today, -back) }
}

/** Whether a sentence is in the past tense, for a date at `index` that it does not look ahead to. */
const inPast = (text: string, index: number) => PAST_TENSE.test(text) && !AHEAD_OF.test(text.slice(0, index))

/** "The Friday after next": the weekday a week after the next one. */
export const AFTER_NEXT = new RegExp(String.raw`\b(${WEEKDAY_NAME})\s+after\s+next\b`, 'i')
/**
 * "On the 3rd": a day of this month, or of the next when it has passed. Not "the 2nd floor" (a word
 * follows that is not a joining one) nor "the 3rd of May" (chrono's).
 */
const ORDINAL_DAY =
  /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?!(?:at|in|and|or|to|with|for|from|so|but|when|because|until|till)\b)\p{L})/iu

function writtenDay(text: string, today: CalendarDay, past: (index: number) => boolean): FoundDate | null {
  const after = AFTER_NEXT.exec(text)
  if (after) {
    const target = weekdayIndex(after[1]!)
    const next = addDays(today, ((target - weekdayOf(today) + 6) % 7) + 1)
    return { day: addDays(next, 7), text: after[0], index: after.index, yearGuessed: false }
  }
  const ordinal = ORDINAL_DAY.exec(text)
  if (ordinal) {
    const n = Number(ordinal[1])
    const back = past(ordinal.index)
    for (let offset = 0; offset <= 12 && n >= 1 && n <= 31; offset++) {
      const month = firstOfMonth(today, back ? -offset : offset)
      const day = dayFrom(Number(month.slice(0, 4)), Number(month.slice(5, 7)), n)
      if (!isMemoryDate(day) || (back ? day > today : day < today)) continue
      return { day, text: ordinal[0], index: ordinal.index, yearGuessed: true }
    }
  }
  return null
}

/**
 * The next day with this month and day, today included, or with `past` the last one; 29 February waits
 * for (or looks back to) a year that has one. Null past eight years or the dates a memory can have.
 */
export function yearly(
  month: number,
  dayOfMonth: number,
  today: CalendarDay,
  past = false,
): CalendarDay | null {
  return nextOf(fixed(month, dayOfMonth), today, past)
}

/** The first day from today on (or back from it) that a year's day falls on, within eight years. */
function nextOf(dayIn: (year: number) => CalendarDay, today: CalendarDay, past: boolean): CalendarDay | null {
  const thisYear = Number(today.slice(0, 4))
  for (let offset = 0; offset <= 8; offset++) {
    const candidate = dayIn(past ? thisYear - offset : thisYear + offset)
    if (!isMemoryDate(candidate)) continue
    if (past ? candidate <= today : candidate >= today) return candidate
  }
  return null
}
