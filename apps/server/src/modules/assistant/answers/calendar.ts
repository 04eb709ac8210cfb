import type { AnswerTools } from '../intents/types.ts'
import { todayIn, addDays } from '@remi/shared'
import {
  formatTime,
  formatDay,
  mentionsDay,
  type DayRange,
  type RequestedDays,
} from '../../language/index.ts'
import type { Answered } from '../intents/index.ts'
import { isToolError, type ToolEvent, MAX_CALENDAR_DAYS, type ToolMemory } from '../tools/index.ts'
import {
  cannotTell,
  clockOf,
  eventName,
  overlaps,
  minutesOf,
  minutesNow,
  timedOn,
  allDayNote,
  describeEvents,
} from './events.ts'
import {
  onDayInWords,
  capitalize,
  listed,
  dayInWords,
  daysInWords,
  spanInWords,
  quoteMemories,
  lowerFirst,
} from './words.ts'

/**
 * "Am I free at 10 tomorrow?": yes or no (the other way round for "am I busy …?", neither for "what do
 * I have at 3pm?"), the events at that time, or the ones just before and after it (and those lasting
 * all day, which may or may not keep someone busy).
 */
export async function freeAt(
  tools: AnswerTools,
  day: string,
  at: number,
  today: string,
  asked: 'free' | 'busy' | 'what',
) {
  const result = await tools.getCalendarEvents({ from: day, to: day })
  if (isToolError(result)) return cannotTell(result)
  const when = `at ${clockOf(at)} ${onDayInWords(day, today)}`
  const timed = result.events.filter((e) => !e.allDay)
  const line = (e: ToolEvent) => `- ${e.time}: ${eventName(e)}`
  const busy = timed.filter((e) => overlaps(e.time, { from: at, to: at + 1 }))
  const [yes, no] = asked === 'busy' ? ['No', 'Yes'] : ['Yes', 'No']
  if (busy.length) {
    const head = asked === 'what' ? `${capitalize(when)} you have:` : `${no}: ${when} you have`
    return [head, '', ...busy.map(line)].join('\n')
  }
  const before = timed.filter((e) => minutesOf(e.time) < at).at(-1)
  const after = timed.find((e) => minutesOf(e.time) > at)
  const around = [
    ...(before ? [`- Before: ${before.time}: ${eventName(before)}`] : []),
    ...(after ? [`- After: ${after.time}: ${eventName(after)}`] : []),
    ...result.events.filter((e) => e.allDay).map((e) => `- All day: ${eventName(e)}`),
  ]
  const nothing =
    asked === 'what' ? `Nothing on your calendar ${when}.` : `${yes}: nothing on your calendar ${when}.`
  return [nothing, ...(around.length ? ['', ...around] : [])].join('\n')
}

/** The part of a day whose free time is told: 08:00 to 20:00. */
const WAKING = { from: 8 * 60, to: 20 * 60 }
/** Gaps shorter than this are not free time. */
const SHORTEST_GAP = 15

/**
 * "When am I free today?": the gaps of at least 15 minutes between the events with a time, from 08:00
 * (or now, today) to 20:00, for each day asked about; events lasting all day are named, not counted.
 */
export async function describeFreeTime(tools: AnswerTools, range: DayRange, now: Date, today: string) {
  const result = await tools.getCalendarEvents({ from: range.from, to: range.to })
  if (isToolError(result)) return cannotTell(result)
  const zone = result.timeZone
  const dayOf = (instant: string) => todayIn(zone, new Date(instant))
  // Today from now on, rounded up to five minutes.
  const nowMinutes = Math.ceil(minutesNow(now, zone) / 5) * 5
  const lines: string[] = []
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const from = day === today ? Math.max(WAKING.from, nowMinutes) : WAKING.from
    const busy = timedOn(result.events, day, zone)
      .map((e) => ({
        start: dayOf(e.start) < day ? 0 : minutesOf(formatTime(e.start, zone)),
        end: dayOf(e.end) > day ? 24 * 60 : minutesOf(formatTime(e.end, zone)),
      }))
      .sort((a, b) => a.start - b.start)
    const gaps: string[] = []
    let cursor = from
    for (const { start, end } of [...busy, { start: WAKING.to, end: WAKING.to }]) {
      const gapEnd = Math.min(start, WAKING.to)
      if (gapEnd - cursor >= SHORTEST_GAP) gaps.push(`${clockOf(cursor)}–${clockOf(gapEnd)}`)
      cursor = Math.max(cursor, end)
    }
    const free =
      from >= WAKING.to
        ? `nothing left before ${clockOf(WAKING.to)}`
        : gaps.length
          ? listed(gaps)
          : 'no free time'
    lines.push(`- **${capitalize(dayInWords(day, today))}**: ${free}${allDayNote(result.events, day)}`)
  }
  return [`Your free time between ${clockOf(WAKING.from)} and ${clockOf(WAKING.to)}:`, '', ...lines].join(
    '\n',
  )
}

