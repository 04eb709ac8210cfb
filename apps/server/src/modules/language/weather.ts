import { WEEKDAY_NAME, MONTH_NAME } from './lexicon.ts'
import { straightQuotes, isQuestion } from './text.ts'

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
export function placeOf(named: string): string | null {
  const words = named.split(/\s+/)
  // "Will it rain in Porto tomorrow": the place ends where a day begins.
  const end = words.findIndex((w) => NOT_A_PLACE.test(w))
  const place = (end < 0 ? words : words.slice(0, end)).join(' ')
  return place && !/^I$/.test(place) ? place : null
}
