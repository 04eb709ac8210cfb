import { addDays, isMemoryDate, knownTimeZone, quickDateRange, todayIn, type CalendarDay } from '@remi/shared'
import * as chrono from 'chrono-node'
import { BRAND } from '../../config/brand.ts'
import { formatDay, formatTime, MONTHS, WEEKDAYS, weekdayOf } from './format.ts'
import { significantWords } from './search.ts'

/**
 * Reading a message without a language model: what it asks for, and which days it is about. The
 * offline assistant routes on these; context mode uses them to decide which facts go into the prompt.
 */

/**
 * The message with typographic apostrophes (‘ ’, as phones type them) written as ', so the patterns
 * below read "don’t" and "what’s" as they read "don't". One character for one: indexes into it are
 * indexes into the message.
 */
const straightQuotes = (text: string) => text.replace(/[‘’]/g, "'")

/** "please", "can you", "I want you to", "hey Remi": the polite openings before a request. */
const POLITE = String.raw`(?:(?:please|pls|hey|hi|hello|ok|okay|can you|could you|would you|will you|i want you to|i'd like you to|${BRAND})[\s,]+)*`

const REMEMBER = new RegExp(
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

/** "How many memories do I have?", "how many notes did I save this week?". */
export const isCountQuestion = (text: string) =>
  /\bhow many\s+(?:\w+\s+)?(?:memories|memory|notes?)\b/i.test(text)

const CHANGE = new RegExp(
  String.raw`^\s*${POLITE}(?:delete|remove|erase|forget(?! (?:it|about it)\b)|edit|change|update(?! me\b)|correct|rename|cancel|reschedule)\b`,
  'i',
)
/**
 * "Delete the wifi memory", "forget what I said about Ana", "change the dentist note": a change the
 * assistant cannot make. What it is about ("the wifi memory"), or null when it is not such a request.
 */
export function changeRequest(text: string): string | null {
  const match = CHANGE.exec(straightQuotes(text))
  return match ? text.slice(match[0].length) : null
}

/** "Sorry, what time is it?", "ok so what's next?", "oh and remember …": the words that only lead in. */
const FILLER = new RegExp(
  String.raw`^\s*(?:(?:(?:sorry|oops|ok(?:ay)?|alright|all right|um+|uh+|hmm+|oh|btw|by the way|then)\b|(?:so|and|also)\b(?=[\s,]+(?:what|when|where|who|how|is|are|do|does|did|can|will|remember|remind|am|any)\b))[\s,.!:;-]*)+(?=\S)`,
  'i',
)
export const withoutFiller = (text: string) => text.replace(FILLER, '')

/** A sentence told, as the rest of "Remember …": "My sister…" → "my sister…"; "I…" and names as written. */
export function asToldAfterRemember(text: string): string {
  const told = text.trim().replace(/[.!]+$/, '')
  return /^(?:the|my|our|a|an|his|her|their|this|that|these|those|we|there|it)\b/i.test(told)
    ? told[0]!.toLowerCase() + told.slice(1)
    : told
}

/**
 * "Actually, Ana's birthday is June 5", "no, the wifi password is lily-7", "correction: the dentist is on
 * Friday": a fact told to correct one, which the assistant cannot change. The fact, or null.
 */
export function correction(text: string): string | null {
  const match = /^\s*(?:actually|correction|no|nope)\b[\s,:;!.-]*(.+)$/i.exec(straightQuotes(text))
  const fact = match?.[1]?.trim()
  if (!fact || isQuestion(fact) || /^(?:thanks|thank you|worries|problem|need|way)\b/i.test(fact)) return null
  return /\b(?:is|are|was|were|isn't|aren't|'s|'re)\b/i.test(fact) ? fact : null
}

/** "I want to know…", "I wonder…", "I forgot when…", "I can't remember where…": questions in other words. */
const ASKING =
  /^\s*(?:i (?:want|need|would like|'d like) to know|i(?: was)? wonder(?:ing)?|i (?:forgot|forget|can't remember|cannot remember|don't remember|can't recall|don't know))\b/i

/**
 * Something told rather than asked ("I have a meeting with Pedro tomorrow at 10", "my favourite colour
 * is green"): a first-person sentence that is not a question or a request ("I'd like…").
 */
export function isStatement(text: string): boolean {
  const plain = straightQuotes(text)
  if (/\?\s*$/.test(plain) || ASKING.test(plain) || /^\s*(?:i'd|i would) like\b/i.test(plain)) return false
  if (/^\s*(?:i|i'm|im|i've|i'll|we|we're|we've)\s/i.test(plain)) return true
  // "My sister's birthday is on 3 May", not "my schedule this week".
  return /^\s*(?:my|our)\s/i.test(plain) && /\b(?:is|are|was|were|has|have|had|will)\b/i.test(plain)
}

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

/**
 * The tags a message asks for: "#family", "tagged work", "with the tag garden", or "my family
 * memories" when family is one of the user's tags (`known`, asked for only when needed). Empty when
 * it names none.
 */
export async function namedTags(text: string, known: () => Promise<readonly string[]>): Promise<string[]> {
  const { named, candidates } = tagsAskedFor(text)
  if (candidates.length) {
    const tags = await known()
    for (const word of candidates) {
      const tag = tags.find((t) => t.toLowerCase() === word.toLowerCase())
      if (tag) named.push(tag)
    }
  }
  return named.filter((tag, i) => named.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i)
}

/** "What time is it?", "what's the date today?", "what day is it?": the clock, not a search. */
export const isClockQuestion = (text: string) =>
  /^\s*(?:what(?:'s| is)? (?:the )?(?:time|date|day)(?: is it)?(?: today| now| right now)?|what day is today|what(?:'s| is) today(?:'s)? date|which day is (?:it|today))\s*[?.!]*\s*$/i.test(
    straightQuotes(text),
  )

/** "Who are you?", "what's your name?": the assistant asked about itself. */
export const isIdentityQuestion = (text: string) =>
  /^\s*(?:who are you|who am i (?:talking|speaking) (?:to|with)|what(?:'s| is) your name|what is remi|who is remi)\s*[?.!]*\s*$/i.test(
    straightQuotes(text),
  )

/**
 * "What day is tomorrow?", "what date is next Friday?", "which day was November 1?": the day's words,
 * and whether the question looks back.
 */
export function dayQuestion(text: string): { words: string; past: boolean } | null {
  const match =
    /^\s*(?:what|which)(?:'s| is)? (?:the )?(?:day|date|weekday)(?: of the week)? (?:(is it|will it be|is|was|falls on|fell on) )?(.+?)\s*[?.!]*\s*$/i.exec(
      straightQuotes(text),
    )
  if (!match) return null
  return { words: match[2]!.replace(/^(?:on|for)\s+/i, ''), past: /^(?:was|fell)/i.test(match[1] ?? '') }
}

/** What a "how many days until …?" question counts to (or since), and in what. */
export interface DaysQuestion {
  words: string
  since: boolean
  weeks: boolean
}

/**
 * "How many days until Christmas?", "how long until Ana's birthday?", "how many weeks until Easter?",
 * "how many days since I started the new job?", "how long ago did we move?", "how long have I been at the
 * new job?": what is counted, or null.
 */
export function daysUntilQuestion(text: string): DaysQuestion | null {
  const plain = straightQuotes(text)
  const match =
    /^\s*(?:how many (?:more )?(days|sleeps|weeks)(?: (?:are )?left)?|how long)(?: is it| has it been| is it been)? (until|till|til|to|before|since) (.+?)\s*[?.!]*\s*$/i.exec(
      plain,
    )
  if (match) {
    return { words: match[3]!, since: /^since$/i.test(match[2]!), weeks: /^weeks$/i.test(match[1] ?? '') }
  }
  const ago =
    /^\s*how (?:long|many (days|weeks)) ago (?:did|was|were|have|had) (.+?)\s*[?.!]*\s*$/i.exec(plain) ??
    // "How long have I been at the new job?": since the day the words find.
    /^\s*how (?:long|many (days|weeks)) have (?:i|we) ((?:been|had|known|lived|worked) .+?)\s*[?.!]*\s*$/i.exec(
      plain,
    )
  return ago ? { words: ago[2]!, since: true, weeks: /^weeks$/i.test(ago[1] ?? '') } : null
}

/**
 * "How many days between Christmas and my flight?", "how many weeks from March 3 to June 5?": the two
 * days' words ("now" is today), and whether weeks are asked for. Null for any other question.
 */
export function daysBetweenQuestion(text: string): { first: string; second: string; weeks: boolean } | null {
  const match =
    /^\s*how\s+(?:many\s+(days|weeks|nights)|long)\s+(?:are\s+there\s+|is\s+it\s+)?(?:between\s+(.+?)\s+and|from\s+(.+?)\s+(?:to|until|till))\s+(.+?)\s*[?.!]*\s*$/i.exec(
      straightQuotes(text),
    )
  if (!match) return null
  const today = (words: string) => words.replace(/^(?:now|right now)$/i, 'today')
  return {
    first: today(match[2] ?? match[3]!),
    second: today(match[4]!),
    weeks: /^weeks$/i.test(match[1] ?? ''),
  }
}

/** A day everyone knows by name: how it is asked for, how it is written, and its day in a year. */
interface NamedDay {
  pattern: RegExp
  name: string
  in: (year: number) => CalendarDay
}

const fixed = (month: number, day: number) => (year: number) => dayFrom(year, month, day)

/** Easter Sunday (Western churches) of a year: the anonymous Gregorian computus. */
export function easterIn(year: number): CalendarDay {
  const a = year % 19
  const [b, c] = [Math.floor(year / 100), year % 100]
  const [d, e] = [Math.floor(b / 4), b % 4]
  const g = Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const l = (32 + 2 * e + 2 * Math.floor(c / 4) - h - (c % 4)) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const n = h + l - 7 * m + 114
  return dayFrom(year, Math.floor(n / 31), (n % 31) + 1)
}

const NAMED_DAYS: NamedDay[] = [
  { pattern: /^christmas eve$/i, name: 'Christmas Eve', in: fixed(12, 24) },
  { pattern: /^christmas(?: day)?$/i, name: 'Christmas', in: fixed(12, 25) },
  { pattern: /^new year'?s eve$/i, name: "New Year's Eve", in: fixed(12, 31) },
  { pattern: /^(?:the )?new year(?:'?s)?(?: day)?$/i, name: "New Year's Day", in: fixed(1, 1) },
  { pattern: /^halloween$/i, name: 'Halloween', in: fixed(10, 31) },
  { pattern: /^(?:saint |st\.? )?valentine'?s(?: day)?$/i, name: "Valentine's Day", in: fixed(2, 14) },
  // Easter Monday before Easter: in a sentence, the longer name is looked for first.
  { pattern: /^good friday$/i, name: 'Good Friday', in: (year) => addDays(easterIn(year), -2) },
  { pattern: /^easter monday$/i, name: 'Easter Monday', in: (year) => addDays(easterIn(year), 1) },
  { pattern: /^easter(?: sunday)?$/i, name: 'Easter', in: easterIn },
  {
    // The United States' (the fourth Thursday of November).
    pattern: /^thanksgiving(?: day)?$/i,
    name: 'Thanksgiving',
    in: (year) => {
      const first = dayFrom(year, 11, 1)
      return addDays(first, ((4 - weekdayOf(first) + 7) % 7) + 21)
    },
  },
]

/** The day known by name that some words are ("Christmas", "Easter"), the next (or the last) one. */
export function holiday(
  words: string,
  today: CalendarDay,
  past = false,
): { name: string; day: CalendarDay } | null {
  const named = namedDayOf(words)
  const day = named && nextOf(named.in, today, past)
  return named && day ? { name: named.name, day } : null
}

const namedDayOf = (words: string) => {
  const bare = straightQuotes(words.trim()).replace(/\s+/g, ' ')
  return NAMED_DAYS.find((d) => d.pattern.test(bare))
}

/** Whether a text names this day known by name ("Easter brunch" names Easter; "Easter Monday picnic" does not). */
export function mentionsHoliday(text: string, name: string): boolean {
  const all = new RegExp(HOLIDAY_WORDS.source, 'giu')
  return [...straightQuotes(text).matchAll(all)].some((m) => namedDayOf(m[0])?.name === name)
}

/** "When is Easter?", "when was Thanksgiving?": the day known by name it asks about, or null. */
export function holidayQuestion(text: string, today: CalendarDay): { name: string; day: CalendarDay } | null {
  const match = /^\s*when(?:'s| is| was)\s+(.+?)\s*[?.!]*\s*$/i.exec(straightQuotes(text))
  return match ? holiday(match[1]!, today, /^\s*when was\b/i.test(match[0])) : null
}

/** A kind of day that comes back every year, and the days a question asks about it for. */
export interface YearlyDaysQuestion {
  kind: 'birthday' | 'anniversary'
  range: DayRange | null
}

/**
 * "What birthdays are coming up?", "any birthdays this month?", "whose birthday is next?", "anniversaries
 * in March?": the kind of day and the span asked about (null: the coming year). Not a question about
 * someone's ("when is Ana's next birthday?"): that is a search.
 */
export function yearlyDaysQuestion(text: string, timeZone: string, now: Date): YearlyDaysQuestion | null {
  const plain = straightQuotes(text)
  const kind = /\b(birthdays?|anniversar(?:y|ies))\b/i.exec(plain)
  if (!kind || !isQuestion(plain)) return null
  const month = new RegExp(String.raw`\b(?:in|for|during)\s+(${MONTH_NAME})\b`, 'i').exec(plain)
  const ahead = /\b(?:coming up|upcoming|next|soon|soonest|this (?:week|month)|next (?:week|month))\b/i
  if (!month && !ahead.test(plain)) return null
  const other = significantWords(plain).filter(
    (w) =>
      !/^(?:birthdays?|anniversar(?:y|ies)|coming|upcoming|soon|soonest|whose|any|month|week|year)$/.test(w),
  )
  if (other.some((w) => !MONTH_WORD.test(w))) return null
  // This or next week or month: the days the calendar questions read them as.
  const span = /\b(?:this|next) (?:week|month)\b/i.test(plain) ? daysNamed(plain, timeZone, now) : null
  const range = month
    ? monthRange(month[1]!, todayIn(timeZone, now))
    : span && { from: span.from, to: span.to }
  return { kind: /^birthday/i.test(kind[1]!) ? 'birthday' : 'anniversary', range }
}

/** A month's number (1–12) by its name or short name ("sept", "December"). */
const monthNumber = (name: string) =>
  MONTHS.findIndex((m) => m.toLowerCase().startsWith(name.slice(0, 3).toLowerCase())) + 1

/**
 * The month and day a text writes out ("Ana's birthday is May 12", "born on 30 January 1985", "the 3rd
 * of June"), by the month's name; null when it writes none, or one no year has ("April 31").
 */
export function monthDayIn(text: string): { month: number; day: number } | null {
  const match = DAY_OF_MONTH.exec(text) ?? MONTH_DAY.exec(text)
  if (!match) return null
  const [name, day] = /^\d/.test(match[1]!) ? [match[2]!, Number(match[1])] : [match[1]!, Number(match[2])]
  const month = monthNumber(name)
  // 2000 is a leap year: February 29 is a day some years have.
  return isMemoryDate(dayFrom(2000, month, day)) ? { month, day } : null
}

/** The next whole month by this name: this one while it lasts. */
function monthRange(name: string, today: CalendarDay): DayRange {
  const index = monthNumber(name) - 1
  const thisMonth = Number(today.slice(5, 7)) - 1
  const from = firstOfMonth(today, (index - thisMonth + 12) % 12)
  return { from: index === thisMonth ? today : from, to: addDays(firstOfMonth(from, 1), -1) }
}

/**
 * The day some words name, from today on (or back from it, `past`): a date or relative day
 * ("December 3", "next Friday", "tomorrow") or a day known by name ("Christmas", "New Year's Eve").
 * Null when they name none.
 */
export function namedDay(words: string, timeZone: string, now: Date, past = false): CalendarDay | null {
  const today = todayIn(timeZone, now)
  const bare = straightQuotes(words.trim())
  const named = holiday(bare, today, past)
  if (named) return named.day
  if (/^today$/i.test(bare)) return today
  // A year: its first day.
  if (/^\d{4}$/.test(bare) && isMemoryDate(`${bare}-01-01`)) return `${bare}-01-01`
  // Read as a sentence in the past tense when asked about one: the last such day, not the next.
  const lead = past ? 'was ' : ''
  const found = findDate(lead + bare, timeZone, now)
  // The words must be the date, not a sentence that holds one ("Ana's party on Friday").
  return found && found.index === lead.length && found.text.trim() === bare ? found.day : null
}

/** "What time is it in Tokyo?", "time in New York": the place, or null. */
export function clockPlace(text: string): string | null {
  const match =
    /^\s*(?:what(?:'s| is)? (?:the )?time(?: is it)?(?: now| right now)?|(?:the )?(?:current |local )?time) in ([\p{L} ._/'-]+?)(?: (?:now|right now))?\s*[?.!]*\s*$/iu.exec(
      straightQuotes(text),
    )
  return match ? match[1]!.trim() : null
}

/** Every zone name the runtime knows, by its city in lower case ("new york" → "America/New_York"). */
let zonesByCity: Map<string, string> | undefined

/** The time zone a city names ("Tokyo", "new york", "Europe/Lisbon"), or null. */
export function zoneOfPlace(place: string): string | null {
  zonesByCity ??= new Map(
    Intl.supportedValuesOf('timeZone').map((zone) => [
      zone.split('/').pop()!.replace(/_/g, ' ').toLowerCase(),
      zone,
    ]),
  )
  const name = place
    .replace(/^the\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim()
  const byCity = zonesByCity.get(name.replace(/_/g, ' ').toLowerCase())
  if (byCity) return byCity
  const exact = Intl.supportedValuesOf('timeZone').find((zone) => zone.toLowerCase() === name.toLowerCase())
  return exact ?? null
}

/**
 * "Brief me", "what's my briefing?", "give me my daily summary", "catch me up on today": the day's
 * briefing (weather, events, memories due), as the dashboard tells it. Not "the client brief".
 */
export const isBriefingRequest = (text: string) =>
  /^\s*(?:(?:ok(?:ay)?|so|and|hey|please|can you|could you)[\s,]+)*(?:brief me|(?:what(?:'s| is)|give me|show me|read me|tell me|i'd like|i want|get me)?\s*(?:my |the |today's |a )?(?:(?:(?:daily|morning|day's) )?briefing|(?:daily|morning|day's) brief|(?:daily|morning) (?:summary|digest|update|rundown|overview)|(?:summary|rundown|overview|recap) (?:of|for) (?:my day|the day|today))(?: for today| today)?|catch me up(?: on (?:my day|today))?|summari[sz]e (?:my day|today))(?:,? (?:please|remi))*\s*[?.!]*\s*$/i.test(
    straightQuotes(text),
  )

/**
 * "What should I get Ana for her birthday?", "gift ideas for mum", "a Christmas present for Rui?": a
 * question about what someone would like. Not "what do I need to buy?" (nobody to give it to).
 */
export const isGiftQuestion = (text: string) => {
  const plain = straightQuotes(text)
  if (
    /\bgifts?\b|\b(?:birthday|christmas|xmas|anniversary|wedding) presents?\b|\bpresents? (?:for|ideas?)\b/i.test(
      plain,
    )
  ) {
    return true
  }
  // Someone to give it to: a name, "him", "her", "them", "my mum".
  const whom =
    /\b(?:should|could|can|shall|to) (?:i|we) (?:get|buy|give)\s+(?:(?:something|anything)\s+)?(?:for\s+)?(my\s+)?([\p{L}'’-]+)/iu.exec(
      plain,
    )
  if (!whom) return false
  const [, my, word = ''] = whom
  return my
    ? /^(?:mum|mom|mother|dad|father|wife|husband|partner|boyfriend|girlfriend|son|daughter|brother|sister|friend|boss|grandma|grandpa|kids?)$/i.test(
        word,
      )
    : /^\p{Lu}/u.test(word) || /^(?:him|her|them)$/i.test(word)
}

/** The words of a gift question about the giving and its day, not about whom: left out of its search. */
export const GIVING_WORDS = new Set(
  `buy give gave given present presents gifts idea ideas
  birthday birthdays christmas xmas anniversary wedding easter`.split(/\s+/),
)

/**
 * "When is the dentist?", "what time is the standup?", "what day is the party?", "where is the
 * dentist?": a question the calendar may answer.
 */
export const asksWhen = (text: string) => /\b(?:when|what time|what day|where)\b/i.test(text)

/** "When am I free today?", "any free time on Friday?", "free slots this week?": the gaps between events. */
export const isFreeTimeQuestion = (text: string) =>
  /\bwhen (?:am i|are we|will i be|is everyone) (?:free|available)\b|\b(?:free|spare) (?:time|slots?|windows?|hours?)\b/i.test(
    straightQuotes(text),
  )

/**
 * "When is my next free day?" ('next'), "which days am I free next week?" ('which'): days with nothing
 * on the calendar, not the free time between events.
 */
export function freeDayQuestion(text: string): 'next' | 'which' | null {
  const plain = straightQuotes(text)
  if (
    /\b(?:next|first)\s+(?:free|empty|clear|quiet)\s+day\b|\bnext\s+day\s+(?:with\s+nothing|off)\b/i.test(
      plain,
    )
  ) {
    return 'next'
  }
  return /\b(?:which|what)\s+days?\b.*\b(?:free|empty|clear|nothing\s+on)\b|\b(?:any\s+)?(?:free|empty)\s+days\b/i.test(
    plain,
  ) && isQuestion(plain)
    ? 'which'
    : null
}

/**
 * Which of a question's matches it asks for by time: "when was my last run?" the newest, "when is my
 * next haircut?" the soonest from today. Not "last week" or "next month", which name days.
 */
export function timeOrder(text: string): 'newest' | 'soonest' | null {
  if (NEWEST.test(text)) return 'newest'
  if (SOONEST.test(text)) return 'soonest'
  return null
}
const NOT_DAYS = String.raw`(?!\s+(?:week|weekend|month|year|night|time)\b)`
const NEWEST = new RegExp(String.raw`\b(?:last|latest|most recent)\b${NOT_DAYS}`, 'i')
const SOONEST = new RegExp(String.raw`\bnext\b${NOT_DAYS}`, 'i')

/** "What's my name?", "who am I?". */
export const isNameQuestion = (text: string) =>
  /^\s*(?:what(?:'s| is) my name|who am i)\s*[?.!]*\s*$/i.test(straightQuotes(text))

/** "What do you know about me?", "what do you remember?", "tell me about myself": what is saved, in short. */
export const isOverviewQuestion = (text: string) =>
  /^\s*(?:(?:so|and|ok|okay|hey)[\s,]+)?(?:what (?:do|did) you (?:know|remember)(?: about me)?|what (?:have|did) i (?:told|tell) you(?: so far)?|what do you have on me|tell me (?:about (?:me|myself)|what you (?:know|remember)(?: about me)?|everything you know(?: about me)?))(?:,? remi)?\s*[?.!]*\s*$/i.test(
    straightQuotes(text),
  )

/** "Bye", "good night", "see you later": the end of a conversation. */
export const isFarewell = (text: string) =>
  /^\s*(?:(?:ok(?:ay)?|thanks|thank you)[\s,!.]*)?(?:bye(?:-bye)?|goodbye|good night|night|see you(?: later| soon| tomorrow)?|see ya|cya|talk (?:to you )?later|ttyl)(?:,? remi)?\s*[.!]*\s*$/i.test(
    straightQuotes(text),
  )

/** "How are you?", "how's it going?": small talk. */
export const isSmallTalk = (text: string) =>
  /^\s*(?:how are you(?: doing| today)?|how(?:'s| is) it going|how are things|what'?s up)(?:,? remi)?\s*[?.!]*\s*$/i.test(
    straightQuotes(text),
  )

/** "OK", "got it", "yes please", "no thanks": an answer to nothing the offline assistant asked. */
export const isAcknowledgement = (text: string) =>
  /^\s*(?:ok(?:ay)?|k|cool|great|nice|good|got it|alright|all right|fine|perfect|awesome|sure|yes|yeah|yep|no|nope|nah|lol|ha(?:ha)+|hm+|sorry|oops|wow|oh)\b[\s,]*(?:please|thanks|thank you)?[\s.!]*$/i.test(
    straightQuotes(text),
  )

/** "Well done!", "good job", "you're the best". */
export const isPraise = (text: string) =>
  /^\s*(?:well done|good job|great job|nice one|nice work|good work|brilliant|excellent|amazing|good bot|(?:you(?:'re| are)|that(?:'s| is| was)) (?:great|the best|awesome|amazing|brilliant|helpful|very helpful|so helpful|perfect))\b[\s,]*(?:thanks|thank you)?[\s.!]*$/i.test(
    straightQuotes(text),
  )

/** "How cold is it?", "is it going to be hot tomorrow?", "what should I wear?", "do I need a coat?". */
const FEEL_WORDS =
  /\b(?:how (?:cold|hot|warm|chilly) (?:is it|will it be|is it going to be|is it outside|outside)|is it (?:going to be )?(?:cold|hot|warm|chilly|freezing|humid)|what (?:should|shall|do) i wear|(?:need|bring|take|wear) (?:a |an |my )?(?:jacket|coat|sunscreen|sunglasses|scarf|gloves))\b/i

/** What people do outdoors, that the weather decides: "a good day for a run?", "should I hang the washing out?". */
const OUTDOORS = String.raw`(?:run|running|jog|jogging|walk|walking|hike|hiking|bike(?:\s+ride)?|cycle|cycling|ride|stroll|picnic|barbecue|bbq|beach|swim|swimming|surf|surfing|sail|sailing|garden|gardening|golf|tennis|football|laundry|washing|wash\s+the\s+car|(?:be\s+|go\s+|eat\s+)?outside|outdoors)`
const OUTDOOR_WORDS = new RegExp(
  String.raw`\b(?:(?:good|nice|great|ok|okay|fine|right)\s+(?:day|time|weather|morning|afternoon|evening|weekend)\s+(?:for|to)\s+(?:(?:a|an|the|go|do|some|going|have|hang|dry)\s+)*${OUTDOORS}|(?:should|shall|can|could)\s+(?:i|we)\s+(?:go\s+|have\s+)?(?:for\s+)?(?:(?:a|an|the|to|some)\s+)*${OUTDOORS}|(?:hang|dry)\s+(?:the\s+)?(?:washing|laundry)\s+out(?:side)?)\b`,
  'i',
)
/** "When will it stop raining?", "when does the rain stop?", "when will it be dry again?". */
const RAIN_STOPS =
  /\b(?:stop|end|finish)\s+raining\b|\bwhen\b.*\b(?:rain|showers?)\s+(?:stop|end|clear)|\bwhen\b.*\b(?:be|get|turn)\s+dry\b/i
/** "Warmest", "coldest", "wettest", "driest": the day of several that is most so. */
const EXTREME = /\b(warmest|hottest|coldest|wettest|rainiest|driest)\b/i

/** What a weather question asks to decide (weatherDecision). */
export type WeatherDecision =
  | 'rain'
  | 'umbrella'
  | 'wear'
  | 'coat'
  | 'gloves'
  | 'stop'
  | 'next rain'
  | 'outdoors'
  | 'sunny'
  | 'warmest'
  | 'coldest'
  | 'wettest'
  | 'driest'

/**
 * What a weather question asks to decide: whether it will rain ("will it rain tomorrow?"), when it stops
 * or starts ("when will it stop raining?", "when will it rain?"), whether to take an umbrella, what to
 * wear ("what should I wear?"), whether a coat ("do I need a jacket?") or a scarf and gloves are needed,
 * whether it is a day to be outdoors ("good day for a run?"), whether it will be sunny, or the warmest,
 * coldest, wettest or driest day; null for the weather itself ("what's the weather like?", "how cold is it?").
 */
export function weatherDecision(text: string): WeatherDecision | null {
  const plain = straightQuotes(text)
  if (/\bumbrella\b/i.test(plain)) return 'umbrella'
  if (/\bwhat (?:should|shall|do) i wear\b/i.test(plain)) return 'wear'
  // "Do I need a coat?": yes or no, for that.
  const item = /\b(?:need|bring|take|wear) (?:a |an |my )?(jacket|coat|sweater|jumper|scarf|gloves)\b/i.exec(
    plain,
  )
  if (item) return /^(?:scarf|gloves)$/i.test(item[1]!) ? 'gloves' : 'coat'
  if (RAIN_STOPS.test(plain)) return 'stop'
  if (/\bwhen\b.*\b(?:rain|snow)\b|\bnext\s+(?:rainy|wet)\s+day\b/i.test(plain)) return 'next rain'
  const extreme = EXTREME.exec(plain)?.[1]?.toLowerCase()
  if (extreme) {
    return extreme === 'hottest'
      ? 'warmest'
      : extreme === 'rainiest'
        ? 'wettest'
        : (extreme as WeatherDecision)
  }
  if (OUTDOOR_WORDS.test(plain)) return 'outdoors'
  if (
    /\b(?:sunny|sunshine|sunniest|clear\s+skies?|sun\s+(?:out|shine))\b/i.test(plain) &&
    isQuestion(plain)
  ) {
    return 'sunny'
  }
  if (/\b(?:rain(?:s|y|ing)?|showers?|drizzle|wet)\b/i.test(plain) && isQuestion(plain)) return 'rain'
  return null
}

const WEEK_DECISIONS = new Set<WeatherDecision>([
  'stop',
  'next rain',
  'warmest',
  'coldest',
  'wettest',
  'driest',
])
/** With no day named, these are about the coming week: "when will it stop raining?", "the warmest day?". */
export const isWeekDecision = (decision: WeatherDecision | null) =>
  decision !== null && WEEK_DECISIONS.has(decision)

export const isWeatherTopic = (text: string) =>
  /\b(weather|forecast|rain(?:s|y|ing)?|umbrella|temperature|snow(?:s|y|ing)?|sunny|sunshine|windy|degrees|warmest|hottest|coldest|wettest|rainiest|driest|sunniest)\b/i.test(
    text,
  ) ||
  FEEL_WORDS.test(straightQuotes(text)) ||
  OUTDOOR_WORDS.test(straightQuotes(text)) ||
  RAIN_STOPS.test(text) ||
  isSunQuestion(text)

/** "When is sunset?", "what time does the sun rise tomorrow?", "when does it get dark?". */
export const isSunQuestion = (text: string) =>
  /\b(?:sunrise|sunset|sun\s+(?:rises?|sets?|comes?\s+up|goes\s+down|go\s+down)|dawn|dusk|daylight|gets?\s+(?:dark|light))\b/i.test(
    text,
  ) && isQuestion(text)

/** "What's on today?" but not "what's on my shopping list?" (or my mind). */
const CALENDAR_WORDS =
  /\b(calendar|agenda|schedule|on my plate|(?:what'?s|what is) on(?!\s+(?:my|your|our|the|his|her|their)\b)|am i (?:busy|free))\b/i
const EVENT_WORDS = /\b(meetings?|events?|appointments?|plans?)\b/i
const TIME_WORDS =
  /\b(today|tonight|tomorrow|this (?:morning|afternoon|evening)|this week|my week|next week|this month|next month|(?:this |the )?weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i

/** "Summarize my week", "a recap of today", "an overview of tomorrow". */
const RECAP_WORDS = /\b(summar(?:y|ize|ise)|recap|overview)\b/i
/**
 * How people ask what their day holds: "what do I have …", "anything on …", "what am I doing …",
 * "what should I do …", "my to-dos …", and a day on its own: "anything tomorrow?", "what's today?".
 */
const AGENDA_WORDS =
  /\b(summar(?:y|ize|ise)|recap|overview|(?:anything(?: \w+)?|what(?:'s| is| about))(?= (?:today|tonight|tomorrow(?: (?:morning|afternoon|evening))?|this (?:morning|afternoon|evening)|(?:this|next) week(?:end)?)\s*[?.!]*\s*$)|what do i have|what have i got|(?:do|have) i (?:have|got) anything|anything(?: \w+)? (?:on|for|planned|happening|coming up)|what(?:'s| is| are)? ?(?:happening|planned|coming up)|what am i doing|what(?:'s| is)? due|what(?:'s| is)? left|anything due|what (?:should|must|do) i (?:do|need to do|have to do)|to-?dos?|to do list|what tasks do i have|my tasks|reminders|(?:need|have) to remember|how does my day look|looks? like|my day|my week(?:end)?)\b/i
/**
 * "What did I write recently?", "my latest memories", "what's new?", "what's on my mind?": the newest
 * memories. The words are taken out of a search ("what's new with Ana?" looks for Ana).
 */
const RECENT = /\b(?:recent(?:ly)?|lately|latest|newest|(?:what'?s|what is|anything) new|on my mind)\b/i
export const asksForRecent = (text: string) => RECENT.test(straightQuotes(text))
export const withoutRecent = (text: string) =>
  straightQuotes(text).replace(new RegExp(RECENT.source, 'gi'), ' ')
/** A message about the memories themselves ("show my memories", "what did I write …"). */
export const isAboutMemories = (text: string) =>
  /\b(?:memories|memory|notes?|saved?|noted|write|wrote|written|add(?:ed)?)\b/i.test(text)

/** A day written out: "3 December", "the 3rd of December", "December 3". */
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*'
const WEEKDAY_NAME = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)'
/** A month by its name or its short name only ("mar", "march"; not "marta"). */
const MONTH_NAME =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
/** A word that is a month's name alone. */
const MONTH_WORD = new RegExp(`^${MONTH_NAME}$`, 'i')
const DATE_WORDS = new RegExp(
  `\\b(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?)\\b`,
  'i',
)
/** "30 January", "the 3rd of June" and "May 12", "Sept. 3rd", by a month's name only (monthDayIn). */
const DAY_OF_MONTH = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_NAME})\b`, 'i')
const MONTH_DAY = new RegExp(String.raw`\b(${MONTH_NAME})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?![:.]\d)`, 'i')
/** Words after "in" or "for" that are not a place: days, parts of days, months, holidays. */
const NOT_A_PLACE = new RegExp(
  String.raw`^(?:the|a|an|my|this|next|today|tonight|tomorrow|morning|afternoon|evening|weekend|week|month|${WEEKDAY_NAME}|${MONTH_NAME}|christmas|easter|[ap]m|celsius|fahrenheit|general)$`,
  'i',
)

/**
 * The place a weather question names ("what's the weather in Porto?", "will it rain in New York
 * tomorrow?", "weather for paris"): a name after "in", "at" or "for" (capitalised, or any after
 * "weather in"); null when it names none (the user's own weather location).
 */
export function weatherPlace(text: string): string | null {
  const plain = straightQuotes(text)
  const named =
    /\b(?:in|at|for)\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*)/u.exec(plain) ??
    /\b(?:weather|forecast|temperature)\s+(?:like\s+)?(?:in|at|for)\s+(\p{L}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*)?)\s*[?.!]*\s*$/iu.exec(
      plain,
    )
  return named ? placeOf(named[1]!) : null
}

/** A place's words as a pattern found them, up to where a day begins: "New York on Friday" → "New York". */
function placeOf(named: string): string | null {
  const words = named.split(/\s+/)
  // "Will it rain in Porto tomorrow": the place ends where a day begins.
  const end = words.findIndex((w) => NOT_A_PLACE.test(w))
  const place = (end < 0 ? words : words.slice(0, end)).join(' ')
  return place && !/^I$/.test(place) ? place : null
}

/**
 * With no day named, "what's coming up?", "what's on my to-do list?", "my reminders?" and "what do I need
 * to remember?" are about the next seven days.
 */
const AHEAD_WORDS =
  /\b(coming up|upcoming|next few days|to-?dos?|to-do list|to do list|tasks|reminders|(?:need|have) to remember)\b/i

/**
 * The calendar words ("calendar", "schedule", "what's on"); "meetings", "events" or "plans" with a day;
 * or a question about what a day holds ("what do I have tomorrow?", "anything on 3 December?", "how
 * does my day look?", "what's coming up?").
 */
export function isCalendarTopic(message: string): boolean {
  const text = straightQuotes(message)
  if (CALENDAR_WORDS.test(text) || availabilityTime(text) !== null) return true
  if (!EVENT_WORDS.test(text) && !AGENDA_WORDS.test(text)) return false
  return TIME_WORDS.test(text) || DATE_WORDS.test(text) || AHEAD_WORDS.test(text) || /\bmy day\b/i.test(text)
}

/** Today, tomorrow or a weekday, after "my next meeting …" or "when does my day start …". */
const WHICH_DAY = String.raw`(?:\s+(?:on\s+)?(?<day>today|tonight|tomorrow|(?:next\s+)?${WEEKDAY_NAME}|this\s+(?:morning|afternoon|evening)))?`
const ON_CALENDAR = String.raw`(?:\s+(?:on|in)\s+(?:my\s+)?(?:calendar|schedule|agenda|diary))?`
const WHICH_EVENT = new RegExp(
  String.raw`^\s*(?:(?:what|when|where)(?:'?s|\s+is)\s+|what\s+time\s+is\s+|(?:tell|show)\s+me\s+)?(?:my\s+|the\s+)?` +
    String.raw`(next|first|last)\s+(?:meeting|event|appointment|call|thing)${ON_CALENDAR}${WHICH_DAY}\s*[?.!]*\s*$`,
  'i',
)
const WHATS_NEXT = new RegExp(
  String.raw`^\s*(?:what(?:'?s|\s+is)|what\s+do\s+i\s+have|what\s+have\s+i\s+got)\s+(?:up\s+)?(next)${ON_CALENDAR}${WHICH_DAY}\s*[?.!]*\s*$`,
  'i',
)
const DAY_BOUND = new RegExp(
  String.raw`^\s*(?:when|what\s+time)\s+does\s+my\s+day\s+(start|begin|end|finish)${WHICH_DAY}\s*[?.!]*\s*$`,
  'i',
)

/**
 * Which of the calendar's events a question asks for: "what's next?", "what's my next meeting?" (the
 * first not ended), "my first appointment tomorrow?", "when does my day start?", "the last event today?".
 * Only as the whole question: "when is my next call with Pedro?" looks for Pedro's.
 */
export function whichEvent(message: string): { which: 'next' | 'first' | 'last'; day: string | null } | null {
  const text = straightQuotes(message)
  const match = WHICH_EVENT.exec(text) ?? WHATS_NEXT.exec(text) ?? DAY_BOUND.exec(text)
  if (!match) return null
  const word = match[1]!.toLowerCase()
  const which =
    word === 'start' || word === 'begin' ? 'first' : word === 'end' || word === 'finish' ? 'last' : word
  // "Tonight" and "this afternoon" are today's.
  const day = match.groups?.day?.toLowerCase().replace(/^(?:tonight|this\s+\w+)$/, 'today') ?? null
  return { which: which as 'next' | 'first' | 'last', day }
}

/** Days as a follow-up names them alone: "tomorrow", "on Saturday", "next week", "December 3". */
const FOLLOW_UP_DAY = new RegExp(
  String.raw`^\s*(?:(?:and|but|ok|so)\s+)?(?:(?:what|how)\s+about\s+|and\s+)?(?<day>(?:on\s+|for\s+)?(?:today|tonight|tomorrow(?:\s+(?:morning|afternoon|evening|night))?|the\s+day\s+after(?:\s+tomorrow|\s+that)?|the\s+next\s+day|this\s+(?:morning|afternoon|evening|week(?:end)?|month)|next\s+(?:week(?:end)?|month|${WEEKDAY_NAME})|(?:the\s+)?weekend|${WEEKDAY_NAME}(?:\s+next\s+week)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH_NAME}|${MONTH_NAME}\s+\d{1,2}(?:st|nd|rd|th)?))\s*[?.!]*\s*$`,
  'i',
)
/** A day said where the question had one: "on Friday", "tomorrow", "this week". */
const DAY_IN_QUESTION = new RegExp(
  String.raw`(?:\b(?:on|for)\s+)?(?:${TIME_WORDS.source.slice(2, -2)}|${DATE_WORDS.source.slice(2, -2)})`,
  'i',
)

/**
 * A follow-up that names only a day ("and tomorrow?", "what about Saturday?") to a question about some
 * days: that question again for this day ("will it rain today?" → "will it rain tomorrow?"); one that
 * names someone else ("and Pedro?") or says "it" or "her" asks it about them (askedAgainAbout,
 * askedAboutTheSame). Null when the message is no such follow-up to `previous`.
 */
export function askedAgainFor(message: string, previous: string | undefined): string | null {
  const said = FOLLOW_UP_DAY.exec(straightQuotes(message))?.groups?.day
  if (!said)
    return previous ? (askedAgainAbout(message, previous) ?? askedAboutTheSame(message, previous)) : null
  if (!previous) return null
  const before = straightQuotes(previous).trim()
  // "Thursday next week" as the questions read it: "next Thursday"; "the day after" today's or
  // tomorrow's question, the day after it (of another day, not known here).
  const after = /^the\s+(?:day\s+after(?:\s+that)?|next\s+day)$/i.test(said)
  const asked = after
    ? DAY_IN_QUESTION.exec(before)?.[0]
        .replace(/^(?:on|for)\s+/i, '')
        .toLowerCase()
    : undefined
  const day = after
    ? { today: 'tomorrow', tonight: 'tomorrow', tomorrow: 'the day after tomorrow' }[asked ?? '']
    : said.replace(new RegExp(String.raw`^(${WEEKDAY_NAME})\s+next\s+week$`, 'i'), 'next $1')
  if (!day) return null
  // Only a question is asked again: never "remember to take an umbrella tomorrow", saved once more.
  if (REMEMBER.test(before) || !isQuestion(before)) return null
  if (!isWeatherTopic(before) && !isCalendarTopic(before) && !whichEvent(before)) return null
  // "What's on tomorrow?": its "on" stays ("what's on Friday?"); "will it rain on Friday?" → "… tomorrow?".
  const at = DAY_IN_QUESTION.exec(before)
  if (at) {
    const keep = /\b(?:what'?s|what\s+is|anything|something)\s+$/i.test(before.slice(0, at.index))
      ? 'on '
      : ''
    const on = keep && /^(?:on|for)\s/i.test(day) ? '' : keep
    return `${before.slice(0, at.index)}${on}${day}${before.slice(at.index + at[0].length)}`
  }
  // "What's the weather?" said of no day: the day goes before the question mark.
  return before.replace(/\s*([?.!]*)$/, ` ${day}$1`)
}

/** "And Pedro?", "what about Rita's?": a follow-up that names only someone. */
const FOLLOW_UP_NAME =
  /^\s*(?:(?:[Aa]nd|[Bb]ut|[Oo]k|[Ss]o)\s+)?(?:(?:[Ww]hat|[Hh]ow)\s+about|[Aa]nd)\s+(?:for\s+)?(?<name>\p{Lu}[\p{L}-]*)(?:['’]s)?\s*[?.!]*\s*$/u
/** A name in a question: a capitalised word where no sentence starts, or anyone's ("Ana's"). */
const NAME_IN_QUESTION = /(?<=[\p{L}\p{N},;:'"’)]\s+)\p{Lu}[\p{L}-]*|^\s*\p{Lu}[\p{L}-]*(?=['’]s\b)/gu
const NOT_A_NAME = new RegExp(
  String.raw`^(?:I|${WEEKDAY_NAME}|${MONTH_NAME}|Remi|what|who|where|when|how|why|which|that|it|there|here|let|christmas|xmas|easter|thanksgiving|halloween|new)$`,
  'i',
)

/**
 * A follow-up that names only someone ("and Pedro?") to a question about someone else ("when is Ana's
 * birthday?"): that question about them ("when is Pedro's birthday?"). Null when the question before
 * named nobody, or was not a question.
 */
function askedAgainAbout(message: string, previous: string): string | null {
  const name = FOLLOW_UP_NAME.exec(straightQuotes(message))?.groups?.name
  if (!name || NOT_A_NAME.test(name)) return null
  const before = straightQuotes(previous).trim()
  if (REMEMBER.test(before) || !isQuestion(before)) return null
  const other = [...before.matchAll(NAME_IN_QUESTION)].find((m) => !NOT_A_NAME.test(m[0].trim()))
  if (!other) return null
  const at = other.index + other[0].length - other[0].trimStart().length
  return `${before.slice(0, at)}${name}${before.slice(other.index + other[0].length)}`
}

/** "He", "she", "her", "their"…: someone the question before named. */
const PERSON_PRONOUN = /\b(?:he|she|him|his|hers|her|they|them|their)\b/i
const PERSON_PRONOUNS = new RegExp(PERSON_PRONOUN.source, 'gi')
/** What follows "her" when it is not "her birthday": "get her a gift", "call her tomorrow", "ask her?". */
const AFTER_OBJECT_HER =
  /^(?:a|an|the|some|any|something|anything|for|to|on|at|in|with|from|about|back|again|up|out|off|and|or|but|now|today|tonight|tomorrow|yesterday|this|that|next|last)$/i
/** A place a question names: "my flight to Paris", "the hotel in New York". */
const PLACE_IN_QUESTION = /\b(?:in|at|to|from)\s+(\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*)*)/u
/** "It", "that", "this": what the question before asked about; not "this week" or "that morning". */
const THING_PRONOUN = new RegExp(
  String.raw`\bit\b|\b(?:that|this)\b(?!\s+(?:week|weekend|month|year|morning|afternoon|evening|night|time|one|${WEEKDAY_NAME})\b)`,
  'i',
)

/**
 * Questions whose "it" is nobody's: "what time is it?", "is it raining?", "what day is it?", "is it a
 * leap year?", "when is it sunset?".
 */
const isAboutItself = (text: string) =>
  isClockQuestion(text) ||
  dayQuestion(text) !== null ||
  calendarFact(text, '2000-01-01') !== null ||
  isWeatherTopic(text) ||
  isSunQuestion(text) ||
  isFreeTimeQuestion(text) ||
  whichEvent(text) !== null

/**
 * A follow-up whose "it", "that" or "this" stands for what the question before asked about, or whose
 * "she", "him" or "her" stands for whom it named: "when is the dentist?" then "where is it?" asks "where
 * is dentist?"; "what's Rita's number?" then "when is her birthday?" asks "when is Rita's birthday?".
 * "It" is only read so when the follow-up has nothing else to look for ("is it today?", not "is it
 * raining?"); "her" only when the follow-up names nobody itself. After "what's my next meeting?",
 * "where is it?" is that question again (the event's line gives where). "There" is a place the question
 * before named, for the weather or the time: "when is my flight to Paris?" then "will it rain there?".
 */
function askedAboutTheSame(message: string, previous: string): string | null {
  const text = straightQuotes(message).trim()
  const before = straightQuotes(previous).trim()
  if (REMEMBER.test(text) || REMEMBER.test(before) || !isQuestion(text) || !isQuestion(before)) return null
  // "What's the weather there?" after "when is my flight to Paris?": in Paris.
  const place = /\bthere\b/i.test(text) && PLACE_IN_QUESTION.exec(before)
  const there = place && placeOf(place[1]!)
  const atPlace = there && text.replace(/\bthere\b/i, `in ${there}`)
  if (atPlace && (isWeatherTopic(atPlace) || clockPlace(atPlace))) return atPlace
  if (isAboutItself(text) || /\bthere\b/i.test(text)) return null
  const named = (question: string) =>
    [...question.matchAll(NAME_IN_QUESTION)].map((m) => m[0].trim()).find((n) => !NOT_A_NAME.test(n))
  const person = named(before)
  if (person && !named(text) && PERSON_PRONOUN.test(text)) {
    return text.replace(PERSON_PRONOUNS, (word: string, at: number) => {
      const pronoun = word.toLowerCase()
      const next = /^\s+([\p{L}]+)/u.exec(text.slice(at + word.length))?.[1]
      const owner =
        pronoun === 'his' ||
        pronoun === 'their' ||
        pronoun === 'hers' ||
        (pronoun === 'her' && next !== undefined && !AFTER_OBJECT_HER.test(next))
      return owner ? `${person}'s` : person
    })
  }
  if (!THING_PRONOUN.test(text) || significantWords(text).some((w) => !isDayWord(w))) return null
  if (whichEvent(before)) return /^\s*(?:where|when|what\s+time)\b/i.test(text) ? before : null
  const subject = subjectOf(before)
  return subject && text.replace(THING_PRONOUN, subject)
}

/**
 * The words a question asks about, as written: not the days, nor how far or how much ("how far did I
 * run last week?" → "run", "when is Ana's party?" → "Ana's party"). Null when it asks about nothing
 * ("what's the weather?", "what happened yesterday?").
 */
export function subjectOf(question: string): string | null {
  const plain = straightQuotes(question)
  if (isAboutItself(plain)) return null
  const words = (plain.replace(/\bhow\s+\S+/gi, '').match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter(
    (token) => {
      const [word] = significantWords(token)
      return word !== undefined && !isDayWord(word)
    },
  )
  return words.length ? words.join(' ') : null
}

/** "That day", "on that day", "until then", a question ending "…then?": a day the question before was about. */
const THAT_DAY = /\b(?:on\s+)?that\s+day\b|(?<!\b(?:ok|okay|and|so|but)\s+)\bthen(?=\s*[?.!]*\s*$)/i
export const mentionsThatDay = (text: string) => THAT_DAY.test(straightQuotes(text))

/** The message with "that day" or "then" written as the day (`day` as formatDay writes it). */
export const withThatDay = (text: string, day: string) =>
  straightQuotes(text)
    .replace(/\b(until|till|before|by|since)\s+then\b/i, `$1 ${day}`)
    .replace(THAT_DAY, `on ${day}`)

/** Whether a question names its own days: "what's on tomorrow?", "anything on December 5?". */
export const namesDays = (text: string) =>
  TIME_WORDS.test(straightQuotes(text)) || DATE_WORDS.test(straightQuotes(text))

/**
 * Questions about the calendar itself: "what week number is it?", "how many days are left in the year?",
 * "is 2028 a leap year?". What is asked (and the year named, for a leap year), or null.
 */
export type CalendarFact =
  { kind: 'week' } | { kind: 'left'; span: 'year' | 'month' | 'week' } | { kind: 'leap'; year: number }

export function calendarFact(message: string, today: CalendarDay): CalendarFact | null {
  const text = straightQuotes(message)
  const week =
    /^\s*(?:what(?:'s|\s+is)\s+(?:the\s+)?(?:current\s+)?week(?:\s+number)?|what\s+week(?:\s+number)?\s+is\s+(?:it|this|today))(?:\s+(?:is\s+it|now|today|this\s+week))?\s*[?.!]*\s*$/i
  if (week.test(text)) return { kind: 'week' }
  const left =
    /\bdays?\s+(?:are\s+)?(?:(?:left|remaining)(?:\s+(?:in|of))?|(?:until|till|to)\s+the\s+end\s+of)\s+(?:the\s+|this\s+)?(year|month|week)\b/i.exec(
      text,
    )
  if (left && isQuestion(text))
    return { kind: 'left', span: left[1]!.toLowerCase() as 'year' | 'month' | 'week' }
  const leap =
    /^\s*(?:is|was|will)\s+(?:it|(this|next|last)\s+year|(\d{4}))\s+(?:be\s+)?a\s+leap\s+year\b/i.exec(text)
  if (!leap) return null
  const thisYear = Number(today.slice(0, 4))
  const offset = { next: 1, last: -1 }[leap[1]?.toLowerCase() ?? ''] ?? 0
  return { kind: 'leap', year: leap[2] ? Number(leap[2]) : thisYear + offset }
}

/** "What's today?", "what is tomorrow?": the day's name, then what it holds. */
export const isBareDayQuestion = (text: string) =>
  /^\s*what(?:'s| is)\s+(?:today|tomorrow)\s*[?.!]*\s*$/i.test(straightQuotes(text))

export const isHelpRequest = (text: string) =>
  /^\s*(?:help|\?|commands|what can you do|what do you do|how do (?:i|you) (?:use|work)|how does this work|what are you)\b/i.test(
    text,
  ) || /^\s*help\s*[.!?]*\s*$/i.test(text)

const GREETING =
  /^\s*(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|morning|evening)\b[\s,!.]*(?:there|remi|again)?[\s,!.]*$/i

export const isGreeting = (text: string) =>
  GREETING.test(text) || /^\s*(?:thanks|thank you|cheers)\b[\s\w,!.]*$/i.test(text)

export const isThanks = (text: string) => /^\s*(?:thanks|thank you|cheers)\b/i.test(text)

export const isQuestion = (text: string) =>
  /\?\s*$/.test(text) ||
  ASKING.test(straightQuotes(text)) ||
  /^\s*(?:when|what|what's|whats|where|who|whom|whose|which|why|how|do|does|did|is|are|was|were|have|has|had|can|could|should|will|would|tell me|show|find|search|look up|list|any|remind me (?=what|when|where|who|whom|which|how|if|whether))\b/i.test(
    text,
  )

export interface DayRange {
  from: CalendarDay
  to: CalendarDay
}

/** A part of a day, in minutes from midnight (to is exclusive). */
export interface DayPart {
  name: 'morning' | 'afternoon' | 'evening'
  from: number
  to: number
}

const DAY_PARTS: Record<DayPart['name'], [number, number]> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
}

/** "Am I free tomorrow afternoon?", "anything tonight?": the part of the day asked about, or null. */
export function dayPart(text: string): DayPart | null {
  const match = /(?<!\bgood\s+)\b(morning|afternoon|evening|tonight)\b/i.exec(text)
  if (!match) return null
  const word = match[1]!.toLowerCase()
  const name = word === 'tonight' ? 'evening' : (word as DayPart['name'])
  const [from, to] = DAY_PARTS[name]
  return { name, from, to }
}

/** The zone's UTC offset in minutes at an instant (what chrono-node takes as a time zone). */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', {
    timeZone: knownTimeZone(timeZone),
    timeZoneName: 'longOffset',
  })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '')
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0))
}

const pad = (n: number) => String(n).padStart(2, '0')
const dayFrom = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`

/** The first day of the month `offset` months from today's (-1 last month, 1 next month). */
export function firstOfMonth(today: CalendarDay, offset: number): CalendarDay {
  const [year, month] = today.split('-').map(Number) as [number, number]
  const index = year * 12 + month - 1 + offset
  return dayFrom(Math.floor(index / 12), (index % 12) + 1, 1)
}

/** A sentence telling of the past ("Ana's birthday was on 12 May", "we met on 3 March"). */
const PAST_TENSE =
  /\b(?:was|were|went|met|had|did|saw|visited|got|came|gave|bought|ate|spent|ago|last)\b|\b(?:i|we|he|she|they)\s+(?:\p{L}+ly\s+)?\p{L}+[^e\s]ed\b/iu
/** "Booked the table for March 3": a day the past tense looks ahead to. */
const AHEAD_OF = /\b(?:for|until|till|by|before)\s+(?:the\s+)?$/i

export interface FoundDate {
  day: CalendarDay
  /** The words the date was read from ("on 12 May"), and where they start in the sentence. */
  text: string
  index: number
  /** A day and month without a year, placed in a year by the rule below. */
  yearGuessed: boolean
  /** The name of the day known by name the words are ("Christmas"), when they are one. */
  holiday?: string
}

/**
 * The first date in a sentence, in the user's time zone ("on 12 May", "next Friday", "tomorrow",
 * "in 2 weeks"), or null. A day and month without a year is the NEXT such day, today included
 * ("on 12 May" said on 13 May means 12 May next year), since people mostly note what is coming;
 * a sentence in the past tense ("was", "met", "went", "last") takes the most recent such day instead.
 */
export function findDate(text: string, timeZone: string, now: Date): FoundDate | null {
  const today = todayIn(timeZone, now)
  const reference = { instant: now, timezone: offsetMinutes(timeZone, now) }
  // Day before month first ("12/05" is 12 May), then the month-first forms ("May 12") it misreads.
  let parsed =
    writtenDay(text, today, (index) => inPast(text, index)) ??
    firstDate(chrono.en.GB.parse(text, reference, { forwardDate: true }), text, today) ??
    firstDate(chrono.parse(text, reference, { forwardDate: true }), text, today)
  // "Met Carla last Tuesday": the parser reads the next Tuesday, looking forward.
  if (parsed && inPast(text, parsed.index)) parsed = pastWeekday(parsed, today)
  // "Easter Monday" is not the next Monday.
  const named = holidayIn(text, today)
  const within = (a: FoundDate, b: FoundDate) =>
    a.index < b.index + b.text.length && b.index < a.index + a.text.length
  return named && (!parsed || within(parsed, named)) ? named : parsed
}

/** A day known by name anywhere in a sentence ("Christmas dinner at grandma's"), in the sentence's tense. */
const HOLIDAY_WORDS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${NAMED_DAYS.map((d) => d.pattern.source.slice(1, -1)).join('|')})(?![\p{L}\p{N}])`,
  'iu',
)

function holidayIn(text: string, today: CalendarDay): FoundDate | null {
  const match = HOLIDAY_WORDS.exec(straightQuotes(text))
  const found = match && holiday(match[0], today, inPast(text, match.index))
  if (!match || !found) return null
  return {
    day: found.day,
    text: text.slice(match.index, match.index + match[0].length),
    index: match.index,
    yearGuessed: true,
    holiday: found.name,
  }
}

function firstDate(results: chrono.ParsedResult[], text: string, today: CalendarDay): FoundDate | null {
  for (const result of results) {
    const start = result.start
    const month = start.get('month')
    const dayOfMonth = start.get('day')
    const year = start.get('year')
    if (!month || !dayOfMonth || !year) continue
    // A bare time ("at 3pm") or a vague "this week" is not a date to keep.
    if (!start.isCertain('day') && !start.isCertain('weekday')) continue
    const yearGuessed = start.isCertain('month') && start.isCertain('day') && !start.isCertain('year')
    if (!yearGuessed) {
      const day = dayFrom(year, month, dayOfMonth)
      if (isMemoryDate(day)) return { day, text: result.text, index: result.index, yearGuessed }
      continue
    }
    const day = yearly(month, dayOfMonth, today, inPast(text, result.index))
    if (day) return { day, text: result.text, index: result.index, yearGuessed }
  }
  return null
}

/**
 * A weekday alone ("on Tuesday", "last Tuesday") in a sentence about the past: the last one, today's
 * unless it says "last". Not one it says is to come ("we decided to meet next Tuesday").
 */
function pastWeekday(found: FoundDate, today: CalendarDay): FoundDate {
  const name = WEEKDAY_WORD.exec(found.text)
  if (!name || /\d|\b(?:next|coming|after)\b/i.test(found.text)) return found
  const target = weekdayIndex(name[0])
  const back = (weekdayOf(today) - target + 7) % 7 || (/\blast\b/i.test(found.text) ? 7 : 0)
  return { ...found, day: addDays(today, -back) }
}

/** 0 for "Sunday" (any case) to 6 for "Saturday". */
const weekdayIndex = (name: string) => WEEKDAYS.findIndex((d) => d.toLowerCase() === name.toLowerCase())

/** Whether a sentence tells of the past ("Ana's birthday last year was fun"). */
export const isPastTense = (text: string) => PAST_TENSE.test(straightQuotes(text))

/** Whether a sentence is in the past tense, for a date at `index` that it does not look ahead to. */
const inPast = (text: string, index: number) => PAST_TENSE.test(text) && !AHEAD_OF.test(text.slice(0, index))

/** "The Friday after next": the weekday a week after the next one. */
const AFTER_NEXT = new RegExp(String.raw`\b(${WEEKDAY_NAME})\s+after\s+next\b`, 'i')
/**
 * "On the 3rd": a day of this month, or of the next when it has passed. Not "the 2nd floor" (a word
 * follows that is not a joining one) nor "the 3rd of May" (chrono's).
 */
const ORDINAL_DAY =
  /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?!(?:at|in|and|or|to|with|for|from|so|but|when|because|until|till)\b)\p{L})/iu

function writtenDay(text: string, today: CalendarDay, past: (index: number) => boolean): FoundDate | null {
  const after = AFTER_NEXT.exec(text)
  if (after) {
    const target = weekdayIndex(after[1]!)
    const next = addDays(today, ((target - weekdayOf(today) + 6) % 7) + 1)
    return { day: addDays(next, 7), text: after[0], index: after.index, yearGuessed: false }
  }
  const ordinal = ORDINAL_DAY.exec(text)
  if (ordinal) {
    const n = Number(ordinal[1])
    const back = past(ordinal.index)
    for (let offset = 0; offset <= 12 && n >= 1 && n <= 31; offset++) {
      const month = firstOfMonth(today, back ? -offset : offset)
      const day = dayFrom(Number(month.slice(0, 4)), Number(month.slice(5, 7)), n)
      if (!isMemoryDate(day) || (back ? day > today : day < today)) continue
      return { day, text: ordinal[0], index: ordinal.index, yearGuessed: true }
    }
  }
  return null
}

/**
 * The next day with this month and day, today included, or with `past` the last one; 29 February waits
 * for (or looks back to) a year that has one. Null past eight years or the dates a memory can have.
 */
export function yearly(
  month: number,
  dayOfMonth: number,
  today: CalendarDay,
  past = false,
): CalendarDay | null {
  return nextOf(fixed(month, dayOfMonth), today, past)
}

/** The first day from today on (or back from it) that a year's day falls on, within eight years. */
function nextOf(dayIn: (year: number) => CalendarDay, today: CalendarDay, past: boolean): CalendarDay | null {
  const thisYear = Number(today.slice(0, 4))
  for (let offset = 0; offset <= 8; offset++) {
    const candidate = dayIn(past ? thisYear - offset : thisYear + offset)
    if (!isMemoryDate(candidate)) continue
    if (past ? candidate <= today : candidate >= today) return candidate
  }
  return null
}

/**
 * "Am I free at 3pm tomorrow?", "am I busy at 10:30?", "do I have anything at noon?": the time asked
 * about, in minutes from midnight, or null. An hour from 1 to 6 with no am or pm is the afternoon's;
 * from 7 to 11, the evening's when that hour of the morning has `passed` (minutes from midnight, today).
 */
export function availabilityTime(text: string, passed?: number): number | null {
  const plain = straightQuotes(text)
  const asks =
    /\b(?:am i|are we|will i be) (?:free|busy|available)\b|\b(?:do|have) i (?:have|got) (?:anything|something|a meeting)\b|\bwhat (?:do|have) i (?:have|got)(?: on)? at\b/i
  if (!asks.test(plain)) return null
  if (/\bat (?:noon|midday)\b/i.test(plain)) return 12 * 60
  const match = /\bat (\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?m\b\.?)?(?![\d:])/i.exec(plain)
  if (!match) return null
  let hour = Number(match[1])
  const minute = Number(match[2] ?? 0)
  const half = match[3]?.toLowerCase()
  if (hour > 23 || minute > 59 || (half && (hour === 0 || hour > 12))) return null
  if (half === 'p' && hour < 12) hour += 12
  else if (half === 'a' && hour === 12) hour = 0
  else if (!half && hour >= 1 && hour <= 6) hour += 12
  // "Am I free at 7?" asked at 15:00 about today: the 07:00 that has passed is not what is meant.
  else if (!half && hour >= 7 && hour <= 11 && passed !== undefined && hour * 60 + minute < passed) hour += 12
  return hour * 60 + minute
}

/** The days a question is about, and for one day the part of it it names ("tomorrow afternoon"). */
export type RequestedDays = DayRange & { week: boolean; part?: DayPart }

/**
 * The days a weather or calendar question is about: today (when nothing is said), tomorrow, a
 * weekday (the next one, today included), the weekend, this week (today to Saturday: weeks start on
 * Sunday, as in the rest of the product), next week (Sunday to Saturday), a date in the sentence, or
 * the next seven days for "what's coming up?". A single day keeps the part of it the question names.
 */
export function requestedDays(text: string, timeZone: string, now: Date): RequestedDays {
  const range = daysNamed(text, timeZone, now)
  const part = range.from === range.to ? dayPart(text) : null
  return part ? { ...range, part } : range
}

function daysNamed(text: string, timeZone: string, now: Date): DayRange & { week: boolean } {
  const today = todayIn(timeZone, now)
  const weekday = weekdayOf(today)
  const single = (day: CalendarDay) => ({ from: day, to: day, week: false })
  // "In the next few days", "the coming 10 days", "the next couple of days": from today (a date reader
  // took "in the next few days" for one day three days on).
  const coming = /\b(?:next|coming)\s+(?:(\d{1,2})|few|couple(?:\s+of)?)\s+days\b/i.exec(text)
  if (coming) {
    const n = coming[1] ? Math.min(Math.max(Number(coming[1]), 1), 16) : /couple/i.test(coming[0]) ? 3 : 7
    return { from: today, to: addDays(today, n - 1), week: n > 1 }
  }
  if (/\bnext week\b/i.test(text)) {
    const sunday = addDays(today, 7 - weekday)
    return { from: sunday, to: addDays(sunday, 6), week: true }
  }
  if (/\b(this week|the week|my week|week ahead|rest of the week)\b/i.test(text)) {
    // A recap of the week is all of it, Sunday to Saturday; "how was my week?" what has been of it;
    // otherwise what is left of it.
    const sunday = addDays(today, -weekday)
    if (isPastTense(text) && !RECAP_WORDS.test(text)) return { from: sunday, to: today, week: true }
    const from = RECAP_WORDS.test(text) ? sunday : today
    // On a Saturday what is left of the week is today: "this week" is then the coming seven days.
    if (weekday === 6 && from === today) return { from: today, to: addDays(today, 6), week: true }
    return { from, to: addDays(today, 6 - weekday), week: true }
  }
  if (/\b(next|this|the rest of the) month\b/i.test(text)) {
    const next = /\bnext month\b/i.test(text)
    const from = next ? firstOfMonth(today, 1) : today
    return { from, to: addDays(firstOfMonth(today, next ? 2 : 1), -1), week: true }
  }
  if (/\bweekend\b/i.test(text)) {
    if (weekday === 0) return single(today)
    const saturday = addDays(today, 6 - weekday)
    return { from: saturday, to: addDays(saturday, 1), week: true }
  }
  if (/\b(tomorrow|tmrw)\b/i.test(text)) return single(addDays(today, 1))
  if (/\b(today|tonight|now|this (?:morning|afternoon|evening))\b/i.test(text)) return single(today)
  const named = /\b(next\s+|last\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/i.exec(text)
  if (named && !named[1] && !AFTER_NEXT.test(text)) {
    const target = weekdayIndex(named[2]!)
    return single(addDays(today, (target - weekday + 7) % 7))
  }
  const found = findDate(text, timeZone, now)
  if (found) return single(found.day)
  if (AHEAD_WORDS.test(text)) return { from: today, to: addDays(today, 6), week: true }
  return single(today)
}

const WEEKDAY_WORD = new RegExp(String.raw`\b${WEEKDAY_NAME}\b`, 'i')

/** Saving, as a verb: "did I save", "have I added", "did I write", "what did I note". */
const SAVING = /\b(?:saved?|add|added|wrote|write|written|noted|note|jotted|stored|created)\b/i
/** A word that says saving ("add", "noted"), not what about. */
const SAVING_WORD = new RegExp(`^(?:${SAVING.source})$`, 'i')
export const isSavingWord = (word: string) => SAVING_WORD.test(word)
/**
 * "When did I last see the dentist?", "what did I buy recently?": a question about what has happened,
 * the newest first; not one about what was saved ("what did I note recently?"), whatever its day.
 */
export const looksBack = (text: string) =>
  (timeOrder(text) === 'newest' || asksForRecent(text)) && isPastTense(text) && !isAboutSaving(text)
/** "What did I note about …", "have I saved …": a question about the memories themselves, not the calendar. */
export const isAboutSaving = (text: string) => SAVING.test(straightQuotes(text))
/** A day the memories are for ("noted for tomorrow", "for this weekend"), not the day they were written. */
const FOR_DAY = new RegExp(
  String.raw`\bfor\s+(?:the\s+|this\s+|next\s+|last\s+)?(?:today|tonight|tomorrow|yesterday|weekend|week|month|${WEEKDAY_NAME}|\d|${MONTH_NAME}\b)`,
  'i',
)

/**
 * The days a question about what was noted names ("what did I save yesterday?", "my notes from last
 * week", "what did I write on 3 March?"), looking back: yesterday, last week (Sunday to Saturday), this
 * week or month (so far when asked in the past), last month, this weekend (both days), today, a month
 * by its name, or a date in the sentence; or ahead: next week or month. Null when it names none.
 * `past`: a weekday is the last one ("what did I do on Monday?"), not the next ("what did I note for
 * Monday?"); by default when the question is in the past tense and not about a day "for".
 */
export function notedDays(
  text: string,
  timeZone: string,
  now: Date,
  past = (PAST_TENSE.test(text) || /\bhappened\b/i.test(text)) && !FOR_DAY.test(straightQuotes(text)),
): DayRange | null {
  const today = todayIn(timeZone, now)
  if (/\byesterday\b/i.test(text)) return { from: addDays(today, -1), to: addDays(today, -1) }
  if (/\blast weekend\b/i.test(text)) {
    // The Saturday and Sunday before this week's; on a weekend day, the one before it.
    const sinceSaturday = (weekdayOf(today) + 1) % 7
    const saturday = addDays(today, -(sinceSaturday < 2 ? sinceSaturday + 7 : sinceSaturday))
    return { from: saturday, to: addDays(saturday, 1) }
  }
  if (/\b(?:this|the|next) weekend\b/i.test(text)) {
    // This week's Saturday and Sunday (the coming weekend, as the calendar questions read "next
    // weekend" too); on a Sunday, the weekend it ends.
    const saturday = weekdayOf(today) === 0 ? addDays(today, -1) : addDays(today, 6 - weekdayOf(today))
    return { from: saturday, to: addDays(saturday, 1) }
  }
  if (/\blast week\b/i.test(text)) {
    const { startDate, endDate } = quickDateRange('lastWeek', today)
    return { from: startDate, to: endDate ?? today }
  }
  // So far, asked in the past ("what happened this week?"); else all of it ("my list for this week").
  if (/\bthis week\b/i.test(text)) {
    const sunday = quickDateRange('thisWeek', today).startDate
    return { from: sunday, to: past ? today : addDays(sunday, 6) }
  }
  if (/\bthis month\b/i.test(text)) {
    return { from: firstOfMonth(today, 0), to: past ? today : addDays(firstOfMonth(today, 1), -1) }
  }
  if (/\blast month\b/i.test(text)) {
    return { from: firstOfMonth(today, -1), to: addDays(firstOfMonth(today, 0), -1) }
  }
  // Ahead: "what did I note for next week?", "any work stuff next month?".
  if (/\bnext week\b/i.test(text)) {
    const sunday = addDays(today, 7 - weekdayOf(today))
    return { from: sunday, to: addDays(sunday, 6) }
  }
  if (/\bnext month\b/i.test(text)) {
    return { from: firstOfMonth(today, 1), to: addDays(firstOfMonth(today, 2), -1) }
  }
  if (/\btoday\b/i.test(text)) return { from: today, to: today }
  const month = NAMED_MONTH.exec(text)
  if (month) return monthNamed(month[1]!, month[2], today, past)
  const found = findDate(text, timeZone, now)
  if (!found) return null
  // "What happened on Monday?": the last Monday.
  const day = past ? pastWeekday(found, today).day : found.day
  return { from: day, to: day }
}

/** "In November", "for March 2027", "during May": a whole month (not "for May 3", a day). */
const NAMED_MONTH = new RegExp(
  String.raw`\b(?:in|during|for)\s+(${MONTH_NAME})\b(?:\s+(\d{4})\b)?(?!\s+\d{1,2}(?:st|nd|rd|th)?\b)`,
  'i',
)

/**
 * The days of a month named without a year: the last one when asked in the past ("what happened in
 * November?", this one so far while it lasts), else the next one (this one while it lasts, all of it).
 */
function monthNamed(name: string, year: string | undefined, today: CalendarDay, past: boolean): DayRange {
  const month = monthNumber(name)
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const inYear = year
    ? Number(year)
    : past
      ? month <= thisMonth
        ? thisYear
        : thisYear - 1
      : month >= thisMonth
        ? thisYear
        : thisYear + 1
  const from = dayFrom(inYear, month, 1)
  const to = addDays(firstOfMonth(from, 1), -1)
  return { from, to: past && from <= today && today < to ? today : to }
}

/** A word that names a day by itself: a weekday, a month, a day of the month ("20th"). */
const DAY_WORD = new RegExp(
  String.raw`^(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|${MONTH_NAME}|\d{1,2}(?:st|nd|rd|th)?)$`,
  'i',
)
export const isDayWord = (word: string) => DAY_WORD.test(word)

/**
 * "What did I save yesterday?", "how many memories did I add this week?": the days the memories were
 * saved on, up to today, whatever day they are about. Null when the question asks about days the
 * memories are for ("what did I note for this weekend?", "what happened last week?") or none.
 */
export function savedDays(text: string, timeZone: string, now: Date): DayRange | null {
  const asked = straightQuotes(text)
  if (!SAVING.test(asked) || FOR_DAY.test(asked)) return null
  const range = notedDays(asked, timeZone, now, true)
  const today = todayIn(timeZone, now)
  if (!range || range.from > today) return null
  return { from: range.from, to: range.to < today ? range.to : today }
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
const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
}
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
