import { type CalendarDay, todayIn, addDays } from '@remi/shared'
import * as chrono from 'chrono-node'
import { formatDay, formatTime } from './format.ts'
import { findDate, type FoundDate, AHEAD_OF } from './dates.ts'
import { DATE_WORDS } from './days.ts'
import { WEEKDAY_NAME, NUMBERS, weekdayOf } from './lexicon.ts'
import { POLITE, straightQuotes } from './text.ts'

export const REMEMBER = new RegExp(
  String.raw`^\s*${POLITE}(?:remember|note(?:\s+down)?|save|store|keep in mind|don'?t forget|do not forget|make a note|remind me(?:\s+(?:about|of))?|don'?t let me forget(?:\s+(?:about|that))?|(?:todo|to-do|to do)(?=\s*:))\b(?:\s+(?:that|this|to me|:))?\s*[:,-]?\s*`,
  'i',
)

/**
 * "remember that …", "note …", "save …": the rest of the sentence; null when it is not such a request.
 * "Remember to call Ana" and "note to self: call Ana" keep what to do: "call Ana".
 */
function rememberRequest(text: string): string | null {
  const match = REMEMBER.exec(straightQuotes(text))
  if (!match) return null
  const rest = text.slice(match[0].length)
  // "Can you remember when Ana's birthday is?", "remember what I said about…": a question, not a note.
  if (/^(?:when|what|where|who|whom|which|why|how|if|whether)\b/i.test(rest)) return null
  // "Can you remind me to call mum?": the question mark belongs to the request, not to the note.
  const asked = /\b(?:can|could|would|will) you\b/i.test(match[0])
  return (asked ? rest.replace(/\s*\?+\s*$/, '') : rest)
    .replace(/^to\s+self\b[\s:,-]*/i, '')
    .replace(/^to\s+(?=\S)/i, '')
    .replace(/^(?:to|that|about|of)\s*[.!]*$/i, '')
    .replace(/^[\p{P}\s]*$/u, '')
    .trim()
}

/**
 * "Remember to …", "remind me …", "don't forget to …": something to do, due today unless the sentence
 * names a day. Anything else kept without a day ("remember that the wifi password is on the fridge")
 * is a fact, and has no date.
 */
const REMINDER = new RegExp(
  String.raw`^\s*${POLITE}(?:remind me\b|(?:remember|don't forget|do not forget|don'?t let me forget) to\b|(?:todo|to-do|to do)\s*:)`,
  'i',
)
const isReminder = (text: string) => REMINDER.test(straightQuotes(text))

/** A tag as written after '#': a letter or digit, then letters, digits, '_' or '-'. */
const TAG_WORD = String.raw`[\p{L}\p{N}][\p{L}\p{N}_-]*`
/** "#family" as a word of its own; the tag is group 1. */
const HASHTAG = new RegExp(String.raw`(?:^|\s)#(${TAG_WORD})`, 'gu')
/** The hashtags that end a sentence ("… on 12 May #family #birthday."). */
const TRAILING_HASHTAGS = new RegExp(String.raw`(?:\s*#${TAG_WORD})+[\s.!]*$`, 'u')
/** The hashtags that open it ("#shopping eggs, bread"), with the colon or dash after them. */
const LEADING_HASHTAGS = new RegExp(String.raw`^(?:\s*#${TAG_WORD})+(?:\s*[:,-])?\s+`, 'u')
/** A tag named in a sentence ("tagged work", "#work"); the tag is group 1. */
const TAG = String.raw`#?(${TAG_WORD})`

/**
 * The tags a message names ("#family", "tagged work", "with the tag garden"), and the words that are
 * tags only if the user has them ("my family memories": family).
 */
export function tagsAskedFor(text: string): { named: string[]; candidates: string[] } {
  const named = [
    ...text.matchAll(HASHTAG),
    ...text.matchAll(
      new RegExp(String.raw`\b(?:tagged(?:\s+(?:with|as))?|with\s+(?:the\s+)?tags?)\s+${TAG}`, 'giu'),
    ),
  ].map((m) => m[1]!)
  const before = new RegExp(String.raw`\b(?:my|the|all|any)\s+${TAG}\s+(?:memories|notes)\b`, 'giu')
  return { named, candidates: [...text.matchAll(before)].map((m) => m[1]!) }
}

