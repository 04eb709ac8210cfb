/**
 * Calendar days in a user's IANA zone, for server and web alike. A day travels as a 'YYYY-MM-DD'
 * string (what the API, the database `date` columns and `<input type="date">` speak); an instant as
 * a `Date`. Zone rules come from `@date-fns/tz` (the runtime's Intl data), so a day boundary moved by
 * a DST change, a half-hour offset or a skipped day lands where the zone says it does.
 *
 * Every function that takes a zone first passes it through `knownTimeZone`, so none of them can throw
 * on a stored name this runtime does not know.
 */
import { TZDate } from '@date-fns/tz'
// One module per function: date-fns' index loads all of its ~250 functions, which costs the server
// seconds and over 100 MB at start-up (the web build tree-shakes either way).
import { addDays as addCalendarDays } from 'date-fns/addDays'
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays'
import { formatISO } from 'date-fns/formatISO'
import { endOfMonth } from 'date-fns/endOfMonth'
import { startOfMonth } from 'date-fns/startOfMonth'
import { startOfWeek } from 'date-fns/startOfWeek'
import { subWeeks } from 'date-fns/subWeeks'

/** A calendar day written 'YYYY-MM-DD'. */
export type CalendarDay = string

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const known = new Set<string>(['UTC'])

/**
 * The zone itself when this runtime knows it, else `fallback` (UTC unless told): a stored zone the
 * runtime does not know must give UTC answers, never an exception.
 */
export function knownTimeZone(zone: string | null | undefined, fallback = 'UTC'): string {
  if (!zone) return fallback
  if (known.has(zone)) return zone
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    return fallback
  }
  known.add(zone)
  return zone
}

/** The day as a date at midnight UTC, the neutral ground for pure calendar arithmetic. */
function utcDay(day: CalendarDay): TZDate {
  const match = CALENDAR_DAY.exec(day)
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`)
  return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 'UTC')
}

/** 'YYYY-MM-DD' of a date, read in the date's own zone (a TZDate's getters are its zone's). */
const dayOf = (date: Date): CalendarDay => formatISO(date, { representation: 'date' })

/** The calendar day an instant falls on in the zone. */
export function localDate(instant: Date | number, zone: string): CalendarDay {
  return dayOf(new TZDate(+instant, knownTimeZone(zone)))
}

/** Today in the zone. */
export function todayIn(zone: string, now: Date = new Date()): CalendarDay {
  return localDate(now, zone)
}

/** The day `n` days before today in the zone (`daysAgo(0, zone)` is today). */
export function daysAgo(n: number, zone: string, now: Date = new Date()): CalendarDay {
  return addDays(todayIn(zone, now), -n)
}

/** A day shifted by whole days (negative goes back), across months, leap days and years. */
export function addDays(day: CalendarDay, n: number): CalendarDay {
  return dayOf(addCalendarDays(utcDay(day), n))
}

/** Whole days from one day to another (negative when `to` comes first). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return differenceInCalendarDays(utcDay(to), utcDay(from))
}

/** 'MM-DD', the key for "on this day" (the same month and day in any year). */
export function monthDay(day: CalendarDay): string {
  utcDay(day)
  return day.slice(5)
}

/**
 * The instant a day starts in the zone. Usually local midnight; where a DST change skips midnight
 * (America/Havana, Asia/Beirut) it is the first instant that exists, and a day the zone skipped
 * entirely (Pacific/Apia, 2011-12-30) starts and ends at the same instant.
 */
export function startOfLocalDay(day: CalendarDay, zone: string): Date {
  const d = utcDay(day)
  const local = new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), knownTimeZone(zone))
  return new Date(+local)
}

/** The instants a day covers in the zone: `start` inclusive, `end` (the next day's start) exclusive. */
export function dayBounds(day: CalendarDay, zone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(day, zone), end: startOfLocalDay(addDays(day, 1), zone) }
}

export const quickDateFilters = ['lastWeek', 'thisWeek', 'thisMonth'] as const
export type QuickDateFilter = (typeof quickDateFilters)[number]

/**
 * Spec §9: last week runs from the Sunday before last to the Saturday ending last week; this week
 * from this week's Sunday to its Saturday; this month from the 1st to its last day. Each has an end
 * (issue 46: with none, "This Week" listed notes dated next month). `today` is the user's today
 * (`todayIn(zone)`), so the weeks are the user's weeks, not the server's.
 */
export function quickDateRange(
  filter: QuickDateFilter,
  today: CalendarDay,
): { startDate: CalendarDay; endDate: CalendarDay } {
  const thisSunday = startOfWeek(utcDay(today), { weekStartsOn: 0 })
  switch (filter) {
    case 'lastWeek':
      return { startDate: dayOf(subWeeks(thisSunday, 1)), endDate: dayOf(addCalendarDays(thisSunday, -1)) }
    case 'thisWeek':
      return { startDate: dayOf(thisSunday), endDate: dayOf(addCalendarDays(thisSunday, 6)) }
    case 'thisMonth':
      return { startDate: dayOf(startOfMonth(utcDay(today))), endDate: dayOf(endOfMonth(utcDay(today))) }
  }
}

/** Whether a calendar year has a 29 February (the proleptic Gregorian calendar, as dates are kept). */
export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
