/**
 * The BM25 peers, on the same memories and questions: MiniSearch (its BM25+ ranking) with its defaults,
 * and with an English stop-word list (the npm package stopword's "eng", 108 words: of it and stopwords-iso's
 * 1 298, the stronger peer on both sets). Text and tags are indexed;
 * the top `limit` of each question are "shown".
 */
import MiniSearch from 'minisearch'
import { createRequire } from 'node:module'
import type { Corpus } from './sets.ts'

export const PEERS = ['BM25', 'BM25+stop'] as const
export type Peer = (typeof PEERS)[number]

// The stopword package has no types; its lists are arrays of words by ISO 639-3 code ("eng").
const stopword = createRequire(import.meta.url)('stopword') as Record<string, string[]>
const ENGLISH_STOP = new Set(stopword.eng)
export const STOP_WORDS_SOURCE = `the stopword package's English list (${ENGLISH_STOP.size} words)`

interface Doc {
  id: number
  key: string
  text: string
  tags: string
}

export function buildPeer(peer: Peer, corpus: Corpus) {
  const options =
    peer === 'BM25'
      ? {}
      : { processTerm: (term: string) => (ENGLISH_STOP.has(term.toLowerCase()) ? null : term.toLowerCase()) }
  const index = new MiniSearch<Doc>({ fields: ['text', 'tags'], storeFields: ['key'], ...options })
  index.addAll(corpus.memories.map((m, id) => ({ id, key: m.key, text: m.text, tags: m.tags.join(' ') })))
  return (question: string, limit: number): string[] =>
    index
      .search(question)
      .slice(0, limit)
      .map((r) => r.key as string)
}
