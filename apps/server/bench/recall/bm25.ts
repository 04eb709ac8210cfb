/**
 * The BM25 peers, on the same memories and questions: MiniSearch (its BM25+ ranking) with its defaults,
 * and with an English stop-word list (stopwords-iso's "en", 1 298 words). Text and tags are indexed;
 * the top `limit` of each question are "shown".
 */
import MiniSearch from 'minisearch'
import { createRequire } from 'node:module'
import type { Corpus } from './sets.ts'

export const PEERS = ['BM25', 'BM25+stop'] as const
export type Peer = (typeof PEERS)[number]
export const STOP_WORDS_SOURCE = 'stopwords-iso "en"'

// stopwords-iso is a JSON file with no types: { en: [...], de: [...], ... }.
const stopwords = createRequire(import.meta.url)('stopwords-iso') as Record<string, string[]>
const ENGLISH_STOP = new Set(stopwords.en)

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
