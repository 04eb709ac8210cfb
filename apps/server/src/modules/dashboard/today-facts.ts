import { createHash } from 'node:crypto'
import {
  addDays,
  BRIEFING_LIMITS,
  dayBounds,
  daysBetween,
  monthDay,
  isLeapYear,
  quickDateRange,
  startOfLocalDay,
  todayIn,
  type BriefingSections,
  type BriefingSectionStatus,
  type BriefingSuggestion,
  type CalendarFacts,
  type EventFact,
  type Language,
  type MemoriesFacts,
  type MemoryFact,
  type TodayFacts,
  type WeatherFacts,
  sliceWhole,
} from '@remi/shared'
import type { CalendarEvent } from '../../integrations/calendar/types.ts'
import { wordsFor } from '../../lib/words/index.ts'
import { weatherIn } from '../../lib/words/weather.ts'
import type { UsersService } from '../auth/index.ts'
import { WET_CHANCE, type CalendarService, type WeatherService } from '../datasources/index.ts'
import type { DayMemoryRow, MemoriesService } from '../memories/index.ts'
import { findDate } from '../language/index.ts'

/** Where a source's unexpected failure is reported; the briefing itself only says the source failed. */
export type FactsLogger = { warn: (obj: object, msg: string) => void }

const UNEXPECTED = 'It could not be read right now.'
const UPCOMING_DAYS = 7
/** Birthday and anniversary notes read for their day of the year, the latest written first. */
const YEARLY_NOTES = 200