/** "Every Monday", "each morning", "every other week": a day that comes back, which a memory does not. */
export const EVERY = new RegExp(
  String.raw`\b(?:every|each)\s+(?:other\s+|single\s+)?(?:day|morning|afternoon|evening|night|week|weekday|weekend|month|year|${WEEKDAY_NAME})s?\b`,
  'i',
)

/**
 * "tomorrow to call mum" (what "remind me tomorrow to call mum" leaves) → "call mum tomorrow": the
 * time first, then what to do, turned around. Only when the words before "to" are a time and no more
 * ("Friday to Sunday is the festival" stays).
 */
function whenLast(text: string, timeZone: string, now: Date): string {
  const match = /^(\S.{0,39}?)\s+to\s+(\S.*)$/i.exec(text)
  if (!match) return text
  const when = match[1]!
  const what = match[2]!
  // "Every Monday to water the plants" → "water the plants every Monday".
  if (EVERY.exec(when)?.[0] === when) return `${what} ${when}`
  const [first] = chrono.parse(text)
  if (first && first.index === 0) return first.text === when ? `${what} ${when}` : text
  // The days chrono does not read: "on the 31st", "on Easter Monday".
  const found = findDate(when, timeZone, now)
  const bare = when.replace(/^(?:on|by|at|for)\s+/i, '')
  return found && (found.text === when || found.text === bare) ? `${what} ${when}` : text
}

export interface MemoryRequest {
  /** The sentence to keep, hashtags at its start and end removed and the others kept as words. */
  text: string
  tags: string[]
  /** The day the sentence names, or null. */
  date: FoundDate | null
  /** The day to save it on: the one named, today for a reminder with none, else none (a fact). */
  day: CalendarDay | null
}

/**
 * What "remember that Ana's birthday is on 12 May #family" asks to keep: the text, #hashtags as tags
 * (trailing ones leave the sentence, inline ones stay as plain words) and its day. Null when the
 * message does not ask to keep anything.
 */
