import { addDays, dayBounds, quickDateRange } from '@remi/shared'
import { escapeMarkdown } from '../../../lib/markdown.ts'
import { confirmation } from '../../reminders/index.ts'
import { describeRange, weekDays, type WeekAsked } from '../../language/index.ts'
import type { Answered, Deps } from '../intents/types.ts'
import { said } from '../intents/types.ts'
import { isToolError, type ToolMemory } from '../tools/index.ts'
import { listed, memoriesCount, quoteMemories } from './words.ts'

/** Enough for any week a person writes down; a longer one is counted "at least". */
const WEEK_LIMIT = 100
const TOP_TAGS = 5
const HIGHLIGHTS = 5
const COMING_UP = 5

type WeekDeps = Pick<Deps, 'tools' | 'services' | 'userId' | 'clock'>

/**
 * "Summarize my week": how many memories were saved or dated Sunday to today (or all of last week,
 * Sunday to Saturday), their most used tags, the newest few, and for this week what is still to come
 * before Saturday ends (memories dated after today, reminders due). Recall and the reminders read for it never give a
 * private memory, nor a private memory's reminder.
 */
export async function weekSummary(deps: WeekDeps, asked: WeekAsked): Promise<Answered> {
  const { tools, clock } = deps
  const { today } = clock
  const days = weekDays(asked, today)
  const saturday = quickDateRange('thisWeek', today).endDate
  const ahead = asked === 'this' && today < saturday ? { from: addDays(today, 1), to: saturday } : null
  const [dated, saved, later, reminders] = await Promise.all([
    tools.searchMemories({ query: '', from: days.from, to: days.to }, { limit: WEEK_LIMIT }),
    tools.searchMemories(
      { query: '', savedFrom: days.from, savedTo: days.to },
      { newestSaved: true, limit: WEEK_LIMIT },
    ),
    ahead
      ? tools.searchMemories({ query: '', ...ahead }, { limit: WEEK_LIMIT })
      : { query: '', memories: [] },
    asked === 'this' ? remindersBefore(deps, saturday) : [],
  ])
  if (isToolError(dated) || isToolError(saved) || isToolError(later)) {
    const failed = [dated, saved, later].find(isToolError)
    return said(`I could not look through your memories: ${failed?.error}`)
  }
  const comingUp = later.memories
  // Saved this week for a day still to come: told once, under "Coming up".
  const upcoming = new Set(comingUp.map((m) => m.id))
  const notes = uniqueById([...[...dated.memories].sort(newestDayFirst), ...saved.memories]).filter(
    (m) => !upcoming.has(m.id),
  )
  const atLeast = dated.memories.length >= WEEK_LIMIT || saved.memories.length >= WEEK_LIMIT

  const span = describeRange(days.from, days.to, today)
  const period = asked === 'this' ? `this week so far (${span})` : `last week (${span})`
  const lines: string[] = []
  const highlights = notes.slice(0, HIGHLIGHTS)
  if (notes.length === 0) {
    lines.push(
      asked === 'this'
        ? `You have saved or dated no memories ${period}. Start a message with “Remember” to keep something from your week: “Remember the team lunch went well #work”.`
        : `You saved or dated no memories ${period}. Start a message with “Remember” as things happen, and I can sum up your next week.`,
    )
  } else {
    lines.push(`You saved or dated ${atLeast ? 'at least ' : ''}${memoriesCount(notes.length)} ${period}.`)
    const tags = topTags(notes)
    if (tags.length) lines.push('', `Most used tags: ${listed(tags)}.`)
    lines.push('', 'Highlights, newest first:', '', ...quoteMemories(highlights))
  }
  const shownLater = comingUp.slice(0, COMING_UP)
  if (asked === 'this' && (shownLater.length || reminders.length)) {
    lines.push('', '**Coming up** before the week ends:', '')
    lines.push(...quoteMemories(shownLater))
    if (comingUp.length > shownLater.length) lines.push(`- and ${comingUp.length - shownLater.length} more`)
    lines.push(...reminders.map((r) => `- Reminder: ${r}`))
  } else if (asked === 'this') {
    lines.push('', 'Nothing is dated or due for the rest of the week.')
  }
  return { markdown: lines.join('\n'), cited: [...highlights, ...shownLater] }
}

/** The reminders still due from now to the end of `saturday`, in words; never a private memory's. */
async function remindersBefore({ services, userId, clock }: WeekDeps, saturday: string): Promise<string[]> {
  if (!services.reminders) return []
  const end = dayBounds(saturday, clock.timeZone).end
  const due = await services.reminders.list(userId, {
    status: 'scheduled',
    from: clock.now.toISOString(),
    to: new Date(end.getTime() - 1).toISOString(),
    limit: COMING_UP,
    hidePrivate: true,
  })
  // The occurrence due this week, as the reminders list says a reminder's time.
  return due.map((r) =>
    confirmation(
      { text: r.text, dueAt: new Date(r.nextAt ?? r.dueAt), recurrence: null },
      r.timezone,
    ).replace(/^I'll remind you to /, ''),
  )
}

/** "#work (3)", most used first (ties by name), at most TOP_TAGS; a tag's case as first seen. */
function topTags(notes: readonly ToolMemory[]): string[] {
  const counts = new Map<string, { name: string; count: number }>()
  for (const m of notes) {
    for (const name of m.tags) {
      const key = name.toLowerCase()
      const entry = counts.get(key) ?? { name, count: 0 }
      // A memory tagged #Work and #work counts once.
      if (m.tags.find((t) => t.toLowerCase() === key) === name) entry.count++
      counts.set(key, entry)
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TOP_TAGS)
    .map((t) => `#${escapeMarkdown(t.name)} (${t.count})`)
}

const newestDayFirst = (a: ToolMemory, b: ToolMemory) => (b.date ?? '').localeCompare(a.date ?? '')

const uniqueById = (memories: readonly ToolMemory[]) =>
  memories.filter((m, i) => memories.findIndex((n) => n.id === m.id) === i)
