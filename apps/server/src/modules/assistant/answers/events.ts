import type { AnswerTools } from '../intents/types.ts'
import { addDays, todayIn, daysBetween } from '@remi/shared'
import { formatTime, type RequestedDays, type DayPart, type DayRange } from '../../language/index.ts'
import {
  type GetCalendarEventsOutput,
  isToolError,
  type ToolEvent,
  MAX_CALENDAR_DAYS,
  type ToolError,
} from '../tools/index.ts'
import { spanInWords, capitalize, dayInWords, onDayInWords, plural, lowerFirst } from './words.ts'

/**
 * Events in words, grouped by day when the range has several. With a part of the day ("tomorrow
 * afternoon"), the events that overlap it, all-day ones included.
 */
export function describeEvents(result: GetCalendarEventsOutput, range: RequestedDays, today: string): string {
  const part = range.part
  if (isToolError(result)) return `I couldn't read your calendar: ${result.error}`
  const day = spanInWords(range, today)
  const span = !part ? day : day === 'today' ? `this ${part.name}` : `${day} ${part.name}`
  const problems = result.problems.length
    ? `\n\n_Some calendars could not be read: ${result.problems.join(' ')}_`
    : ''
  const events = part ? result.events.filter((e) => e.allDay || overlaps(e.time, part)) : result.events
  if (events.length === 0) return `Nothing on your calendar for ${span}.${problems}`
  const line = (e: ToolEvent) => `- ${e.allDay ? 'All day' : e.time}: ${eventName(e)}`
  const count = `${events.length} ${events.length === 1 ? 'event' : 'events'}`
  // "Yesterday you had 2 events".
  const have = range.to < today ? 'had' : 'have'
  if (range.from === range.to) {
    return [`**${capitalize(span)}** you ${have} ${count}:`, '', ...events.map(line)].join('\n') + problems
  }
  const lines = [`You ${have} ${count} from ${span}:`]
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const ofDay = events.filter((e) => e.day === day)
    if (ofDay.length) lines.push('', `**${capitalize(dayInWords(day, today))}**`, ...ofDay.map(line))
  }
  return lines.join('\n') + problems
}

/** The events with a time on a day, those begun before it or ending after it too (days in `zone`). */
export const timedOn = (events: readonly ToolEvent[], day: string, zone: string) =>
  events.filter(
    (e) => !e.allDay && todayIn(zone, new Date(e.start)) <= day && todayIn(zone, new Date(e.end)) >= day,
  )

/** " (all day: Company holiday)": a day's events lasting all day, named; else nothing. */
export const allDayNote = (events: readonly ToolEvent[], day: string) => {
  const names = events.filter((e) => e.allDay && e.day === day).map(eventName)
  return names.length ? ` (all day: ${names.join(', ')})` : ''
}

/**
 * "What's my next meeting?": the first event with a time that has not ended, over the coming weeks, and
 * how soon it starts (one under way: that one, and the one after it). With a day named, that day's next,
 * first or last. Events lasting all day are not meetings: named only when nothing else is on. The
 * offline answer, and the fact context mode gives the model.
 */
export async function describeEvent(
  tools: AnswerTools,
  which: 'next' | 'first' | 'last',
  named: string | null,
  now: Date,
  today: string,
) {
  // The first or last is of a day (today unless one is named); the next, of the coming weeks.
  const day = named ?? (which === 'next' ? null : today)
  const result = await tools.getCalendarEvents({
    from: day ?? today,
    to: day ?? addDays(today, MAX_CALENDAR_DAYS - 1),
  })
  if (isToolError(result)) return cannotTell(result)
  const timed = result.events.filter((e) => !e.allDay)
  const left = which === 'next' ? timed.filter((e) => new Date(e.end) > now) : timed
  const event = which === 'last' ? left.at(-1) : left[0]
  const name = day && dayInWords(day, today)
  const span = !name ? `in the next ${MAX_CALENDAR_DAYS} days` : name === 'today' ? 'today' : `for ${name}`
  if (!event) {
    const more = timed.length > left.length ? 'more ' : ''
    const none = `Nothing ${more}on your calendar ${span}.`
    const allDay = result.events.filter((e) => e.allDay)
    if (!allDay.length) return none
    return [
      none.replace(/\.$/, ', apart from events lasting all day:'),
      '',
      ...allDay.slice(0, 3).map((e) => eventLine(e, today)),
    ].join('\n')
  }
  // "today, 09:00–09:30" for the next; the time alone when the day is in the question.
  const when = (e: ToolEvent) => `**${day ? '' : `${dayInWords(e.day, today)}, `}${e.time}**: ${eventName(e)}`
  if (which === 'next' && new Date(event.start) <= now) {
    const after = left[1]
    return (
      `You're in one now: ${when(event)}, until ${event.time.split('–')[1]}.` +
      (after ? `\n\nAfter it: ${when(after)}, ${startsIn(after, now, today)}.` : '')
    )
  }
  const lead = !day ? 'Your next event' : `Your ${which} event ${onDayInWords(day, today)}`
  const soon =
    new Date(event.start) > now && (event.day === today || !day) ? `, ${startsIn(event, now, today)}` : ''
  return `${lead} is ${when(event)}${soon}.`
}

