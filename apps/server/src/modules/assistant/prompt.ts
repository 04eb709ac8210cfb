import { knownTimeZone, todayIn, type Language, type Memory, sliceWhole } from '@remi/shared'
import type { HistoryMessage } from './assistant.types.ts'
import { formatDay, formatTime } from '../language/index.ts'
import { languageInEnglish } from '../../lib/words/index.ts'

/** Characters of memories the prompt carries at most (about 1 500 tokens). */
export const MEMORY_BUDGET = 6000
/** Characters of one memory at most. */
export const MEMORY_TEXT_MAX = 1200
/** Characters of earlier messages the prompt carries at most, newest kept. */
export const HISTORY_BUDGET = 12_000

/**
 * A memory as a prompt line: its day, its tags and its text on one line. One a later note changes
 * (recall's `changedLater`) says so, so the model answers from the newer ("noted May 8, 2025, later changed").
 */
export function memoryLine(
  memory: Pick<Memory, 'text' | 'date' | 'tags'> & {
    changedLater?: boolean | undefined
    files?: FileExcerpt[] | undefined
  },
): string {
  const text = memory.text.replace(/\s+/g, ' ').trim()
  const cut = text.length > MEMORY_TEXT_MAX ? `${sliceWhole(text, MEMORY_TEXT_MAX)}…` : text
  const day = memory.date ? formatDay(memory.date) : 'no date'
  const when = memory.changedLater ? `${memory.date ? 'noted ' : ''}${day}, later changed` : day
  const tags = memory.tags.length ? `; tags: ${memory.tags.join(', ')}` : ''
  return `- (${when}${tags}) ${cut}${filesPart(memory.files)}`
}

/** A memory's file as the model reads it: its name and the part of its words that holds the question's. */
export interface FileExcerpt {
  name: string
  excerpt: string
}

/** The files' names and excerpts after a memory's text (issue 49): ` [file "receipt.pdf": …]`. */
export function filesPart(files: FileExcerpt[] | undefined): string {
  if (!files?.length) return ''
  return files.map((f) => ` [file "${f.name}"${f.excerpt ? `: ${f.excerpt}` : ''}]`).join('')
}

/** The memories that fit the budget, best first (the rest are left out, not cut in the middle). */
export function fitMemories<T extends Pick<Memory, 'text' | 'date' | 'tags'>>(
  memories: T[],
  budget = MEMORY_BUDGET,
): T[] {
  const kept: T[] = []
  let used = 0
  for (const memory of memories) {
    const size = memoryLine(memory).length + 1
    if (used + size > budget) continue
    kept.push(memory)
    used += size
  }
  return kept
}

/**
 * The conversation's latest messages within the budget, oldest first: the newest are kept, and the
 * list starts with a user message (some providers refuse a conversation that starts with the assistant).
 */
export function recentHistory(history: HistoryMessage[], budget = HISTORY_BUDGET): HistoryMessage[] {
  const kept: HistoryMessage[] = []
  let used = 0
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!
    if (!message.content.trim()) continue
    used += message.content.length
    if (used > budget) break
    kept.unshift(message)
  }
  while (kept[0]?.role === 'assistant') kept.shift()
  return kept
}

export interface PromptInput {
  assistantName: string
  userName: string | null
  /** The person's language (Settings → Language). */
  language?: Language | undefined
  now: Date
  timeZone: string
  /** tools: the model has the tools; context: the server put the facts below in the prompt. */
  mode: 'tools' | 'context'
  memories: Array<Pick<Memory, 'text' | 'date' | 'tags'>>
  /** Context mode: what the server looked up or did for this message (weather, events, a saved memory). */
  facts?: string[]
  /** Tools mode: the model has web_search and read_web_page (on), the person left Web off, or no provider. */
  web?: 'on' | 'off' | 'none'
}

/**
 * The line naming the person's language, for any but English: English is every account's default (the
 * migration gave it to existing ones unasked), and a line saying to answer in English would override
 * "in the language the user writes in" for someone who never chose it. Other languages were chosen.
 */
export function languageLine(language: Language | undefined): string | null {
  if (!language || language === 'en') return null
  const name = languageInEnglish(language)
  return `The user's language is ${name} (${language}): answer in ${name}.`
}

/** The system prompt: who the assistant is, who it talks to, when and where, and what it knows. */
export function buildSystemPrompt(input: PromptInput): string {
  const zone = knownTimeZone(input.timeZone)
  const today = todayIn(zone, input.now)
  const who = input.userName?.trim() || 'the user'
  const lines = [
    `You are ${input.assistantName}, a personal assistant for managing memories and insights. You are talking with ${who}.`,
    `Right now it is ${formatDay(today, { weekday: true })}, at ${formatTime(input.now, zone)} in ${zone} (the user's time zone). Read "today", "tomorrow" and weekdays in that zone, and write dates as YYYY-MM-DD when a tool needs one.`,
    'Answer briefly and warmly in Markdown, in the language the user writes in. Base what you say about the user on their memories and the facts given here; when they do not hold the answer, say so plainly and never invent memories, events or weather.',
  ]
  const language = languageLine(input.language)
  if (language) lines.push(language)
  if (input.mode === 'tools') {
    lines.push(
      'Tools: search_memories looks through all of the user’s memories (use it when the memories below do not answer a question; try other words if nothing is found); create_memory saves a memory, only when the user asks you to remember, note or save something; get_weather gives the forecast for a day; get_calendar_events lists the user’s events between two days; update_memory and delete_memory propose correcting or forgetting a memory (the user applies or keeps the proposal under your answer, so say you proposed it). Call tools through the tool interface only, never by writing a call as text.',
    )
    if (input.web === 'off') {
      lines.push(
        'You cannot search the web for this message: if the user asks you to, tell them to turn on Web beside the message box.',
      )
    }
    if (input.web === 'on') {
      lines.push(
        'Web: web_search finds pages on the web and read_web_page reads one; use them for the world’s facts and news, never for what only the user’s memories can say. Cite every page you use as a Markdown link to its address, like [the page’s title](https://example.com/page), and cite only pages a tool gave you.',
      )
    }
  } else {
    lines.push(
      'You cannot call tools in this conversation: the server has looked up what the message needs and written it below. Do not write tool calls or JSON. If the user asks you to remember something and nothing below says it was saved, tell them to start their message with "Remember".',
    )
  }
  if (input.memories.length) {
    lines.push(
      '',
      `Memories that may be relevant, best match first (day; tags):`,
      ...input.memories.map(memoryLine),
    )
  } else {
    lines.push('', 'No saved memory matched the words of this message.')
  }
  if (input.facts?.length) {
    // A fact of several lines (a day's events and memories) stays one item: its lines indented under it.
    const item = (fact: string) => `- ${fact.replace(/\n+/g, '\n  ')}`
    lines.push('', 'Looked up for this message:', ...input.facts.map(item))
  }
  return lines.join('\n')
}
