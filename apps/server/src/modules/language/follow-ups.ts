import { significantWords } from './words.ts'
import { isCalendarTopic, whichEvent, isFreeTimeQuestion } from './calendar.ts'
import { TIME_WORDS, DATE_WORDS, isDayWord } from './days.ts'
import { WEEKDAY_NAME, MONTH_NAME } from './lexicon.ts'
import { REMEMBER } from './memory-request.ts'
import { isClockQuestion, dayQuestion, calendarFact, clockPlace } from './questions.ts'
import { straightQuotes, isQuestion } from './text.ts'
import { isWeatherTopic, isSunQuestion, placeOf } from './weather.ts'

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
export const namesSomeDay = (text: string) =>
  TIME_WORDS.test(straightQuotes(text)) || DATE_WORDS.test(straightQuotes(text))