/** "in 45 minutes", "in 3 hours and 20 minutes", "in 4 days": an event yet to start. */
function startsIn(event: ToolEvent, now: Date, today: string): string {
  const minutes = Math.max(1, Math.round((new Date(event.start).getTime() - now.getTime()) / 60_000))
  if (minutes >= 24 * 60) return `in ${plural(daysBetween(today, event.day), 'day')}`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (!hours) return `in ${plural(rest, 'minute')}`
  return `in ${plural(hours, 'hour')}${rest ? ` and ${plural(rest, 'minute')}` : ''}`
}

/** A question only the calendar answers, and it is off or could not be read. */
export const cannotTell = (result: ToolError) =>
  result.off ? `I can't tell: ${lowerFirst(result.error)}` : `I couldn't read your calendar: ${result.error}`

/** Whether an event's "09:00–09:30" overlaps a part of the day (an end at or before its start is midnight). */
export function overlaps(time: string, span: Pick<DayPart, 'from' | 'to'>): boolean {
  const [start = 0, end = 0] = time.split('–').map(minutesOf)
  return start < span.to && (end > start ? end : 24 * 60) > span.from
}

/** "09:30" (or the start of "09:30–10:00") in minutes from midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
/** The time now in a zone, in minutes from midnight. */
export const minutesNow = (now: Date, zone: string) => minutesOf(formatTime(now, zone))

/** Minutes from midnight as a clock reads them: 570 → "09:30". */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/**
 * The coming events (today and the next weeks, or the days given) whose title or place holds the words
 * of a question, those holding most of them, three at most, soonest first (or with `latest`, the last
 * three, latest first); none when the calendar is off or nothing matches.
 */
export async function eventsAbout(
  tools: AnswerTools,
  words: string[],
  today: string,
  days: DayRange = { from: today, to: addDays(today, MAX_CALENDAR_DAYS - 1) },
  latest = false,
): Promise<ToolEvent[]> {
  if (words.length === 0) return []
  const result = await tools.getCalendarEvents(days, { unasked: true })
  if (isToolError(result)) return []
  const patterns = wordPatterns(words)
  const scored = result.events.map((event) => {
    const text = `${event.title} ${event.location ?? ''}`
    return { event, hits: patterns.filter((p) => p.test(text)).length }
  })
  const most = Math.max(0, ...scored.map((s) => s.hits))
  if (most === 0) return []
  const best = scored.filter((s) => s.hits === most).map((s) => s.event)
  return (latest ? best.reverse() : best).slice(0, 3)
}

/** "meetings" finds "Meeting with Pedro": each word as the start of a word in a text. */
export function wordPatterns(words: string[]): RegExp[] {
  return words.map((word) => {
    const stem = word.length > 4 ? word.replace(/e?s$/, '') : word
    return new RegExp(`(?<![\\p{L}\\p{N}])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu')
  })
}

/** "Dentist (Rua Augusta 1)". */
export const eventName = (e: ToolEvent) => `${e.title}${e.location ? ` (${e.location})` : ''}`

/** "- **Tomorrow**, 09:30–10:30: Dentist (Rua Augusta 1)". */
export const eventLine = (e: ToolEvent, today: string) =>
  `- **${capitalize(dayInWords(e.day, today))}**, ${e.allDay ? 'all day' : e.time}: ${eventName(e)}`
