import { addDays } from '@remi/shared'
import {
  withoutRecent,
  isGiftQuestion,
  GIVING_WORDS,
  looksBack,
  asksWhen,
  isAboutSaving,
  timeOrder,
  memoryDaysAsked,
  isDayWord,
  significantWords,
  namesIn,
  withOtherWords,
  correctedWords,
} from '../../language/index.ts'
import type { Deps, Answered } from '../intents/index.ts'
import { SHORT_HELP } from '../intents/talk.ts'
import { said } from '../intents/types.ts'
import { MAX_CALENDAR_DAYS, isToolError, type ToolMemory } from '../tools/index.ts'
import { eventsAbout, eventLine, wordPatterns } from './events.ts'
import { noted } from './memories.ts'
import { daysInWords, quoteMemories } from './words.ts'
import { yearlyLine } from './yearly.ts'

/**
 * The words a question looks for: its significant words; for a gift question ("what should I get Ana
 * for her birthday?") what Ana likes, not the day of her birthday.
 */
export function searchWords(text: string) {
  const inMessage = significantWords(withoutRecent(text))
  const gift = isGiftQuestion(text)
  const words = gift ? [...new Set([...inMessage.filter((w) => !GIVING_WORDS.has(w)), 'gift'])] : inMessage
  return { words, query: words.join(' ') }
}

/**
 * A question about something: the memories that hold its words, and the calendar's events when it
 * asks when (or names days). "Any work stuff this week?": the memories of those days; when none, the
 * others, said so.
 */
/** A question about what holds now: "my current address", "where do I live now?". */
const CURRENT = /\b(?:current(?:ly)?|now|present|these days)\b/i

export async function searchAnswer(deps: Deps): Promise<Answered> {
  const { tools, text: content, clock } = deps
  const { now, timeZone, today } = clock
  const { words } = searchWords(content)
  // The query is the words in lower case: the names the message capitalises are told apart.
  const names = namesIn(content, words)
  const days = memoryDaysAsked(content, timeZone, now)
  // The words naming those days are looked by, not for ("what's due in December?").
  const terms = days ? words.filter((w) => !isDayWord(w)) : words
  if (terms.length === 0) return noted(deps)
  const sought = terms.join(' ')
  // "When did I last see the dentist?": what has happened, newest first; the calendar's past weeks.
  const back = looksBack(content)
  const calendarDays = days ?? (back ? { from: addDays(today, 1 - MAX_CALENDAR_DAYS), to: today } : undefined)
  // "When is the dentist?", "is the dentist today?": the calendar may know too.
  const [inDays, about] = await Promise.all([
    tools.searchMemories({ query: sought, ...days }, { names }),
    asksWhen(content) || (days && !isAboutSaving(content))
      ? eventsAbout(tools, terms, today, calendarDays, back)
      : [],
  ])
  // "When is my next standup?": the first that has not ended; "when did I last …": the last that has.
  const events = /\bnext\b/i.test(content)
    ? about.filter((e) => new Date(e.end) > now).slice(0, 1)
    : back
      ? about.filter((e) => new Date(e.end) <= now).slice(0, 1)
      : about
  const calendar = events.length
    ? ['**On your calendar:**', '', ...events.map((e) => eventLine(e, today))].join('\n')
    : ''
  let found = inDays
  let elsewhere = ''
  if (days && !calendar && !isToolError(found) && found.memories.length === 0) {
    found = await tools.searchMemories({ query: sought }, { names })
    elsewhere = `I found nothing about **${sought}** for ${daysInWords(days, today)}.`
  }
  if (isToolError(found)) return said(`I could not search your memories: ${found.error}`)
  // The memories that hold every word of the question, when some do ("when is Tom's birthday?" is not
  // answered by Lena's); else those holding some, best first. Beside the calendar's answer, only the first.
  const complete = holdingAll(found.memories, terms)
  const order = back ? 'newest' : timeOrder(content)
  const matching = inTimeOrder(calendar || complete.length ? complete : found.memories, order, today).filter(
    // What has happened is not dated ahead.
    (m) => !back || !m.date || m.date <= today,
  )
  if (matching.length === 0) {
    if (calendar) return said(calendar)
    return (
      (await spelledAsSaved(deps, terms)) ??
      said(
        `I couldn't find anything about **${sought}** in your memories. To save something, start a message with “Remember”.`,
      )
    )
  }
  // "When is Ana's birthday?", "how old is Bruno?": a birthday or anniversary on its next day.
  const yearlyAsked = /\b(?:birthdays?|anniversar(?:y|ies)|born|how old|age)\b/i.test(content)
  const shown = matching.slice(0, 5).map((m) => ({ m, yearly: yearlyAsked && yearlyLine(m, today) }))
  // Those that give the day first: "when is Marco's birthday?" is answered before his party is told.
  const inOrder = [...shown.filter((s) => s.yearly), ...shown.filter((s) => !s.yearly)]
  let lines = inOrder.map((s) => s.yearly || quoteMemories([s.m])[0]!)
  const first = matching.length < 2 ? '' : order ? `, ${order} first` : ', best match first'
  // "What's my current address?": the newest (recall's first, or the latest dated) is said to be the
  // current one and the others older, rather than listed side by side.
  const current = CURRENT.test(content) && inOrder.length > 1 && !inOrder.some((s) => s.yearly)
  if (current) {
    inOrder.sort((a, b) => (a.m.date && b.m.date ? b.m.date.localeCompare(a.m.date) : 0))
    lines = inOrder.map((s, i) => `${quoteMemories([s.m])[0]!} ${i === 0 ? '**(current)**' : '_(older)_'}`)
  }
  const heading = current
    ? 'The newest is the current one; the others are older:'
    : elsewhere
      ? `${elsewhere} On other days${first}:`
      : `${calendar ? 'And in your memories' : "Here's what I found in your memories"}${days ? ` for ${daysInWords(days, today)}` : ''}${first}:`
  const memories = [heading, '', ...lines].join('\n')
  return { markdown: calendar ? `${calendar}\n\n${memories}` : memories, cited: inOrder.map((s) => s.m) }
}

