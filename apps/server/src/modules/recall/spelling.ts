import { editDistance } from '../language/index.ts'

/**
 * Typing slips in a question ("allotmnet", "recieve", "dentsit"): a word none of the person's memories
 * hold is read as the word of their own notes it is one slip from (two for a long word). Their notes
 * are the dictionary: names, places, brands and local words are in it, and a word they never use is no
 * answer. The notes' words are kept stemmed (memory_terms: "allotment" is "allot"), so a stem is compared
 * with the typed word as each usual ending would complete it.
 */

/** Endings a stem may lose to the stemmer, tried on the notes' stems ("allot" + "ment"). */
const ENDINGS = [
  '',
  'e',
  's',
  'es',
  'ed',
  'ing',
  'er',
  'ers',
  'ion',
  'ions',
  'ment',
  'ments',
  'y',
  'ies',
  'ly',
]

/** Words shorter than this are not corrected: at one slip, most short words are another word. */
export const MIN_SPELLING_LENGTH = 5

/** How many slips a word of this length may hold. */
const slipsAllowed = (length: number) => (length >= 8 ? 2 : 1)

/** The few letters a corrected word and the typed one share at the start (slips seldom fall there). */
export const spellingPrefix = (word: string) => [...word].slice(0, 2).join('')

/**
 * The stem among `known` (the person's stems sharing the word's first letters, with how many memories
 * hold each) that the typed word most likely means: fewest slips, then the most memories. Null when
 * none is close enough, or when two equally close stems are equally common (no way to choose).
 */
export function correctedSpelling(
  word: string,
  known: ReadonlyArray<{ term: string; memories: number }>,
): string | null {
  if (word.length < MIN_SPELLING_LENGTH || !/^\p{L}+$/u.test(word)) return null
  const allowed = slipsAllowed(word.length)
  let best: { term: string; memories: number; slips: number } | null = null
  let tied = false
  for (const { term, memories } of known) {
    if (memories <= 0 || term === word || term.length < 3) continue
    let slips = Infinity
    for (const ending of ENDINGS) {
      const whole = term + ending
      if (Math.abs(whole.length - word.length) > allowed) continue
      slips = Math.min(slips, editDistance(word, whole, allowed))
    }
    // None: a word the stemmer would have made this stem is held already; this one is another word.
    if (slips === 0 || slips > allowed) continue
    if (!best || slips < best.slips || (slips === best.slips && memories > best.memories)) {
      tied = false
      best = { term, memories, slips }
    } else if (slips === best.slips && memories === best.memories) tied = true
  }
  return best && !tied ? best.term : null
}
