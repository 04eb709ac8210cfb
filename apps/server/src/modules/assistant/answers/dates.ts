import type { AnswerTools } from '../intents/types.ts'
import { daysBetween, addDays, isLeapYear } from '@remi/shared'
import { formatNumber } from '../arithmetic.ts'
import {
  relativeDay,
  formatDay,
  weekdayOf,
  describeRange,
  WEEKDAYS,
  mentionsHoliday,
  dayNamedBy,
  firstOfMonth,
  type DaysQuestion,
  type CalendarFact,
  type YearlyDaysQuestion,
  significantWords,
  namesIn,
} from '../../language/index.ts'
import type { Answered } from '../intents/index.ts'
import { said } from '../intents/types.ts'
import { isToolError, type ToolMemory } from '../tools/index.ts'
import { eventsAbout, eventLine } from './events.ts'
import { holdingAll } from './search.ts'
import { capitalize, quoteMemories, plural, quote } from './words.ts'
import { nextYearly, isYearly, daysAway, yearsOn } from './yearly.ts'

/** "Tomorrow is Thursday, November 26, 2026.", "December 3, 2026 is a Thursday, in 8 days." */
export function whatDay(day: string, today: string): string {
  const relative = relativeDay(day, today)
  if (relative === 'today' || relative === 'tomorrow' || relative === 'yesterday') {
    return `${capitalize(relative)} is ${formatDay(day, { weekday: true })}.`
  }
  const n = daysBetween(today, day)
  const weekday = WEEKDAYS[weekdayOf(day)]
  return n > 0
    ? `${formatDay(day)} is a ${weekday}, in ${formatNumber(n)} days.`
    : `${formatDay(day)} was a ${weekday}, ${formatNumber(-n)} days ago.`
}

