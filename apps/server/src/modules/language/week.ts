import { quickDateRange, type CalendarDay } from '@remi/shared'
import type { DayRange } from './dates.ts'
import { POLITE, straightQuotes } from './text.ts'

/** Which week a summary is of: this one (Sunday to today) or the one before it. */
export type WeekAsked = 'this' | 'last'

const WEEK = String.raw`(?:(my|this|the|last|the last|the past|previous|the previous) week)`
const ASK = String.raw`(?:(?:give|show|tell|send|get) me |i'd like |i want |can i (?:get|have) |let's (?:have|do) )?`
const LEAD = String.raw`^\s*${POLITE}${ASK}`
const END = String.raw`(?:,? (?:please|remi))*\s*[?.!]*\s*$`

/**
 * "Summarize my week", "summarise this week", "recap of my week", "how was my week?", "what happened
 * this week", "week in review", "give me a summary of last week". Not "summary of my day" (the
 * briefing's), nor "what happened last week?" (the memories of those days, as it was before).
 */
const WEEK_SUMMARY = [
  new RegExp(String.raw`${LEAD}summari[sz]e ${WEEK}${END}`, 'i'),
  new RegExp(
    String.raw`${LEAD}(?:(?:a|my|the) )?(?:weekly )?(?:summary|recap|review|round-?up|rundown|overview) (?:of|for) ${WEEK}${END}`,
    'i',
  ),
  new RegExp(
    String.raw`${LEAD}(?:(?:a|my|the) )?weekly (?:summary|recap|review|round-?up|rundown|overview)${END}`,
    'i',
  ),
  new RegExp(String.raw`${LEAD}(?:(my|this|last) )?week in review${END}`, 'i'),
  new RegExp(String.raw`${LEAD}(?:how (?:was|has|did) ${WEEK}(?: been| go| gone)?)${END}`, 'i'),
  new RegExp(
    String.raw`${LEAD}what(?: has|'s)? happened (?:this week|in my week|during my week)(?: so far)?${END}`,
    'i',
  ),
]

/** The week a request for a week's summary asks about, or null when the message is not one. */
export function weekSummaryAsked(message: string): WeekAsked | null {
  const text = straightQuotes(message)
  const match = WEEK_SUMMARY.map((pattern) => pattern.exec(text)).find(Boolean)
  if (!match) return null
  const which = match.slice(1).find((word) => word !== undefined) ?? ''
  return /last|past|previous/i.test(which) ? 'last' : 'this'
}

/**
 * The days of the week asked about, Sunday to Saturday as the product's "This Week" and "Last Week"
 * count them (quickDateRange) on the person's calendar: this week up to today, or the whole of the
 * week before it.
 */
export function weekDays(asked: WeekAsked, today: CalendarDay): DayRange {
  if (asked === 'this') return { from: quickDateRange('thisWeek', today).startDate, to: today }
  const { startDate, endDate } = quickDateRange('lastWeek', today)
  return { from: startDate, to: endDate }
}
