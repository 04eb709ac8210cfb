import { type CalendarDay, todayIn } from '@remi/shared'
import { significantWords } from './words.ts'
import { holiday, type DayRange, monthRange } from './dates.ts'
import { daysInText } from './days.ts'
import { MONTH_NAME, MONTH_WORD } from './lexicon.ts'
import { straightQuotes, isQuestion } from './text.ts'

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
  const span = /\b(?:this|next) (?:week|month)\b/i.test(plain) ? daysInText(plain, timeZone, now) : null
  const range = month
    ? monthRange(month[1]!, todayIn(timeZone, now))
    : span && { from: span.from, to: span.to }
  return { kind: /^birthday/i.test(kind[1]!) ? 'birthday' : 'anniversary', range }
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
