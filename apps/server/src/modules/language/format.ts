import { daysBetween, knownTimeZone, type CalendarDay, sliceWhole } from '@remi/shared'
import { MONTHS, WEEKDAYS, weekdayOf } from './lexicon.ts'

function parts(day: CalendarDay) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return { year: y, month: m, day: d, weekday: weekdayOf(day) }
}

/**
 * "May 12, 2026", "Tuesday, May 12, 2026", "May 12": as the rest of the app writes days (en-US), spelled
 * out the same in every runtime, whatever its ICU data. With `today` (and no `year`), the year only when
 * it is not today's.
 */
export function formatDay(
  day: CalendarDay,
  options: { weekday?: boolean; year?: boolean; today?: CalendarDay } = {},
): string {
  const p = parts(day)
  const year = options.year ?? (options.today === undefined || day.slice(0, 4) !== options.today.slice(0, 4))
  const text = `${MONTHS[p.month - 1]} ${p.day}${year ? `, ${p.year}` : ''}`
  return options.weekday ? `${WEEKDAYS[p.weekday]}, ${text}` : text
}

/**
 * Whether a text writes out the day's month and day ("December 3", "3 Dec", "the 3rd of December"),
 * whatever the year, and not another day that starts the same ("December 30").
 */
export function mentionsDay(text: string, day: CalendarDay): boolean {
  const p = parts(day)
  const name = MONTHS[p.month - 1]!
  const month = `(?:${name}|${name.slice(0, 3)}\\.?)(?!\\p{L})`
  const date = `${p.day}(?:st|nd|rd|th)?`
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${date}\\s+(?:of\\s+)?${month}|${month}\\s+(?:the\\s+)?${date})(?![\\p{L}\\p{N}]|[.,:]\\d)`,
    'iu',
  ).test(text)
}

/** 'today', 'tomorrow', 'yesterday', or "May 12" (with the year when it is not this year's). */
export function relativeDay(day: CalendarDay, today: CalendarDay): string {
  const diff = daysBetween(today, day)
  if (diff === 0) return 'today'
  if (diff === 1) return 'tomorrow'
  if (diff === -1) return 'yesterday'
  return formatDay(day, { today })
}

/** "today", "May 12", "May 12–18", "May 30 – June 2": the days a calendar or weather answer covers. */
export function describeRange(from: CalendarDay, to: CalendarDay, today: CalendarDay): string {
  if (from === to) return relativeDay(from, today)
  const a = parts(from)
  const b = parts(to)
  const withYear = a.year !== b.year || String(a.year) !== today.slice(0, 4)
  if (a.year === b.year && a.month === b.month) {
    return `${formatDay(from, { year: false })}–${b.day}${withYear ? `, ${b.year}` : ''}`
  }
  return `${formatDay(from, { year: withYear })} – ${formatDay(to, { year: withYear })}`
}

/**
 * When memories were saved: "today", "yesterday", "on Friday, November 20", "since Sunday, November 22"
 * (up to today), "between November 15 and November 21", "by November 21" (no first day).
 */
export function savedSpan(
  from: CalendarDay | undefined,
  to: CalendarDay | undefined,
  today: CalendarDay,
): string {
  const day = (d: CalendarDay, weekday = false) => formatDay(d, { weekday, today })
  const last = to ?? today
  if (!from) return `by ${day(last)}`
  if (from === last) {
    const relative = relativeDay(from, today)
    return relative === 'today' || relative === 'yesterday' ? relative : `on ${day(from, true)}`
  }
  if (last >= today) return `since ${day(from, true)}`
  return `between ${day(from)} and ${day(last)}`
}

/** One formatter per zone: making an Intl.DateTimeFormat costs ~0.1 ms, using one a microsecond. */
const timeFormats = new Map<string, Intl.DateTimeFormat>()

/** "09:30" in the zone. */
export function formatTime(instant: Date | string, timeZone: string): string {
  const zone = knownTimeZone(timeZone)
  let format = timeFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    })
    timeFormats.set(zone, format)
  }
  return format.format(new Date(instant))
}

/** The start of a text on one line, cut at a word boundary. */
export function excerpt(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = sliceWhole(line, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`
}
