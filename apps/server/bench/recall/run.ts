/**
 * The recall benchmark (`npm run bench:recall`; `-- --smoke` for CI's small version). Do the memories the
 * assistant puts before the model answer the question? Per set (LoCoMo's development half, the
 * personal-notes set): hit@8 and evidence recall@8 per category or kind, through the chat route, beside
 * BM25 peers (MiniSearch, with and without English stop words) on the same memories and questions in the
 * same run; notebook-dev (another person's terse notes, its own kinds) likewise. Then recall latency at 100 000 memories of one user (plus other users') on PostgreSQL and
 * PGlite. Prints tables with the issue's budgets, writes bench/recall-results.json and, for each set, the
 * questions Remi missed to bench/recall-misses-<set>.txt.
 *
 *   RECALL_SETS=locomo,notes,notebook,latency   what to run (default all four)
 *   RECALL_MODE=chat|direct            chat: POST /api/chat/send, memories read from the model's prompt
 *                                      (the figure of record); direct: the recall function itself
 *                                      (recall-adapter.ts), faster, for iterating
 *   RECALL_LIMIT=N                     only the first N questions of each corpus (a quick look)
 *   RECALL_CONVERSATIONS=26,30         LoCoMo conversations (default the five of datasets/locomo-dev)
 *   RECALL_ENGINE=pglite|postgres      the database the quality sets run on (default pglite, in memory)
 *   RECALL_SIZES=100000                latency: the main user's memories (others: 200 users × 500)
 *   RECALL_LATENCY_ENGINES=postgres,pglite   RECALL_RUNS=200 (timed recalls per case)
 *   RECALL_MODEL_THREAD=1              latency: the fake model on a thread of its own
 *   RECALL_EMBED_MS=20  RECALL_EMBED_DIMS=256   hybrid: the fake embedding service's fixed latency and
 *                                      vector length (hybrid runs where pgvector exists: PGlite here)
 *   RECALL_JOBS_WAIT_S=600             hybrid: how long to wait for the start-up backfill first (smoke: 60)
 *   RECALL_LOCAL_MEANING=on            the local signal of meaning on, as the server's setting of that name
 *   RECALL_OUT=x                       write recall-results-x.json and recall-misses-<set>-x.txt (runs side by side)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test   (a database of its own is created and dropped)
 *   --smoke or RECALL_SMOKE=1          one LoCoMo conversation, the notes and notebook sets through the chat route,
 *                                      latency at 2 000 memories; nothing judged, it must run and print
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client.ts'
import { createPostgresStore } from '../lib/database.ts'
import { STOP_WORDS_SOURCE } from './bm25.ts'
import { startRecallHarness, type RecallMode } from './harness.ts'
import { cleanUpLatency, measureLatency, type LatencyFigure } from './latency.ts'
import { RECALL_FUNCTION } from './recall-adapter.ts'
import { missesText, pct, qualityTable, runSet, scoresByGroup, type QuestionResult } from './quality.ts'
import { loadLocomo, loadNotebook, loadNotes, LOCOMO_FILES, type BenchSet } from './sets.ts'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const smoke = process.argv.includes('--smoke') || process.env.RECALL_SMOKE === '1'
const judge = !smoke
const K = 8
const mode = (process.env.RECALL_MODE ?? 'chat') as RecallMode
if (mode !== 'chat' && mode !== 'direct') throw new Error('RECALL_MODE must be chat or direct')
const sets = (process.env.RECALL_SETS ?? 'locomo,notes,notebook,latency').split(',').map((s) => s.trim())
const limit = Number(process.env.RECALL_LIMIT ?? Infinity)
const conversations = smoke
  ? [LOCOMO_FILES[0]!]
  : (process.env.RECALL_CONVERSATIONS?.split(',').map((s) => s.trim()) ?? LOCOMO_FILES)
const qualityEngine = process.env.RECALL_ENGINE ?? 'pglite'
const pgBaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const latency = {
  sizes: smoke ? [2000] : (process.env.RECALL_SIZES ?? '100000').split(',').map(Number),
  engines: (process.env.RECALL_LATENCY_ENGINES ?? 'postgres,pglite').split(','),
  others: smoke ? { users: 10, each: 50 } : { users: 200, each: 500 },
  runs: smoke ? 10 : Number(process.env.RECALL_RUNS ?? 200),
  warmup: smoke ? 3 : 30,
  sendRuns: smoke ? 5 : 100,
  jobsWaitSeconds: Number(process.env.RECALL_JOBS_WAIT_S ?? (smoke ? 60 : 600)),
}
/** RECALL_OUT=x: the results and misses files end in -x (two runs side by side). */
const outSuffix = process.env.RECALL_OUT ? `-${process.env.RECALL_OUT}` : ''
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`)

interface Verdict {
  text: string
  value: string
  pass: boolean | null
}
const verdict = (text: string, value: number, ok: boolean, shown = pct(value)): Verdict => ({
  text,
  value: shown,
  pass: judge && Number.isFinite(value) ? ok : null,
})
const mark = (v: Verdict) => (v.pass === null ? 'not judged' : v.pass ? 'pass' : 'FAIL')

/** The issues' budgets for a quality set (LoCoMo: issue 44's floor beside the earlier ratio). */
function qualityBudgets(set: BenchSet, rows: ReturnType<typeof scoresByGroup>, results: QuestionResult[]) {
  const all = rows.at(-1)!.scores
  const best = Math.max(all.BM25.hit, all['BM25+stop'].hit)
  // Every set's people have notes: a question answered with no memory at all is a defect, not a miss.
  const empty = results.filter((r) => r.shown.Remi.length === 0).length
  const none = verdict('no question gets an empty context', empty, empty === 0, `${empty} empty`)
  if (set.name === 'locomo') {
    return [
      verdict('hit@8 ≥ 74%', all.Remi.hit, all.Remi.hit >= 0.74),
      verdict(
        `hit@8 ≥ 1.15 × best BM25 (${pct(best)} → ${pct(1.15 * best)})`,
        all.Remi.hit,
        all.Remi.hit >= 1.15 * best,
      ),
      none,
    ]
  }
  if (set.name === 'notebook') {
    const kinds = rows.filter((r) => r.group !== 'all')
    return [
      verdict('hit@8 ≥ 90%', all.Remi.hit, all.Remi.hit >= 0.9),
      verdict(
        `hit@8 ≥ 1.25 × best BM25 (${pct(best)} → ${pct(1.25 * best)})`,
        all.Remi.hit,
        all.Remi.hit >= 1.25 * best,
      ),
      ...kinds.map((r) =>
        r.group === 'update'
          ? verdict('update ("now") hit@8 ≥ 85%', r.scores.Remi.hit, r.scores.Remi.hit >= 0.85)
          : verdict(`${r.group} hit@8 ≥ 75%`, r.scores.Remi.hit, r.scores.Remi.hit >= 0.75),
      ),
      none,
    ]
  }
  return [
    verdict('hit@8 ≥ 90%', all.Remi.hit, all.Remi.hit >= 0.9),
    verdict('recall@8 ≥ 80%', all.Remi.recall, all.Remi.recall >= 0.8),
    none,
  ]
}

async function openQualityDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (qualityEngine === 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'remi-bench-recall-pg-'))
    const store = await createPostgresStore(pgBaseUrl, dir)
    const database = await store.open()
    await migrateDatabase(database)
    return {
      database,
      drop: async () => {
        await database.close()
        await store.drop()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const database = await openDatabase({ inMemory: true })
  await migrateDatabase(database)
  return { database, drop: () => database.close() }
}

async function main() {
  const began = performance.now()
  log(
    `${smoke ? 'smoke run (nothing judged)' : 'full run'}: ${sets.join(', ')}; mode ${mode}` +
      `${mode === 'direct' ? ` (${RECALL_FUNCTION})` : ' (POST /api/chat/send, prompt read back)'}; ` +
      `quality sets on ${qualityEngine}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  )
  const output: Record<string, unknown> = {
    started: new Date().toISOString(),
    smoke,
    mode,
    recallFunction: RECALL_FUNCTION,
    k: K,
    stopWords: STOP_WORDS_SOURCE,
    qualityEngine,
    sets: {} as Record<string, unknown>,
  }
  const printed: string[] = []
  const failures: string[] = []
  const benchDir = join(root, 'bench')
  mkdirSync(benchDir, { recursive: true })

  const qualitySets: BenchSet[] = []
  if (sets.includes('locomo')) qualitySets.push(loadLocomo({ files: conversations }))
  if (sets.includes('notes')) qualitySets.push(loadNotes())
  if (sets.includes('notebook')) qualitySets.push(loadNotebook())
  if (qualitySets.length) {
    const { database, drop } = await openQualityDatabase()
    const harness = await startRecallHarness(database)
    try {
      for (const set of qualitySets) {
        const results: QuestionResult[] = await runSet(set, harness, { mode, k: K, limit, log })
        // A harness that reads no memories at all (a prompt format it no longer understands, an import
        // that failed) would print zeros that read as a recall failure: stop instead.
        if (!results.length) throw new Error(`${set.name}: no questions were asked`)
        if (results.every((r) => r.shown.Remi.length === 0))
          throw new Error(`${set.name}: Remi showed no memory for any question; the harness is broken`)
        const rows = scoresByGroup(set, results)
        const budgets = qualityBudgets(set, rows, results)
        const sends = results.flatMap((r) => (r.sendMs !== undefined ? [r.sendMs] : []))
        const lines = [
          `${set.title} — Remi through ${mode === 'chat' ? 'chat/send (the prompt)' : RECALL_FUNCTION}, ${qualityEngine}; BM25 = MiniSearch defaults, BM25+stop = with stop words, ${STOP_WORDS_SOURCE}`,
          qualityTable(rows, K),
          ...budgets.map((b) => `  budget ${b.text}: Remi ${b.value} — ${mark(b)}`),
          ...set.notes.slice(0, 1).map((n) => `  note: ${n}`),
        ]
        if (sends.length) {
          const sorted = [...sends].sort((a, b) => a - b)
          lines.push(
            `  chat/send in-process on these small corpora: p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms (not the latency figure)`,
          )
        }
        printed.push(lines.join('\n'))
        console.log(`\n${lines.join('\n')}\n`)
        for (const b of budgets) if (b.pass === false) failures.push(`${set.name}: ${b.text} (${b.value})`)
        const textOf = textLookup(set)
        const missesFile = join(benchDir, `recall-misses-${set.name}${outSuffix}.txt`)
        writeFileSync(missesFile, missesText(set, results, textOf))
        log(`misses: ${missesFile}`)
        ;(output.sets as Record<string, unknown>)[set.name] = {
          title: set.title,
          rows,
          budgets,
          notes: set.notes,
          questions: results,
        }
      }
    } finally {
      await harness.close()
      await drop()
    }
  }

  if (sets.includes('latency')) {
    const figures: LatencyFigure[] = await measureLatency({ ...latency, pgBaseUrl, judge, log })
    const header = '| figure | engine | memories | p50 | p95 | load average | budget | result |'
    const lines = [
      `Recall latency (one user’s memories plus ${latency.others.users} other users × ${latency.others.each}; recall called directly (${RECALL_FUNCTION}), chat/send in-process with the fake model; ${latency.runs} runs each)`,
      header,
      '|---|---|---:|---:|---:|---:|---|---|',
      ...figures.map(
        (f) =>
          `| ${f.figure} | ${f.engine} | ${f.memories.toLocaleString('en-US')} | ${f.p50} | ${f.p95} | ${f.load} | ${f.budget} | ${f.result}${f.note ? ` (${f.note})` : ''} |`,
      ),
    ]
    printed.push(lines.join('\n'))
    console.log(`\n${lines.join('\n')}\n`)
    for (const f of figures)
      if (f.result === 'FAIL') failures.push(`latency: ${f.figure} ${f.engine} p95 ${f.p95}`)
    output.latency = figures
  }

  output.finished = new Date().toISOString()
  output.failures = failures
  const resultsFile = join(benchDir, `recall-results${outSuffix}.json`)
  writeFileSync(resultsFile, `${JSON.stringify(output, null, 2)}\n`)
  console.log(`\n${'='.repeat(100)}\n${printed.join('\n\n')}\n`)
  log(
    `done in ${((performance.now() - began) / 1000).toFixed(0)} s; ${resultsFile}; ` +
      (judge ? `${failures.length} budget(s) failed` : 'nothing judged (smoke)'),
  )
}

function textLookup(set: BenchSet) {
  const byCorpus = new Map(set.corpora.map((c) => [c.name, new Map(c.memories.map((m) => [m.key, m]))]))
  return (corpus: string, key: string) => {
    const m = byCorpus.get(corpus)?.get(key)
    return m
      ? `(${m.date ?? 'no date'}${m.tags.length ? `; ${m.tags.join(', ')}` : ''}) ${m.text}`
      : '(unknown)'
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void cleanUpLatency().finally(() => process.exit(130))
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