/** "When is Easter?": its day, and the memories that name it ("Easter brunch at Ana's"). */
export async function whenIs(
  tools: AnswerTools,
  feast: { name: string; day: string },
  today: string,
): Promise<Answered> {
  const n = daysBetween(today, feast.day)
  const when = formatDay(feast.day, { weekday: true })
  const answer =
    n === 0
      ? `**${feast.name}** is today, ${when}.`
      : n === 1
        ? `**${feast.name}** is tomorrow, ${when}.`
        : n > 0
          ? `**${feast.name}** is on ${when}, in ${n} days.`
          : `**${feast.name}** was on ${when}, ${-n} days ago.`
  // "New Year's Day" is looked for as "new year": a memory may say "New Year's Eve party" or "new year".
  const query = feast.name
    .replace(/'s\b|\bday\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const found = await tools.searchMemories({ query })
  const naming = isToolError(found) ? [] : found.memories.filter((m) => mentionsHoliday(m.text, feast.name))
  return {
    markdown: naming.length
      ? [answer, '', '**In your memories:**', '', ...quoteMemories(naming)].join('\n')
      : answer,
    cited: naming,
  }
}

/** A day some words name, and the calendar's event line or the memory it was found in. */
interface DayFound {
  day: string
  event?: string
  memory?: ToolMemory
}

/**
 * The day some words name: a date or a day known by name, or else the soonest of the coming events and
 * dated memories the words find ("the dentist", "Ana's birthday"), with where it was found. With `since`,
 * the last such day ("I started the new job"). Null when none.
 */
export async function dayOfWords(
  tools: AnswerTools,
  words: string,
  since: boolean,
  timeZone: string,
  now: Date,
  today: string,
): Promise<DayFound | null> {
  const day = dayNamedBy(words, timeZone, now, since)
  if (day) return { day }
  const terms = significantWords(words)
  if (terms.length === 0) return null
  const found = await tools.searchMemories({ query: terms.join(' ') }, { names: namesIn(words, terms) })
  // A birthday or an anniversary comes back every year: the next one counts (or the last one).
  const next = (m: ToolMemory) => nextYearly(m, today, since) ?? m.date
  const inTime = (m: ToolMemory) => {
    const d = next(m)
    return d !== null && (since ? d <= today : d >= today)
  }
  // Those holding every word first: "Pedro's birthday" is not Bruno's.
  const memories = isToolError(found) ? [] : found.memories
  const complete = holdingAll(memories, terms)
  const memory = (complete.length ? complete : memories).find(inTime)
  const memoryDay = memory && next(memory)
  // The calendar is read ahead only.
  const [event] = since ? [] : await eventsAbout(tools, terms, today)
  if (event && (!memoryDay || event.day <= memoryDay))
    return { day: event.day, event: eventLine(event, today) }
  return memory && memoryDay ? { day: memoryDay, memory } : null
}

/** "**15 weeks and 3 days** (108 days)" when asked in weeks, else "**108 days**". */
const daysSpan = (n: number, inWeeks: boolean) => {
  const weeks = Math.floor(n / 7)
  return inWeeks && weeks > 0
    ? `**${plural(weeks, 'week')}${n % 7 ? ` and ${plural(n % 7, 'day')}` : ''}** (${plural(n, 'day')})`
    : `**${plural(n, 'day')}**`
}

/**
 * "How many days until Christmas?": to a date or a day known by name, or else to the soonest of the
 * coming events and dated memories the words find ("until the dentist", "until Ana's birthday"). Or
 * since one, back to the last such day ("since I started the new job"); in weeks when asked in weeks.
 */
export async function daysUntil(
  tools: AnswerTools,
  asked: DaysQuestion,
  timeZone: string,
  now: Date,
  today: string,
): Promise<Answered> {
  const { words, since } = asked
  const found = await dayOfWords(tools, words, since, timeZone, now, today)
  if (!found) {
    return said(
      since
        ? `I don't know when **${words}** was. Ask with a date (“How many days since March 1?”), or save the day first: “Remember that ${words} was on …”.`
        : `I don't know when **${words}** is. Ask with a date (“How many days until December 24?”), or save the day first: “Remember that ${words} is on …”.`,
    )
  }
  const { day } = found
  const n = Math.abs(daysBetween(today, day))
  const when = formatDay(day, { weekday: true })
  const answer =
    n === 0
      ? `That's today, ${when}.`
      : n === 1
        ? `**1 day**: ${since ? 'it was yesterday' : "it's tomorrow"}, ${when}.`
        : `${daysSpan(n, asked.weeks)}, ${since ? 'since' : 'until'} ${when}.`
  return { markdown: [answer, ...foundIn([found])].join('\n'), cited: citedIn([found]) }
}

/** Where the days of an answer were found: the calendar's events, then the memories, each under a heading. */
const foundIn = (found: ReadonlyArray<DayFound>) => {
  const events = found.flatMap((f) => f.event ?? [])
  const memories = quoteMemories(citedIn(found))
  return [
    ...(events.length ? ['', '**On your calendar:**', '', ...events] : []),
    ...(memories.length ? ['', '**From your memories:**', '', ...memories] : []),
  ]
}

/** The memories the days of an answer were found in. */
const citedIn = (found: ReadonlyArray<DayFound>) => found.flatMap((f) => f.memory ?? [])

/**
 * "How many days between Christmas and my flight?", "how many weeks from March 3 to June 5?": the days
 * from one to the other, each found as daysUntil finds it.
 */
export async function daysFromTo(
  tools: AnswerTools,
  asked: { first: string; second: string; weeks: boolean },
  timeZone: string,
  now: Date,
  today: string,
): Promise<Answered> {
  const [a, b] = await Promise.all([
    dayOfWords(tools, asked.first, false, timeZone, now, today),
    dayOfWords(tools, asked.second, false, timeZone, now, today),
  ])
  const unknown = [!a && asked.first, !b && asked.second].filter(Boolean)
  if (!a || !b) {
    return said(
      `I don't know when **${unknown.join('** or **')}** is. Ask with dates (“How many days between March 3 and June 5?”), or save the day first.`,
    )
  }
  const [from, to] = a.day <= b.day ? [a, b] : [b, a]
  const n = daysBetween(from.day, to.day)
  const when = (d: string) => formatDay(d, { weekday: true })
  const markdown = [
    `${daysSpan(n, asked.weeks)} from ${when(from.day)} to ${when(to.day)}.`,
    ...foundIn([from, to]),
  ].join('\n')
  return { markdown, cited: citedIn([from, to]) }
}

/** "It is week 48 of 2026", "35 days are left in 2026", "No: 2026 has 365 days; the next leap year is 2028." */
export function calendarAnswer(fact: CalendarFact, today: string): string {
  if (fact.kind === 'leap') {
    let next = fact.year + 1
    while (!isLeapYear(next)) next++
    const thisYear = Number(today.slice(0, 4))
    const [is, has] =
      fact.year < thisYear ? ['was', 'had'] : fact.year > thisYear ? ['will be', 'will have'] : ['is', 'has']
    return isLeapYear(fact.year)
      ? `Yes: ${fact.year} ${is} a leap year, with 366 days (February 29 ${is} a ${WEEKDAYS[weekdayOf(`${fact.year}-02-29`)]}).`
      : `No: ${fact.year} ${has} 365 days. The next leap year ${next < thisYear ? 'was' : 'is'} ${next}.`
  }
  if (fact.kind === 'week') {
    const { week, year, monday } = isoWeek(today)
    return `It is week **${week}** of ${year} (ISO 8601), ${describeRange(monday, addDays(monday, 6), today)}.`
  }
  // The year, month or week's last day, today not counted.
  const last =
    fact.span === 'year'
      ? `${today.slice(0, 4)}-12-31`
      : fact.span === 'month'
        ? addDays(firstOfMonth(today, 1), -1)
        : addDays(today, 6 - weekdayOf(today)) // Saturday: weeks start on Sunday, as "this week" does here
  const n = daysBetween(today, last)
  const name = fact.span === 'year' ? today.slice(0, 4) : `this ${fact.span}`
  return `**${plural(n, 'day')}** ${n === 1 ? 'is' : 'are'} left in ${name} after today: it ends on ${formatDay(last, { weekday: true, today })}.`
}

/** The ISO 8601 week of a day: weeks start on Monday, week 1 holds the year's first Thursday. */
function isoWeek(day: string): { week: number; year: number; monday: string } {
  const monday = addDays(day, -((weekdayOf(day) + 6) % 7))
  const thursday = addDays(monday, 3)
  const year = Number(thursday.slice(0, 4))
  return { week: Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1, year, monday }
}

/**
 * "What birthdays are coming up?": the dated memories about birthdays (or anniversaries), each on its
 * next day, soonest first, within the days asked about or the coming year.
 */
export async function comingYearly(
  tools: AnswerTools,
  asked: YearlyDaysQuestion,
  today: string,
): Promise<Answered> {
  const found = await tools.searchMemories({ query: asked.kind }, { limit: 100 })
  if (isToolError(found)) return said(`I could not search your memories: ${found.error}`)
  const from = asked.range?.from ?? today
  const to = asked.range?.to ?? addDays(today, 364)
  const coming = found.memories
    .flatMap((m) => {
      const next = isYearly(m, asked.kind) && nextYearly(m, from)
      return next && next <= to ? [{ m, next }] : []
    })
    .sort((a, b) => a.next.localeCompare(b.next))
  const kinds = asked.kind === 'birthday' ? 'birthdays' : 'anniversaries'
  const span = asked.range ? describeRange(from, to, today) : ''
  if (coming.length === 0) {
    return said(
      `I found no ${kinds} in your memories ${span ? `for ${span}` : 'in the coming year'}. Save one with its day: “Remember that Ana's birthday is on May 12”.`,
    )
  }
  const shown = coming.slice(0, 10)
  const markdown = [
    span
      ? `The ${kinds} in your memories for ${span}, soonest first:`
      : `The coming ${kinds} in your memories, soonest first:`,
    '',
    ...shown.map(
      ({ m, next }) => `- **${daysAway(next, today)}**${yearsOn(m.text, next)}: ${quote(m.text, 300)}`,
    ),
  ].join('\n')
  return { markdown, cited: shown.map((s) => s.m) }
}
