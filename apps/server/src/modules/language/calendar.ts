import { availabilityTime, TIME_WORDS, DATE_WORDS, AHEAD_WORDS } from './days.ts'
import { WEEKDAY_NAME } from './lexicon.ts'
import { straightQuotes, isQuestion } from './text.ts'

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

/** "What's on today?" but not "what's on my shopping list?" (or my mind). */
const CALENDAR_WORDS =
  /\b(calendar|agenda|schedule|on my plate|(?:what'?s|what is) on(?!\s+(?:my|your|our|the|his|her|their)\b)|am i (?:busy|free))\b/i
const EVENT_WORDS = /\b(meetings?|events?|appointments?|plans?)\b/i
/**
 * How people ask what their day holds: "what do I have …", "anything on …", "what am I doing …",
 * "what should I do …", "my to-dos …", and a day on its own: "anything tomorrow?", "what's today?".
 */
const AGENDA_WORDS =
  /\b(summar(?:y|ize|ise)|recap|overview|(?:anything(?: \w+)?|what(?:'s| is| about))(?= (?:today|tonight|tomorrow(?: (?:morning|afternoon|evening))?|this (?:morning|afternoon|evening)|(?:this|next) week(?:end)?)\s*[?.!]*\s*$)|what do i have|what have i got|(?:do|have) i (?:have|got) anything|anything(?: \w+)? (?:on|for|planned|happening|coming up)|what(?:'s| is| are)? ?(?:happening|planned|coming up)|what am i doing|what(?:'s| is)? due|what(?:'s| is)? left|anything due|what (?:should|must|do) i (?:do|need to do|have to do)|to-?dos?|to do list|what tasks do i have|my tasks|reminders|(?:need|have) to remember|how does my day look|looks? like|my day|my week(?:end)?)\b/i

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
