import { escapeMarkdown } from '../../../lib/markdown.ts'
import { excerpt, formatDay, relativeDay, describeRange, type DayRange } from '../../language/index.ts'
import type { ToolMemory } from '../tools/index.ts'

export const NO_MEMORIES = 'You have no memories yet. To save one, start a message with “Remember”.'

export const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

export const memoriesCount = (n: number) => `**${n}** ${n === 1 ? 'memory' : 'memories'}`
/** "**7** memories, 6 of them from the last 30 days" */
export const allAndRecent = (total: number, recent: number) =>
  `${memoriesCount(total)}, ${recent} of them from the last 30 days`

/**
 * A memory's text on one line, shown as written: its Markdown characters escaped as the briefing's are,
 * so a memory holding `![x](https://…)` or `<script>` is quoted as text and never becomes an image.
 */
export const quote = (text: string, max: number) => escapeMarkdown(excerpt(text, max))

/** " _(#family #gifts)_" after a memory's text. */
export const tagsAfter = (tags: readonly string[]) =>
  tags.length ? ` _(${tags.map((t) => `#${escapeMarkdown(t)}`).join(' ')})_` : ''

/** Memories as Markdown bullets: the day in bold, the text on one line, the tags. */
export function quoteMemories(memories: ReadonlyArray<Pick<ToolMemory, 'text' | 'date' | 'tags'>>): string[] {
  return memories.map((m) => {
    const when = m.date ? `**${formatDay(m.date)}**` : '**No date**'
    return `- ${when}: ${quote(m.text, 300)}${tagsAfter(m.tags)}`
  })
}

/** "today", "tomorrow", "on Saturday, November 28". */
export const onDayInWords = (day: string, today: string) => {
  const name = dayInWords(day, today)
  return name === 'today' || name === 'tomorrow' ? name : `on ${name}`
}

/** "today", "tomorrow to Saturday, November 28". */
export const spanInWords = (range: DayRange, today: string) =>
  range.from === range.to
    ? dayInWords(range.from, today)
    : `${dayInWords(range.from, today)} to ${dayInWords(range.to, today)}`

/** "a", "a and b", "a, b and c". */
export const listed = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

/** "today", "tomorrow", "Friday, May 15". */
export function dayInWords(day: string, today: string): string {
  const relative = relativeDay(day, today)
  return relative === 'today' || relative === 'tomorrow' || relative === 'yesterday'
    ? relative
    : formatDay(day, { weekday: true, today })
}

/** "yesterday", "Monday, November 23", "November 22–28". */
export const daysInWords = (range: DayRange, today: string) =>
  range.from === range.to ? dayInWords(range.from, today) : describeRange(range.from, range.to, today)

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)