/** Words that are no question: the memories that look related, else the intents after this one. */
export async function related(deps: Deps): Promise<Answered> {
  const { words, query } = searchWords(deps.text)
  const found = await deps.tools.searchMemories({ query }, { names: namesIn(deps.text, words) })
  if (isToolError(found) || found.memories.length === 0) return deps.passOn()
  const shown = found.memories.slice(0, 3)
  return {
    markdown: [
      'I can only answer a few kinds of requests without a language model, but these memories look related:',
      '',
      ...quoteMemories(shown),
      '',
      SHORT_HELP,
    ].join('\n'),
    cited: shown,
  }
}

/**
 * Whether a message asks for the memories of some days and nothing else to look for: "what happened
 * yesterday?", "what did I save on Monday?" (the day is what to look by, not a word to look for).
 */
export function asksForDays(content: string, timeZone: string, now: Date): boolean {
  return (
    significantWords(withoutRecent(content)).every(isDayWord) &&
    memoryDaysAsked(content, timeZone, now) !== null
  )
}

/** How many of the newest memories give the words a misspelt question is corrected with. */
const SPELLING_SAMPLE = 1000

/**
 * A search that found nothing, again with its words spelled as the user's newest memories spell them
 * ("dentsit" → "dentist"); null when no word is corrected or the corrected search finds nothing too.
 */
async function spelledAsSaved(deps: Deps, words: string[]): Promise<Answered | null> {
  const newest = await deps.services.memories.best(deps.userId, {}, SPELLING_SAMPLE)
  const corrected = correctedWords(words, newest.map(wordsOf))
  if (!corrected) return null
  const query = corrected.join(' ')
  const found = await deps.tools.searchMemories({ query })
  if (isToolError(found) || found.memories.length === 0) return null
  const complete = holdingAll(found.memories, corrected)
  const shown = (complete.length ? complete : found.memories).slice(0, 5)
  const markdown = [
    `I found nothing about **${words.join(' ')}**. Did you mean **${query}**?`,
    '',
    ...quoteMemories(shown),
  ].join('\n')
  return { markdown, cited: shown }
}

/**
 * The matches in the order a question asks for: the newest day first ("my last run"), or the days from
 * today on, soonest first, before the others ("my next haircut"); undated ones after, as ranked.
 */
export function inTimeOrder(memories: ToolMemory[], order: ReturnType<typeof timeOrder>, today: string) {
  if (order === 'newest') return [...memories].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
  if (order !== 'soonest') return memories
  const coming = memories.filter((m) => m.date && m.date >= today)
  coming.sort((a, b) => a.date!.localeCompare(b.date!))
  return [...coming, ...memories.filter((m) => !coming.includes(m))]
}

/** The memories holding every word, each in any of its forms or related words ("birthday": "born"). */
export function holdingAll(memories: ToolMemory[], words: string[]): ToolMemory[] {
  const patterns = words.map((w) => wordPatterns(withOtherWords([w])))
  return memories.filter((m) => {
    const text = wordsOf(m)
    return patterns.every((any) => any.some((p) => p.test(text)))
  })
}

/** A memory's words as a search reads them: its text and its tags. */
export const wordsOf = (m: Pick<ToolMemory, 'text' | 'tags'>) => `${m.text} ${m.tags.join(' ')}`
