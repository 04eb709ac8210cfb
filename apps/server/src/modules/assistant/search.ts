import { MEMORY_LIMITS, type Memory } from '@remi/shared'
import type { MemoriesService } from '../memories/memories.service.ts'

/**
 * Words that say nothing about what a memory is about: question words, pronouns, auxiliaries,
 * the assistant's own verbs and time words (dates are matched by date filters, not by text).
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any anything are as at be because been before
  being below between both but by can could did do does doing done down during each either else ever
  every few for from further get gets got had has have having he her here hers herself him himself his
  how i if in into is it its itself just know let like me mine more most much must my myself need no nor
  not now of off on once only or other our ours ourselves out over own please remember remind same she
  should show so some something still such tell than thank thanks that the their theirs them themselves
  then there these they thing things this those through to too under until up upon very want was we
  were what whats when where which while who whom whose why will with would yes yet you your yours
  yourself yourselves find search look list note notes memory memories saved save today tonight
  tomorrow yesterday day days week weeks month months year years time ago last next did didnt dont
  doesnt isnt wasnt arent werent cant wont im ive id youre lets okay ok hey hi hello write wrote
  written added many forgot forget recall wonder wondering know recent recently lately latest newest
  summary summarize summarise recap overview happen happens happened happening`.split(/\s+/),
)

/**
 * The words of a message worth searching for on their own: letters and digits, possessives dropped
 * ("Ana's" → "ana"), stop words and one- or two-letter words left out; numbers of two digits or more are
 * kept ("12"), a single digit is not (searched as typed, "2" would find every "2027").
 */
export function significantWords(text: string, max = 8): string[] {
  const words: string[] = []
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []) {
    const word = raw.replace(/['’]s$/, '').replace(/['’-]+$/, '')
    const bare = word.replace(/['’]/g, '')
    if (STOP_WORDS.has(bare)) continue
    if (bare.length < 3 && !/^\d\d$/.test(bare)) continue
    if (!words.includes(word)) words.push(word)
    if (words.length === max) break
  }
  return words
}

export interface MemorySearch {
  /** Words to look for; empty lists the newest memories matching the filters. */
  query: string
  tags?: string[] | undefined
  /** Inclusive days ('YYYY-MM-DD'). */
  from?: string | undefined
  to?: string | undefined
  limit?: number
}

/**
 * The memories most relevant to a text, best first, without duplicates. The memories search ranks
 * them (whole words with stemming, the word being typed, tags; recency breaks ties). When the whole text
 * finds fewer than `limit` (a long question rarely matches as one query), the memories holding any of
 * its significant words follow, those holding more of them first, then newest. Neither is counted.
 */
export async function findRelevantMemories(
  memories: Pick<MemoriesService, 'best'>,
  userId: string,
  search: MemorySearch,
): Promise<Memory[]> {
  const limit = search.limit ?? 8
  const filters = {
    tags: search.tags?.length ? search.tags : undefined,
    startDate: search.from,
    endDate: search.to,
  }
  const term = search.query.replace(/\s+/g, ' ').trim().slice(0, MEMORY_LIMITS.searchTermMax)
  const found = await memories.best(userId, { ...filters, searchTerm: term || undefined }, limit)
  if (!term || found.length >= limit) return found

  const words = significantWords(search.query)
  if (words.length === 0 || (words.length === 1 && words[0] === term.toLowerCase())) return found
  const more = await memories.best(userId, { ...filters, anyOf: words }, limit + found.length)
  const seen = new Set(found.map((m) => m.id))
  return [...found, ...more.filter((m) => !seen.has(m.id))].slice(0, limit)
}
