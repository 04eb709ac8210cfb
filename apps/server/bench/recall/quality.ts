/**
 * hit@k (any evidence memory among those shown) and evidence recall@k (the share of the evidence
 * memories shown), per row and overall, for Remi and its BM25 peers; the tables and the misses file.
 */
import type { Asked, LoadedCorpus, RecallHarness, RecallMode } from './harness.ts'
import { buildPeer, PEERS } from './bm25.ts'
import type { BenchQuestion, BenchSet, Corpus } from './sets.ts'

export const SYSTEMS = ['Remi', ...PEERS] as const
export type System = (typeof SYSTEMS)[number]

export interface QuestionResult {
  corpus: string
  id: string
  group: string
  text: string
  evidence: string[]
  shown: Record<System, string[]>
  sendMs?: number
}

export interface Score {
  questions: number
  hit: number
  recall: number
}
export type Scores = Record<System, Score>

export async function runSet(
  set: BenchSet,
  harness: RecallHarness,
  options: { mode: RecallMode; k: number; limit: number; log: (text: string) => void },
): Promise<QuestionResult[]> {
  const results: QuestionResult[] = []
  for (const corpus of set.corpora) {
    const questions = corpus.questions.slice(0, options.limit)
    const loadStart = performance.now()
    const loaded = await harness.load(corpus)
    options.log(
      `${set.name} · ${corpus.name}: ${corpus.memories.length} memories loaded in ${(
        (performance.now() - loadStart) /
        1000
      ).toFixed(1)} s; asking ${questions.length} questions (${options.mode})`,
    )
    results.push(...(await askAll(corpus, loaded, questions, harness, options)))
  }
  return results
}

async function askAll(
  corpus: Corpus,
  loaded: LoadedCorpus,
  questions: BenchQuestion[],
  harness: RecallHarness,
  options: { mode: RecallMode; k: number },
): Promise<QuestionResult[]> {
  const peers = PEERS.map((peer) => [peer, buildPeer(peer, corpus)] as const)
  const out: QuestionResult[] = []
  for (const q of questions) {
    let asked: Asked
    try {
      asked = await harness.ask(loaded, q, options.mode, options.k)
    } catch (error) {
      throw new Error(`${corpus.name} ${q.id} "${q.text}": ${(error as Error).message}`, { cause: error })
    }
    const shown = { Remi: asked.shown } as Record<System, string[]>
    for (const [peer, search] of peers) shown[peer] = search(q.text, options.k)
    out.push({
      corpus: corpus.name,
      id: q.id,
      group: q.group,
      text: q.text,
      evidence: q.evidence,
      shown,
      ...(asked.sendMs !== undefined ? { sendMs: asked.sendMs } : {}),
    })
  }
  return out
}

export function score(results: QuestionResult[], system: System): Score {
  let hit = 0
  let recall = 0
  for (const r of results) {
    const shown = new Set(r.shown[system])
    const found = r.evidence.filter((e) => shown.has(e)).length
    if (found) hit += 1
    recall += found / r.evidence.length
  }
  const n = results.length
  return { questions: n, hit: n ? hit / n : NaN, recall: n ? recall / n : NaN }
}

export function scoresByGroup(set: BenchSet, results: QuestionResult[]) {
  const rows: Array<{ group: string; scores: Scores }> = []
  for (const group of [...set.groups, 'all']) {
    const subset = group === 'all' ? results : results.filter((r) => r.group === group)
    if (!subset.length) continue
    rows.push({
      group,
      scores: Object.fromEntries(SYSTEMS.map((s) => [s, score(subset, s)])) as Scores,
    })
  }
  return rows
}

export const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '—')

export function qualityTable(rows: ReturnType<typeof scoresByGroup>, k: number): string {
  const header = [
    'row',
    'questions',
    ...SYSTEMS.map((s) => `${s} hit@${k}`),
    ...SYSTEMS.map((s) => `${s} recall@${k}`),
  ]
  const body = rows.map(({ group, scores }) => [
    group,
    String(scores.Remi.questions),
    ...SYSTEMS.map((s) => pct(scores[s].hit)),
    ...SYSTEMS.map((s) => pct(scores[s].recall)),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n')
}

/** For the recall engineers: every question Remi missed evidence for, with the evidence and what it showed. */
export function missesText(
  set: BenchSet,
  results: QuestionResult[],
  textOf: (corpus: string, key: string) => string,
): string {
  const out: string[] = [
    `# ${set.title}: questions where Remi's memories lacked evidence (✗ = none of it, ½ = some of it)`,
    '',
  ]
  for (const r of results) {
    const shown = new Set(r.shown.Remi)
    const found = r.evidence.filter((e) => shown.has(e)).length
    if (found === r.evidence.length) continue
    const peers = SYSTEMS.filter((s) => s !== 'Remi' && r.evidence.some((e) => r.shown[s].includes(e)))
    out.push(
      `## ${found ? '½' : '✗'} [${r.group}] ${r.corpus} ${r.id}: ${r.text}`,
      peers.length ? `(found by ${peers.join(', ')})` : '(no peer found it either)',
      'evidence:',
      ...r.evidence.map((e) => `  ${shown.has(e) ? '✓' : ' '} ${e}  ${textOf(r.corpus, e)}`),
      'Remi showed:',
      ...(r.shown.Remi.length
        ? r.shown.Remi.map((e) => `    ${e}  ${textOf(r.corpus, e)}`)
        : ['    (nothing)']),
      '',
    )
  }
  return out.join('\n')
}