/**
 * "When is my next free day?": the first day from today with no event at a time on the calendar (one
 * lasting all day is named, not counted), over the coming weeks. "Which days am I free next week?":
 * those of the days asked about (the coming seven when none is named). The offline answer, and the fact
 * context mode gives the model.
 */
export async function describeFreeDays(
  tools: AnswerTools,
  asked: 'next' | 'which',
  range: DayRange,
  today: string,
) {
  const span =
    asked === 'next'
      ? { from: range.from, to: addDays(range.from, MAX_CALENDAR_DAYS - 1) }
      : range.from === range.to
        ? { from: range.from, to: addDays(range.from, 6) }
        : range
  const result = await tools.getCalendarEvents(span)
  if (isToolError(result)) return cannotTell(result)
  const free: string[] = []
  for (let day = span.from; day <= span.to; day = addDays(day, 1)) {
    if (timedOn(result.events, day, result.timeZone).length) continue
    free.push(day)
    if (asked === 'next') break
  }
  const days = asked === 'next' ? `the next ${MAX_CALENDAR_DAYS} days` : daysInWords(span, today)
  if (free.length === 0) return `Every day of ${days} has a meeting or an appointment on your calendar.`
  const named = free.map(
    (day, i) =>
      `**${i === 0 && asked === 'next' ? capitalize(dayInWords(day, today)) : dayInWords(day, today)}**` +
      allDayNote(result.events, day),
  )
  return asked === 'next'
    ? `${named[0]} is your next free day: no meetings or appointments on your calendar.`
    : `Free days for ${days} (no meetings or appointments): ${listed(named)}.`
}

/**
 * What some days hold: their events, then the memories dated on them (an appointment noted in chat is
 * one too) and, for one day, the memories that write that day out ("Dentist on December 3", saved on
 * another day). The offline answer to a calendar question, and the facts context mode gives the model.
 */
export async function describeDays(
  tools: AnswerTools,
  range: RequestedDays,
  today: string,
): Promise<Answered> {
  const calendar = await tools.getCalendarEvents({ from: range.from, to: range.to })
  const found = await tools.searchMemories({ query: '', from: range.from, to: range.to })
  // Undated memories are listed by the day they were written: not something the day holds.
  const dated = isToolError(found)
    ? []
    : found.memories.filter((m) => m.date !== null).sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''))
  const mentioned = range.from === range.to ? await mentioning(tools, range.from, dated) : []
  // No calendar to read: the memories answer, and the calendar is a note after them.
  const off = isToolError(calendar) && calendar.off ? calendar : null
  const span = spanInWords(range, today)
  const parts: string[] = []
  if (!off) parts.push(describeEvents(calendar, range, today))
  if (dated.length) {
    const heading = off ? `**Your memories dated ${span}:**` : '**From your memories:**'
    parts.push([heading, '', ...quoteMemories(dated)].join('\n'))
  }
  if (mentioned.length) {
    const heading = `**Memories that mention ${formatDay(range.from, { year: false })}:**`
    parts.push([heading, '', ...quoteMemories(mentioned)].join('\n'))
  }
  if (off) {
    parts.push(
      parts.length
        ? `_Calendar events are not included: ${lowerFirst(off.error)}_`
        : `${off.error} No memories are dated ${span}.`,
    )
  }
  return { markdown: parts.join('\n\n'), cited: [...dated, ...mentioned] }
}

/** Memories not dated on the day whose text writes it out ("December 3"), best match first. */
async function mentioning(tools: AnswerTools, day: string, dated: readonly ToolMemory[]) {
  const found = await tools.searchMemories({ query: formatDay(day, { year: false }) })
  if (isToolError(found)) return []
  return found.memories.filter(
    (m) => m.date !== day && !dated.some((d) => d.id === m.id) && mentionsDay(m.text, day),
  )
}
