import { BRAND } from '../../config/brand.ts'

/**
 * Reading a message without a language model: what it asks for, and which days it is about. The
 * offline assistant routes on these; context mode uses them to decide which facts go into the prompt.
 */

/**
 * The message with typographic apostrophes (‘ ’, as phones type them) written as ', so the patterns
 * below read "don’t" and "what’s" as they read "don't". One character for one: indexes into it are
 * indexes into the message.
 */
export const straightQuotes = (text: string) => text.replace(/[‘’]/g, "'")

/** "please", "can you", "I want you to", "hey Remi": the polite openings before a request. */
export const POLITE = String.raw`(?:(?:please|pls|hey|hi|hello|ok|okay|can you|could you|would you|will you|i want you to|i'd like you to|${BRAND})[\s,]+)*`

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

export const isQuestion = (text: string) =>
  /\?\s*$/.test(text) ||
  ASKING.test(straightQuotes(text)) ||
  /^\s*(?:when|what|what's|whats|where|who|whom|whose|which|why|how|do|does|did|is|are|was|were|have|has|had|can|could|should|will|would|tell me|show|find|search|look up|list|any|remind me (?=what|when|where|who|whom|which|how|if|whether))\b/i.test(
    text,
  )

/** A sentence telling of the past ("Ana's birthday was on 12 May", "we met on 3 March"). */
export const PAST_TENSE =
  /\b(?:was|were|went|met|had|did|saw|visited|got|came|gave|bought|ate|spent|ago|last)\b|\b(?:i|we|he|she|they)\s+(?:\p{L}+ly\s+)?\p{L}+[^e\s]ed\b/iu

/** Whether a sentence tells of the past ("Ana's birthday last year was fun"). */
export const isPastTense = (text: string) => PAST_TENSE.test(straightQuotes(text))

/** Saving, as a verb: "did I save", "have I added", "did I write", "what did I note". */
export const SAVING = /\b(?:saved?|add|added|wrote|write|written|noted|note|jotted|stored|created)\b/i
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
