import { addDays, todayIn, type CalendarDay } from '@remi/shared'
import {
  easterIn,
  isPastTense,
  MONTH_NAME,
  monthNumber,
  namesIn,
  memoryDaysAsked,
  significantWords,
  withOtherWords,
} from '../language/index.ts'

/** At most this many of a question's own words drive a search (issue 28: a 200-character search took seconds). */
export const MAX_QUESTION_WORDS = 12

/**
 * Words that ask rather than say what about, beyond the memories search's stop words: "what did Ana say
 * about the trip?" is about Ana and the trip, "would Caroline likely enjoy…" about Caroline and what.
 */
const SCAFFOLDING = new Set(
  `ask asked asking likely kind sort type exactly usually often really actually probably maybe might
  may shall would could should currently current nowadays anymore still again already ever never
  always whats wheres whos hows`.split(/\s+/),
)

/**
 * Words that mostly ask ("what did Ana say about…") but are sometimes what a memory says ("GP says my
 * knee…", "I felt…"): looked for, at a weight too small to drive the ranking.
 */
const SOFT = new Set(
  `say said says saying tell told telling talk talked talking mention mentioned plan planning planned
  think thinks thought feel feels felt`.split(/\s+/),
)
const SOFT_WEIGHT = 0.3
/** "Like" as a verb of the question ("does Tom like…", "what Greta likes"), looked for though a stop word. */
const LIKES = /\b(?:likes?|liked)\b/i
/** What a note says someone likes with. */
const LIKE_WORDS = ['like', 'love', 'favourite', 'favorite', 'fave']

/** Words a named period is made of: once the period filters by date, they are not searched for as words. */
const PERIOD_WORD =
  /^(?:january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|(?:19|20)\d\d|morning|afternoon|evening|night)$/

export interface DayRange {
  from: CalendarDay
  to: CalendarDay
}

export interface QuestionTerm {
  /** A word to look for, as the search takes it (lower case, no possessive). */
  word: string
  /** How much it counts: the question's own words 1, names more, words related to them less. */
  weight: number
  /** Which of the question's words it stands for (a verb form or related word, its word). */
  of: string
}

export interface ReadQuestion {
  /** The question's own significant words, in order (for proximity: neighbours are looked for together). */
  words: string[]
  /** What to look for: the words, their other forms and related words, with their weights. */
  terms: QuestionTerm[]
  /** The names among the words ("Marta"): they weigh more, and a second pass follows new ones. */
  names: string[]
  /** The days a period it names covers ("last month", "in May 2023", "last spring"), else null. */
  period: DayRange | null
  /** About how things are now ("where does Tiago work now?"): the newest of memories that disagree first. */
  present: boolean
  /** Saying so in words ("now", "current", "these days", "still", "latest"): later notes about the best matches' things are looked for. */
  now: boolean
  /** Asking for several ("what is Bia allergic to?", "list…", plural nouns): several distinct memories. */
  several: boolean
  /** Naming someone or something by role, not name ("my sister", "the cat's vet"): worth a second pass. */
  byRole: boolean
}

/**
 * English words of two letters that only build a sentence (and contractions' and ordinals' ends): every
 * other two-letter word of a question is an abbreviation worth looking for.
 */
const TWO_LETTER_FUNCTION = new Set(
  `ah am an as at aw be by do eh go ha he hi hm ho id if im in is it lo ma me mm my no of oh ok on or ow
  so to uh um up us we ya ye yo ll re ve st nd rd th`.split(/\s+/),
)

/** Holidays written two ways in notes: each is looked for as the other too. */
const SAME_NAME: Record<string, string[]> = { christmas: ['xmas'], xmas: ['christmas'] }

const NAME_WEIGHT = 1.5
const RELATED_WEIGHT = 0.6

const SEASONS: Record<string, [number, number]> = {
  // Northern-hemisphere meteorological seasons: [first month, last month] (winter runs into the next year).
  spring: [3, 5],
  summer: [6, 8],
  autumn: [9, 11],
  fall: [9, 11],
  winter: [12, 2],
}

const pad = (n: number) => String(n).padStart(2, '0')
const lastDayOf = (year: number, month: number) =>
  addDays(`${month === 12 ? year + 1 : year}-${pad(month === 12 ? 1 : month + 1)}-01`, -1)

/**
 * Times of the year known by name, as the days people mean when they ask about them: a holiday's
 * days around it ("what did we do over Easter?" means the Easter holidays, "last Christmas" the days
 * around it), each in a given year.
 */