export function memoryRequest(message: string, timeZone: string, now: Date): MemoryRequest | null {
  const body = rememberRequest(message)
  if (body === null) return null
  const tags: string[] = []
  for (const match of body.matchAll(HASHTAG)) {
    if (!tags.some((t) => t.toLowerCase() === match[1]!.toLowerCase())) tags.push(match[1]!)
  }
  let text = body.replace(TRAILING_HASHTAGS, '').replace(LEADING_HASHTAGS, '')
  text = text
    .replace(/(^|\s)#([\p{L}\p{N}])/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim()
  const fromNow = withTimeWritten(whenLast(text, timeZone, now), timeZone, now)
  text = fromNow.text
  if (text) text = text[0]!.toUpperCase() + text.slice(1)
  let found = text ? findDate(text, timeZone, now) : null
  // "Book flights for Easter": a day to be ready by, not the day the memory is about; "I love Christmas
  // music", "Ana's favourite holiday is Easter": a taste, not a day.
  if (found?.holiday && (AHEAD_OF.test(text.slice(0, found.index)) || TASTE.test(text))) {
    found = null
  }
  // A day known by name stays as written ("Easter Monday", not "Easter Monday, March 29").
  if (found && !found.holiday) text = withDayWritten(text, found, todayIn(timeZone, now))
  const date = found ?? fromNow.date
  const day = date?.day ?? (isReminder(message) ? todayIn(timeZone, now) : null)
  return { text, tags, date, day }
}

/** Words of liking: a sentence with them tells a taste ("I love Christmas music"), not a day. */
const TASTE =
  /\b(?:love|loves|loved|like|likes|liked|hate|hates|hated|enjoy|enjoys|enjoyed|prefer|prefers|favou?rite|adore|adores)\b/i

const COUNT = '(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)'
/** The words that name a day from today: true on the day they were said, wrong on any other. */
const RELATIVE_DAY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?<on>on\s+)?(?:` +
    String.raw`(?<week>(?:next|last|this)\s+week)|(?<weekday>${WEEKDAY_NAME})|` +
    String.raw`(?:the day after tomorrow|the day before yesterday|tomorrow|today|yesterday|` +
    String.raw`in\s+${COUNT}\s+(?:days?|weeks?)|${COUNT}\s+(?:days?|weeks?)\s+(?:ago|from now|from today)|` +
    String.raw`(?:next|this|last|coming)\s+${WEEKDAY_NAME}))(?![\p{L}\p{N}])`,
  'iu',
)
/** "in 2 hours", "in an hour", "in half an hour", "in 30 minutes": a time from now. */
const RELATIVE_TIME = new RegExp(
  String.raw`(?<![\p{L}\p{N}])in\s+(?:(?<half>half an)|(?<count>${COUNT}))\s+(?<unit>hours?|minutes?|mins?)(?![\p{L}\p{N}])`,
  'iu',
)

/**
 * The sentence with a time from now written as the time it names, so that it still reads true later:
 * "call Ana in 2 hours" at 22:20 → "call Ana at 00:20 on Thursday, November 26"; "in 30 minutes" →
 * "at 22:50". Within 99 hours. The day it falls on dates the memory.
 */
function withTimeWritten(
  text: string,
  timeZone: string,
  now: Date,
): { text: string; date: FoundDate | null } {
  const match = RELATIVE_TIME.exec(text)
  if (!match) return { text, date: null }
  const { half, count, unit } = match.groups!
  const n = half ? 0.5 : (NUMBERS[count!.toLowerCase()] ?? Number(count))
  const minutes = /^h/i.test(unit!) ? n * 60 : n
  if (!(minutes > 0 && minutes < 100 * 60)) return { text, date: null }
  const at = new Date(now.getTime() + minutes * 60_000)
  const day = todayIn(timeZone, at)
  const today = todayIn(timeZone, now)
  const on = day === today ? '' : ` on ${formatDay(day, { weekday: true, today })}`
  const written = `at ${formatTime(at, timeZone)}${on}`
  return {
    text: text.slice(0, match.index) + written + text.slice(match.index + match[0].length),
    date: { day, text: written, index: match.index, yearGuessed: false },
  }
}

const PREPOSITION = /(?:^|\s)(?:on|by|until|till|before|after|from|since|for|of|during|to|and|or)\s*$/i

/** A month and day straight after a weekday: ", November 27", " 27 November", " the 27th of November". */
const WRITTEN_AFTER = new RegExp(String.raw`^[\s,]*(?:the\s+)?` + DATE_WORDS.source, 'i')

/**
 * The sentence with the words that named its day from today written as that day, so that it still
 * reads true later: "Buy milk tomorrow" → "Buy milk on Thursday, November 26", "Tomorrow is bin day" →
 * "Thursday, November 26 is bin day", "dentist on Friday" → "dentist on Friday, November 27", "call mum
 * tomorrow evening" → "call mum on Thursday evening, November 26". A date written out ("on 3 December")
 * and a time of day ("tonight") stay as they are.
 */
function withDayWritten(text: string, date: FoundDate, today: CalendarDay): string {
  const match = RELATIVE_DAY.exec(date.text)
  if (!match) return text
  const start = date.index + match.index
  let before = text.slice(0, start)
  // "every Sunday" names every one of them, not the next.
  if (/\b(?:every|each)\s+$/i.test(before)) return text
  const groups = match.groups ?? {}
  // "on Friday, November 27": the day is written out already.
  if (groups.weekday && WRITTEN_AFTER.test(text.slice(start + match[0].length))) return text
  let day = formatDay(date.day, { weekday: true, today })
  let lead = groups.on ?? (!before.trim() || PREPOSITION.test(before) ? '' : 'on ')
  if (groups.weekday) lead = groups.on ?? ''
  if (groups.week) {
    const sunday = addDays(date.day, -weekdayOf(date.day))
    day = `the week of ${formatDay(sunday, { today })}`
    lead = lead && 'in '
  }
  let after = text.slice(start + match[0].length)
  // "is the Friday after next" → "is on Friday, December 4".
  const afterNext = groups.weekday && /^\s+after\s+next(?![\p{L}\p{N}])/iu.exec(after)
  if (afterNext) {
    after = after.slice(afterNext[0].length)
    before = before.replace(/\bthe\s+$/i, '')
    if (!groups.on && before.trim() && !PREPOSITION.test(before)) lead = 'on '
  }
  // "tomorrow evening" → "Thursday evening, November 26", not "Thursday, November 26 evening".
  const part = groups.week ? null : /^\s+(morning|afternoon|evening|night)(?![\p{L}\p{N}])/iu.exec(after)
  if (part) {
    day = day.replace(/^\p{L}+/u, (weekday) => `${weekday} ${part[1]!.toLowerCase()}`)
    after = after.slice(part[0].length)
  }
  const written = lead + day
  return before + (before.trim() ? written : written[0]!.toUpperCase() + written.slice(1)) + after
}