export function createTodayFacts(deps: {
  users: Pick<UsersService, 'timezoneOf' | 'findById'>
  weather: Pick<WeatherService, 'forecastFor'>
  calendar: Pick<CalendarService, 'eventsBetween'>
  memories: Pick<MemoriesService, 'datedBetween' | 'onMonthDays' | 'createdSince' | 'yearlyNotes'>
}) {
  const { users, weather, calendar, memories } = deps

  async function weatherFacts(userId: string, today: string): Promise<WeatherFacts> {
    const forecast = await weather.forecastFor(userId, today)
    if (!forecast.ok) {
      return forecast.reason === 'disabled'
        ? { status: 'off' }
        : { status: 'failed', reason: forecast.message }
    }
    const day = forecast.day
    const place = [forecast.place.name, forecast.place.country].filter(Boolean).join(', ')
    if (!day) return { status: 'failed', reason: `There is no forecast for today in ${place}.` }
    return {
      status: 'ok',
      place,
      onVacation: forecast.onVacation,
      description: day.description,
      high: Math.round(day.temperatureMax),
      low: Math.round(day.temperatureMin),
      unit: forecast.units.temperature,
      rainChance: day.precipitationProbability,
      sunrise: day.sunrise,
      sunset: day.sunset,
    }
  }

  async function calendarFacts(userId: string, today: string, zone: string): Promise<CalendarFacts> {
    const { start, end } = dayBounds(today, zone)
    const result = await calendar.eventsBetween(userId, start, end)
    if (!result.ok) {
      return result.reason === 'disabled' ? { status: 'off' } : { status: 'failed', reason: result.message }
    }
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const toFact = (event: CalendarEvent): EventFact => {
      const from = new Date(event.start)
      const to = new Date(event.end)
      return {
        title: oneLine(event.title, 200) || '(no title)',
        allDay: event.allDay,
        start: !event.allDay && from >= start ? clock.format(from) : null,
        end: !event.allDay && to <= end ? clock.format(to) : null,
        location: event.location ? oneLine(event.location, 200) : null,
        calendar: event.calendar,
      }
    }
    // The service sorts by start; all-day events go first, each group keeping that order.
    const events = [...result.events.filter((e) => e.allDay), ...result.events.filter((e) => !e.allDay)]
    return {
      status: 'ok',
      events: events.slice(0, BRIEFING_LIMITS.events).map(toFact),
      total: events.length,
      unreadable: result.errors,
    }
  }

  async function memoryFacts(userId: string, today: string, zone: string): Promise<MemoriesFacts> {
    const limit = BRIEFING_LIMITS.memories
    const startOfToday = startOfLocalDay(today, zone)
    const [dueToday, upcoming, earlier, addedThisWeek, yearly] = await Promise.all([
      memories.datedBetween(userId, today, today, limit),
      memories.datedBetween(userId, addDays(today, 1), addDays(today, UPCOMING_DAYS), limit),
      memories.onMonthDays(userId, onThisDayKeys(today), today, limit),
      memories.createdSince(userId, startOfLocalDay(quickDateRange('thisWeek', today).startDate, zone)),
      memories.yearlyNotes(userId, YEARLY_NOTES),
    ])
    // A note written today carries today's date (the memory form opens on it), which is not the day of
    // what it tells: "Mum's birthday is 14 March" is about 14 March. It counts on the day its text names.
    const ofToday: DayMemoryRow[] = []
    const namedAhead: DayMemoryRow[] = []
    for (const m of dueToday) {
      const day = namedDay(m, zone)
      if (!day || day === today) ofToday.push(m)
      else if (day > today && day <= addDays(today, UPCOMING_DAYS)) namedAhead.push({ ...m, day })
    }
    // A birthday or an anniversary comes back every year, on the day its note names, whatever year it
    // was written in. Found by the queries above too, it is listed once, as they found it.
    const listed = new Set([...ofToday, ...upcoming, ...namedAhead].map((m) => m.id))
    const yearlyToday: DayMemoryRow[] = []
    const yearlyAhead: DayMemoryRow[] = []
    for (const m of yearly) {
      const day = listed.has(m.id) ? null : yearlyDay(m, today, zone)
      if (day === today) yearlyToday.push({ ...m, day })
      else if (day && day <= addDays(today, UPCOMING_DAYS)) yearlyAhead.push({ ...m, day })
    }
    const ahead = [...upcoming, ...namedAhead, ...yearlyAhead]
      .sort((a, b) => a.day.localeCompare(b.day) || a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
    // Today's birthdays first: the day's other notes do not push them out of the list.
    const due = [...yearlyToday, ...ofToday].slice(0, limit)
    const shown = new Set([...due, ...ahead].map((m) => m.id))
    return {
      status: 'ok',
      // Written on an earlier day for today: a plan. Written today: a note of the day, listed but not
      // called due.
      dueToday: due.map((m) => ({ ...memoryFact(m), plannedAhead: m.createdAt < startOfToday })),
      upcoming: ahead.map((m) => ({ ...memoryFact(m), daysAhead: daysBetween(today, m.day) })),
      // A birthday back today is today's, not a memory of an earlier year.
      onThisDay: earlier
        .filter((m) => !shown.has(m.id))
        .map((m) => ({
          ...memoryFact(m),
          yearsAgo: Number(today.slice(0, 4)) - Number(m.day.slice(0, 4)),
        })),
      addedThisWeek,
    }
  }

  /**
   * Everything the day's briefing may say, gathered once: a source that is off or failing becomes a
   * status in its section, never an error of the whole.
   */
  async function gatherTodayFacts(
    userId: string,
    options: { now?: Date; log?: FactsLogger } = {},
  ): Promise<TodayFacts> {
    const now = options.now ?? new Date()
    const [zone, user] = await Promise.all([users.timezoneOf(userId), users.findById(userId)])
    const today = todayIn(zone, now)
    const guard = async <T extends { status: string }>(section: string, read: () => Promise<T>) => {
      try {
        return await read()
      } catch (error) {
        options.log?.warn({ err: error, section }, 'briefing source failed')
        return { status: 'failed' as const, reason: UNEXPECTED }
      }
    }
    const [weatherSection, calendarSection, memoriesSection] = await Promise.all([
      guard('weather', () => weatherFacts(userId, today)),
      guard('calendar', () => calendarFacts(userId, today, zone)),
      guard('memories', () => memoryFacts(userId, today, zone)),
    ])
    const language = user?.language ?? 'en'
    const facts: Omit<TodayFacts, 'suggestion'> = {
      date: today,
      weekday: formatDay(today, { weekday: 'long' }),
      // In the person's language: the template and the model write the day as it is read there.
      dateText: formatDay(
        today,
        { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
        wordsFor(language).locale,
      ),
      timeZone: zone,
      userName: user?.name.trim() || null,
      language,
      weather: weatherSection,
      calendar: calendarSection,
      memories: memoriesSection,
    }
    return { ...facts, suggestion: suggest(facts) }
  }

  return { gatherTodayFacts }
}
export type TodayFactsService = ReturnType<typeof createTodayFacts>

/** What each section of a briefing written from these facts shows. */
export function sectionsOf(facts: TodayFacts): BriefingSections {
  type Section = { status: 'ok' | 'off' } | { status: 'failed'; reason: string }
  const status = (section: Section): BriefingSectionStatus =>
    section.status === 'failed' ? { failed: section.reason } : section.status
  return {
    weather: status(facts.weather),
    calendar: status(facts.calendar),
    memories: status(facts.memories),
  }
}

/**
 * A fingerprint of the facts and of who writes from them (a model's id, or the template): a briefing
 * is rewritten when either changed. Facts hold no clock readings, so the same day hashes the same.
 */
export function factsHash(facts: TodayFacts, writer: string): string {
  return createHash('sha256').update(writer).update('\n').update(JSON.stringify(facts)).digest('hex')
}

const RAINY = /rain|drizzle|shower|thunder/i
/** A birthday or anniversary note, in any of Remi's languages. */
const BIRTHDAY =
  /birthday|b-day|bday|anniversary|anivers[áa]rio|cumpleaños|anniversaire|geburtstag|jahrestag/i

/**
 * One concrete suggestion from the facts, in the person's language: rain, then a birthday ahead, then
 * the first event, then what is due.
 */
export function suggest(facts: Omit<TodayFacts, 'suggestion'>): BriefingSuggestion | null {
  const { weather, calendar, memories } = facts
  const { t, locale, language } = wordsFor(facts.language)
  const quoted = (text: string) => quotedIn(language, text)
  if (
    weather.status === 'ok' &&
    ((weather.rainChance ?? 0) >= WET_CHANCE || RAINY.test(weather.description))
  ) {
    const place = weather.place
    const text =
      weather.rainChance !== null
        ? t('briefing.suggestUmbrella', { chance: weather.rainChance, place })
        : t('briefing.suggestUmbrellaSky', { description: weatherIn(language, weather.description), place })
    return { kind: 'umbrella', text }
  }
  if (memories.status === 'ok') {
    const isBirthday = (m: MemoryFact) => BIRTHDAY.test(m.text) || m.tags.some((t) => BIRTHDAY.test(t))
    const today = memories.dueToday.find(isBirthday)
    if (today)
      return { kind: 'reminder', text: t('briefing.suggestBirthdayToday', { memory: quoted(today.text) }) }
    const ahead = memories.upcoming.find(isBirthday)
    if (ahead) {
      return {
        kind: 'reminder',
        text: t('briefing.suggestBirthdayAhead', {
          days: ahead.daysAhead,
          day: dayText(ahead.date, locale),
          memory: quoted(ahead.text),
        }),
      }
    }
  }
  if (calendar.status === 'ok') {
    const first = calendar.events.find((e) => e.start !== null)
    if (first) {
      return {
        kind: 'first_event',
        text: t('briefing.suggestFirstEvent', {
          busy: calendar.total >= 3 ? 'yes' : 'no',
          count: calendar.total,
          title: first.title,
          time: first.start!,
        }),
      }
    }
  }
  const planned = memories.status === 'ok' ? memories.dueToday.find((m) => m.plannedAhead) : undefined
  if (planned)
    return { kind: 'due_today', text: t('briefing.suggestDueToday', { memory: quoted(planned.text) }) }
  return null
}

/** "Thursday, March 19": a day of the coming week as people read it. */
export const dayText = (day: string, locale?: string) =>
  formatDay(day, { weekday: 'long', month: 'long', day: 'numeric' }, locale)

/** This month and day; on 28 February of a common year, 29 February too (its memories have no other day). */
export function onThisDayKeys(today: string): string[] {
  const key = monthDay(today)
  return key === '02-28' && !isLeapYear(Number(today.slice(0, 4))) ? [key, '02-29'] : [key]
}

/**
 * The next day, today included, of a birthday or anniversary note: the day and month its text names
 * ("14 March", "March 14", "3rd Dec"), whatever year the text says or the note was written in; else
 * its own day, when it was dated on purpose to an earlier one. 29 February is 28 February in a common
 * year. Null for any other note, or one whose text names a day of a year still to come.
 */
export function yearlyDay(
  m: Pick<DayMemoryRow, 'text' | 'tags' | 'day' | 'createdAt'>,
  today: string,
  zone: string,
): string | null {
  if (!BIRTHDAY.test(m.text) && !m.tags.some((t) => BIRTHDAY.test(t))) return null
  const onPurpose = m.day < today && m.day !== todayIn(zone, m.createdAt)
  const from = writtenDayOfYear(m.text) ?? (onPurpose ? m.day : null)
  if (!from) return null
  const year = Number(today.slice(0, 4))
  const next = [year, year + 1].map((y) => inYear(y, monthDay(from))).find((day) => day >= today)!
  // "Ana turns 30 on 14 March 2030": yearly from that day on.
  return next < from ? null : next
}

const inYear = (year: number, key: string) =>
  `${String(year).padStart(4, '0')}-${key === '02-29' && !isLeapYear(year) ? '02-28' : key}`

/** A month by its name, or a day and month in figures ("14/03"). */
const MONTH_NAME = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i
const DAY_MONTH_FIGURES = /\b\d{1,2}[/.-]\d{1,2}\b/
/** Read on a day of a leap year, so "29 February" is a day the text can name. */
const LEAP_READING = new Date('2024-01-01T12:00:00Z')

/**
 * The day and month a text writes out, on the day it names (its year as written, or one the reader
 * chose); null for a day named another way ("next Friday", "the 3rd", "Christmas").
 */
function writtenDayOfYear(text: string): string | null {
  if (!MONTH_NAME.test(text) && !DAY_MONTH_FIGURES.test(text)) return null
  const found = findDate(text, 'UTC', LEAP_READING)
  if (!found || found.holiday) return null
  return MONTH_NAME.test(found.text) || DAY_MONTH_FIGURES.test(found.text) ? found.day : null
}

/**
 * The day a memory dated the day it was written names in its text ("on 14 March", "next Friday"), read
 * from when it was written; null when its text names none, or it was dated on purpose (another day).
 */
export function namedDay(m: Pick<DayMemoryRow, 'text' | 'day' | 'createdAt'>, zone: string): string | null {
  if (m.day !== todayIn(zone, m.createdAt)) return null
  return findDate(m.text, zone, m.createdAt)?.day ?? null
}

function memoryFact(m: DayMemoryRow): MemoryFact {
  return { id: m.id, text: oneLine(m.text, BRIEFING_LIMITS.memoryText), tags: m.tags, date: m.day }
}

/** Text on one line, cut at a word boundary when longer than `max`. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = sliceWhole(flat, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export function formatDay(day: string, options: Intl.DateTimeFormatOptions, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
}

/** The quotation marks each language writes. */
const QUOTES: Record<Language, [string, string]> = {
  en: ['“', '”'],
  'pt-PT': ['«', '»'],
  es: ['«', '»'],
  fr: ['« ', ' »'],
  de: ['„', '“'],
}

/**
 * A memory quoted at the end of a sentence: the full stop after the closing quote unless the text ends
 * a sentence itself ("“She loves orchids.”", not "“She loves orchids.”.").
 */
function quotedIn(language: Language, text: string): string {
  const [open, close] = QUOTES[language]
  return /[.!?…]$/.test(text) ? `${open}${text}${close}` : `${open}${text}${close}.`
}