const EVENTS: Array<{ pattern: RegExp; days: (year: number) => DayRange }> = [
  { pattern: /\b(?:christmas|xmas|boxing day)\b/, days: (y) => ({ from: `${y}-12-20`, to: `${y}-12-31` }) },
  { pattern: /\bnew year(?:'?s)?\b/, days: (y) => ({ from: `${y - 1}-12-30`, to: `${y}-01-02` }) },
  {
    pattern: /\beaster\b/,
    days: (y) => ({ from: addDays(easterIn(y), -9), to: addDays(easterIn(y), 8) }),
  },
  { pattern: /\bhalloween\b/, days: (y) => ({ from: `${y}-10-30`, to: `${y}-11-01` }) },
  { pattern: /\bbonfire night\b/, days: (y) => ({ from: `${y}-11-04`, to: `${y}-11-06` }) },
  { pattern: /\bvalentine(?:'?s)?\b/, days: (y) => ({ from: `${y}-02-13`, to: `${y}-02-15` }) },
]
const MONTH = new RegExp(`\\b(${MONTH_NAME})\\b`)

/**
 * A holiday or a month the question ties to a year: "Easter 2025", "last Christmas", "Easter this
 * year", "October half term last year", "feb 2025"; a holiday asked about in the past tense alone ("what
 * did we do at Easter?") is the last one. Null for a holiday with no year in a question about what to do
 * ("how long do I cook the ham at Christmas?").
 */
function namedPeriodIn(lower: string, today: CalendarDay, past: boolean): DayRange | null {
  const year = Number(today.slice(0, 4))
  const explicit = /\b((?:19|20)\d\d)\b/.exec(lower)?.[1]
  const anchored = explicit
    ? Number(explicit)
    : /\blast year\b/.test(lower)
      ? year - 1
      : /\bthis year\b/.test(lower)
        ? year
        : null
  const event = EVENTS.find((e) => e.pattern.test(lower))
  if (event) {
    if (anchored !== null) return event.days(anchored)
    const which = new RegExp(`\\b(last|this|next)\\s+${event.pattern.source.slice(2)}`).exec(lower)?.[1]
    // The last one already begun ("last Christmas", asked in the past), this year's, the next to come.
    if (which === 'last' || (!which && past))
      for (let y = year; y > year - 3; y--) if (event.days(y).from < today) return event.days(y)
    if (which === 'this') return event.days(year)
    if (which === 'next')
      for (let y = year; y < year + 3; y++) if (event.days(y).from > today) return event.days(y)
    return null
  }
  const month = MONTH.exec(lower)?.[1]
  // "May" alone is as often a verb as a month.
  if (month && anchored !== null && (month !== 'may' || /\b(?:in|during|for)\s+may\b/.test(lower))) {
    const m = monthNumber(month)
    return { from: `${anchored}-${pad(m)}-01`, to: lastDayOf(anchored, m) }
  }
  return null
}

/**
 * The days a question's period covers, as the user means them in their zone: the year ("this year",
 * "last year", "in 2023"), a season ("last spring", "this summer"), "N days/weeks/months ago", and what
 * the assistant's reading of noted days knows (yesterday, last week, last month, "in May 2023", a date).
 */
export function periodIn(text: string, timeZone: string, now: Date): DayRange | null {
  const today = todayIn(timeZone, now)
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  const lower = text.toLowerCase()
  const season = /\b(last|this|past)\s+(spring|summer|autumn|fall|winter)\b/.exec(lower)
  if (season) {
    const [first, last] = SEASONS[season[2]!]!
    const instance = (y: number) => ({
      from: `${y}-${pad(first)}-01`,
      to: lastDayOf(first === 12 ? y + 1 : y, last),
    })
    // "This winter" in January began last December; "last spring" is the latest one already over.
    if (season[1] === 'this') return instance(first === 12 && month <= 2 ? year - 1 : year)
    for (let y = year; y > year - 3; y--) if (instance(y).to < today) return instance(y)
  }
  const named = namedPeriodIn(lower, today, isPastTense(text))
  if (named) return named
  if (/\bthis year\b/.test(lower)) return { from: `${year}-01-01`, to: `${year}-12-31` }
  if (/\blast year\b/.test(lower)) return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` }
  const ago = /\b(a|an|one|two|three|four|five|six|\d{1,2})\s+(day|week|month|year)s?\s+ago\b/.exec(lower)
  if (ago) {
    const n = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 }[ago[1]!] ?? Number(ago[1])
    const days = { day: 1, week: 7, month: 30, year: 365 }[ago[2] as 'day']
    const middle = addDays(today, -n * days)
    // Roughly then: people round ("two weeks ago" is 10 to 18 days back).
    const slack = Math.max(1, Math.round((n * days) / 4))
    return { from: addDays(middle, -slack), to: addDays(middle, slack) }
  }
  // A month and year ("in May 2023", "May 2023") or a year alone ("in 2023").
  const monthYear =
    /\b(?:in\s+|during\s+)?(january|february|march|april|may|june|july|august|september|october|november|december)\s+((?:19|20)\d\d)\b/.exec(
      lower,
    )
  if (monthYear) {
    const m = new Date(`${monthYear[1]} 1, 2000`).getMonth() + 1
    const y = Number(monthYear[2])
    return { from: `${y}-${pad(m)}-01`, to: lastDayOf(y, m) }
  }
  const inYear = /\b(?:in|during|of|from)\s+((?:19|20)\d\d)\b/.exec(lower)
  if (inYear) return { from: `${inYear[1]}-01-01`, to: `${inYear[1]}-12-31` }
  // "May" alone is as often a verb as a month: only "in May".
  if (/\bmay\b/.test(lower) && !/\b(?:in|during|for)\s+may\b/.test(lower)) return null
  return memoryDaysAsked(text, timeZone, now)
}

/** "Now", "currently", "these days", or a question in the present about what something is. */
const NOW_WORDS =
  /\b(?:now|currently|current|these days|at the moment|nowadays|anymore|any more|still|latest|today)\b/i
const PRESENT_QUESTION =
  /^\s*(?:(?:what|where|who|which|how)(?:['’]s|\s+is|\s+are|\s+does|\s+do)|is|are|does|do)\b/i

/** "List…", "what are…", "which…", "all my…", or a plural noun asked about. */
const SEVERAL_WORDS =
  /\b(?:list|all|every|which|what are|what were|what kinds?|what sorts?|what types?|any|some|ways|things|allergic|allergies|likes|dislikes|hobbies|favou?rites)\b/i

/**
 * Reads a question for recall: the words that say what it is about (not how it asks: "when did",
 * "do you remember", "what's my" never drive the ranking), the period it names, whether it asks about
 * now, and whether it asks for several things.
 */
export function readQuestion(
  text: string,
  timeZone: string,
  now: Date,
  /** The names among the words, when the caller knows them (a query of lower-cased words does not show them). */
  knownNames?: readonly string[],
): ReadQuestion {
  const asked = text.replace(/\s+/g, ' ').trim()
  // "Now" asks for the present value, not for today's notes (a date reader takes it for today).
  const period = asked ? periodIn(asked.replace(/\b(?:right\s+)?now\b/gi, ' '), timeZone, now) : null
  // "How long", "how many", "how often" ask for an amount: "long" is not what the memory is about.
  const words = significantWords(asked.replace(/\bhow\s+(?:long|many|much|often|far)\b/gi, 'how'), 64)
    .filter((w) => !SCAFFOLDING.has(w.replace(/['’]/g, '')))
    .filter((w) => !(period && PERIOD_WORD.test(w)))
    .slice(0, MAX_QUESTION_WORDS)
  // Two-letter words that are not English function words are what terse notes abbreviate ("PB", "GP",
  // "MOT" is three): looked for too, after the others.
  for (const m of asked.toLowerCase().matchAll(/(?<![\p{L}\p{N}'’])(\p{L}\p{L})(?![\p{L}\p{N}'’])/gu)) {
    if (words.length < MAX_QUESTION_WORDS && !TWO_LETTER_FUNCTION.has(m[1]!) && !words.includes(m[1]!))
      words.push(m[1]!)
  }
  const names = knownNames ? knownNames.map((n) => n.toLowerCase()) : namesIn(asked, words)
  const terms: QuestionTerm[] = []
  for (const word of words) {
    // An ordinal is its number too: "Maisie's 16th" is noted "Maisie 16 🎂".
    const ordinal = /^(\d+)(?:st|nd|rd|th)$/.exec(word)?.[1]
    for (const other of [
      ...withOtherWords([word]),
      ...(SAME_NAME[word] ?? []),
      ...(ordinal ? [ordinal] : []),
    ]) {
      if (terms.some((t) => t.word === other)) continue
      // A verb's other form leads back to it ("bought" → "buy"); a related word mostly does not.
      const own =
        other === word ||
        other === ordinal ||
        withOtherWords([other]).includes(word) ||
        SAME_NAME[word]?.includes(other)
      terms.push({
        word: other,
        weight: names.includes(word) ? NAME_WEIGHT : SOFT.has(word) ? SOFT_WEIGHT : own ? 1 : RELATED_WEIGHT,
        of: word,
      })
    }
  }
  // "Like" is a stop word ("like a…"), but "what flowers does mum like?" asks what she likes: the note
  // saying so ("She likes freesias") should come before those that only name her. Soft, as it is also filler.
  // Notes say it in stronger words as often ("LOVES Dog Man", "her favourite"): those too.
  if (LIKES.test(asked))
    for (const word of LIKE_WORDS)
      if (!terms.some((t) => t.word === word)) terms.push({ word, weight: SOFT_WEIGHT, of: 'like' })
  const plural = words.some((w) => /[^su]s$/.test(w) && w.length > 3 && !names.includes(w))
  return {
    words,
    terms,
    names,
    period,
    present: !isPastTense(asked) && (NOW_WORDS.test(asked) || PRESENT_QUESTION.test(asked)),
    now: !isPastTense(asked) && NOW_WORDS.test(asked),
    several: SEVERAL_WORDS.test(asked) || plural,
    byRole:
      /\bmy\s+\p{L}/iu.test(asked) ||
      [...asked.matchAll(/\b(\p{Ll}[\p{L}-]*)['’]s\b/gu)].some((m) => !names.includes(m[1]!)),
  }
}

/** Words that, followed from a first result to a second pass, lead nowhere: everyone's and no one's. */
const NOT_A_LINK = new Set([
  'i',
  'the',
  'a',
  'my',
  'we',
  'he',
  'she',
  'they',
  'it',
  'this',
  'that',
  'and',
  'but',
])

/**
 * The names a memory's text gives (capitalised words, a sentence's first word too, as "Marta is my
 * sister" starts with one), lower-cased, without the question's own words, day and month names.
 */
export function namesInMemory(text: string, exclude: readonly string[]): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(/\p{Lu}[\p{L}\p{N}'’-]*/gu)) {
    // A sentence's first word is a name when it says something of someone ("Marta is…", "Rita's…",
    // "Tiago works…"), not when it tells what to do ("Buy milk", "Call the bank").
    const opening = /(?:^|[.!?]\s+)$/.test(text.slice(0, match.index))
    const next = /^\s+([\p{L}'’]+)/u.exec(text.slice(match.index + match[0].length))?.[1] ?? ''
    if (opening && !/['’]s$/.test(match[0]) && !/^(?:is|was|has|had|and|said|\p{L}+[^s]s)$/iu.test(next))
      continue
    const word = match[0]
      .toLowerCase()
      .replace(/['’]s$/, '')
      .replace(/['’-]+$/, '')
    if (word.length < 2 || NOT_A_LINK.has(word) || PERIOD_WORD.test(word) || exclude.includes(word)) continue
    if (significantWords(word).length === 0) continue
    found.add(word)
  }
  return [...found]
}

/** Word shingles of a text (pairs of neighbouring words), for telling near-duplicates apart. */
function shingles(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const set = new Set<string>()
  if (words.length === 1) set.add(words[0]!)
  for (let i = 0; i + 1 < words.length; i++) set.add(`${words[i]} ${words[i + 1]}`)
  return set
}

/** An item's word pairs, made once: recall asks again of the same items after its second pass. */
const shingled = new WeakMap<{ text: string }, { text: string; pairs: Set<string> }>()
function pairsOf(item: { text: string }): Set<string> {
  const known = shingled.get(item)
  if (known?.text === item.text) return known.pairs
  const pairs = shingles(item.text)
  shingled.set(item, { text: item.text, pairs })
  return pairs
}

/** How much two texts overlap (Jaccard of their word pairs): 1 for the same words in the same order. */
export function overlap(a: string, b: string): number {
  return jaccard({ text: a, pairs: shingles(a) }, { text: b, pairs: shingles(b) })
}

interface Shingled {
  text: string
  pairs: Set<string>
}

function jaccard(x: Shingled, y: Shingled): number {
  if (x.pairs.size === 0 || y.pairs.size === 0)
    return x.text.trim().toLowerCase() === y.text.trim().toLowerCase() ? 1 : 0
  let common = 0
  for (const s of x.pairs) if (y.pairs.has(s)) common++
  return common / (x.pairs.size + y.pairs.size - common)
}

/** Near-duplicates from this overlap on: the same note saved twice, or with a word changed. */
export const NEAR_DUPLICATE = 0.7

/**
 * The items without near-duplicates of an earlier one (the first, best ranked, stays). Each text's word
 * pairs are made once, and two sets of too different sizes are not compared (their Jaccard is at most
 * the smaller size over the larger): recall runs this over its forty best on every question.
 */
export function withoutNearDuplicates<T extends { text: string }>(
  items: readonly T[],
  threshold = NEAR_DUPLICATE,
): T[] {
  const kept: Array<Shingled & { item: T }> = []
  for (const item of items) {
    const own = { text: item.text, pairs: pairsOf(item), item }
    const size = own.pairs.size
    const duplicate = kept.some((k) => {
      const [small, large] = size < k.pairs.size ? [size, k.pairs.size] : [k.pairs.size, size]
      if (small > 0 && small < threshold * large) return false
      return jaccard(k, own) >= threshold
    })
    if (!duplicate) kept.push(own)
  }
  return kept.map((k) => k.item)
}
