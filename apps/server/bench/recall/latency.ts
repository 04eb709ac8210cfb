/**
 * Recall latency at scale: one user's memories (the speed bench's generator, lib/database.ts) plus other
 * users', on PostgreSQL (a database of its own, dropped after) and PGlite (a data directory of its own,
 * in its worker thread as production runs it). Recall is called directly (recall-adapter.ts) for a mix of
 * questions; chat/send is timed in-process with the fake model answering at once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database } from '../../src/db/client.ts'
import { createEmbeddingsRepo } from '../../src/modules/embeddings/embeddings.repo.ts'
import { startOpenAIEmbeddingsFake } from '../../src/test/fakes/openai-embeddings.ts'
import {
  createPgliteStore,
  createPostgresStore,
  RARE_WORD,
  seedStore,
  type BenchStore,
} from '../lib/database.ts'
import { measure, ms, percentiles, type Stats } from '../lib/stats.ts'
import { startRecallHarness } from './harness.ts'
import { recallDirect } from './recall-adapter.ts'

export interface LatencyFigure {
  figure: string
  engine: string
  memories: number
  p50: string
  p95: string
  /** The machine's 1-minute load average when the figure was taken (other work skews latency). */
  load: string
  budget: string
  result: 'pass' | 'FAIL' | 'not judged' | 'skipped'
  stats?: Stats
  note?: string
  /** Lexical recall: each question's own p50/p95. */
  byQuestion?: Record<string, Stats>
}

/**
 * Questions as people type them, in the generator's words (lib/database.ts WORDS): common and rare
 * words, one word and many, a possessive, a period, nothing that matches.
 */
export const LATENCY_QUESTIONS = [
  'when is the dentist appointment?',
  'what did the mechanic say about the car tyre?',
  `anything about ${RARE_WORD}?`,
  'what was that recipe with chocolate and cake',
  'did I pay the plumber invoice',
  'my sister birthday party ideas',
  'what is the wifi password for the office',
  'where did we go camping in the mountain last summer?',
  'notes about sleep and mood',
  'which book did my friend recommend?',
  'the deadline for the client presentation',
  'what did I buy at the pharmacy yesterday',
  'meeting',
  'what is the capital of Peru?',
  "what's on my shopping list: milk, bread, eggs, cheese, fruit?",
  'how is the garden going, the roses and the tomato and basil plants',
]

const load = () => loadavg()[0]!.toFixed(1)

const cleanups = new Set<() => Promise<void>>()
/** Drops what the latency runs under way have made (their database, their data directory). */
export async function cleanUpLatency() {
  await Promise.all([...cleanups].map((c) => c().catch(() => {})))
}

/** The three questions slowest at p95, with their p95. */
function slowest(samples: number[][]): string {
  return samples
    .map((times, k) => ({ q: LATENCY_QUESTIONS[k]!, p95: percentiles(times).p95 }))
    .filter((x) => Number.isFinite(x.p95))
    .sort((a, b) => b.p95 - a.p95)
    .slice(0, 3)
    .map((x) => `"${x.q}" ${ms(x.p95)}`)
    .join(', ')
}

export async function measureLatency(options: {
  sizes: number[]
  engines: string[]
  others: { users: number; each: number }
  runs: number
  warmup: number
  sendRuns: number
  pgBaseUrl: string
  judge: boolean
  jobsWaitSeconds: number
  log: (text: string) => void
}): Promise<LatencyFigure[]> {
  const figures: LatencyFigure[] = []
  const judged = (stats: Stats, limit: number, size: number): LatencyFigure['result'] =>
    !options.judge || size !== 100_000 ? 'not judged' : stats.p95 <= limit ? 'pass' : 'FAIL'
  for (const engine of options.engines) {
    for (const size of options.sizes) {
      const workDir = mkdtempSync(join(tmpdir(), `remi-bench-recall-${engine}-`))
      const dataDir = join(workDir, 'data')
      let store: BenchStore | undefined
      // Stopped midway (Ctrl-C), the run still drops its database and its data directory.
      const cleanup = async () => {
        await store?.drop()
        rmSync(workDir, { recursive: true, force: true })
      }
      cleanups.add(cleanup)
      try {
        store =
          engine === 'postgres'
            ? await createPostgresStore(options.pgBaseUrl, dataDir)
            : createPgliteStore(dataDir)
        const seedStart = performance.now()
        options.log(
          `latency · ${engine}: seeding ${size} memories + ${options.others.users} × ${options.others.each}`,
        )
        const { mainId } = await seedStore(store, size, options.others)
        options.log(`latency · ${engine}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`)
        const database = await store.open()
        // A database in use has planner statistics (autovacuum); one seeded a moment ago has none yet, and
        // the planner then guesses blind on memory_terms and the search index.
        await database.db.execute(sql`analyze`)
        // RECALL_MODEL_THREAD=1: the fake model on its own thread (its HTTP server and streaming off the
        // server's thread). Measured on 2 cores it was slower (p95 39.6 ms against 30.0 in the thread), the
        // two threads and PostgreSQL taking turns on the cores, so the figure of record keeps it here.
        const harness = await startRecallHarness(database, {
          modelThread: process.env.RECALL_MODEL_THREAD === '1',
        })
        try {
          const now = new Date()
          const n = LATENCY_QUESTIONS.length
          // Each question's own times too: which kinds of question are slow is what the engineers need.
          const perQuestion = LATENCY_QUESTIONS.map(() => [] as number[])
          const lexical = await measure(options.runs, options.warmup, async (i) => {
            const started = performance.now()
            await recallDirect(harness.services, {
              userId: mainId,
              text: LATENCY_QUESTIONS[i % n]!,
              now,
              limit: 8,
            })
            if (i >= options.warmup) perQuestion[i % n]!.push(performance.now() - started)
          })
          const lexicalLimit = engine === 'postgres' ? 30 : 60
          figures.push({
            figure: 'recall, lexical',
            engine,
            memories: size,
            p50: ms(lexical.p50),
            p95: ms(lexical.p95),
            load: load(),
            budget: `p95 ≤ ${lexicalLimit} ms at 100 000`,
            result: judged(lexical, lexicalLimit, size),
            stats: lexical,
            note: `slowest p95: ${slowest(perQuestion)}`,
            byQuestion: Object.fromEntries(
              LATENCY_QUESTIONS.map((q, k) => [q, percentiles(perQuestion[k]!)]),
            ),
          })
          options.log(`latency · ${engine} · recall, lexical: p50 ${ms(lexical.p50)}, p95 ${ms(lexical.p95)}`)
          const headers = await harness.signIn(mainId)
          // Each answer's facts call (a model is configured) is waited out before the next send.
          let conversationId = ''
          const send = await measure(
            options.sendRuns,
            Math.min(options.warmup, 10),
            async (i) => {
              conversationId = await harness.send(headers, LATENCY_QUESTIONS[i % n]!, now)
            },
            () => harness.factsSettled(headers, conversationId),
          )
          figures.push({
            figure: 'chat/send server time (fake model)',
            engine,
            memories: size,
            p50: ms(send.p50),
            p95: ms(send.p95),
            load: load(),
            // Issue 44's budget (lexical + the local signal): chat/send p95 ≤ 25 ms on PostgreSQL.
            budget: engine === 'postgres' ? 'p95 ≤ 25 ms at 100 000' : '(budgeted on PostgreSQL)',
            result: engine === 'postgres' ? judged(send, 25, size) : 'not judged',
            stats: send,
            note: "the questions above; each answer's facts call waited out before the next send",
          })
          options.log(`latency · ${engine} · chat/send: p50 ${ms(send.p50)}, p95 ${ms(send.p95)}`)
        } finally {
          await harness.close()
        }
        try {
          figures.push(...(await measureHybrid(database, engine, size, mainId, options)))
        } finally {
          await database.close()
        }
      } finally {
        cleanups.delete(cleanup)
        await cleanup()
      }
    }
  }
  return figures
}

/**
 * Waits (at most RECALL_JOBS_WAIT_S: 600 s, 60 in the smoke run) until the job queue has nothing due or running
 * (reminders' sweep always waits for its next minute as a job of later start: it does not count): the start-up backfill
 * scans every memory for a missing vector, on the one PGlite backend the searches use, and timing while
 * it runs measures the scan. Jobs are rows in pg-boss's schema (jobs/queue.ts: pgboss).
 */
async function jobsSettled(database: Database, waitSeconds: number, log: (text: string) => void) {
  const started = performance.now()
  for (;;) {
    let busy: number
    try {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from pgboss.job
          where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
      )) as unknown as { rows: Array<{ n: number }> }
      busy = result.rows[0]?.n ?? 0
    } catch {
      return log('latency: no job table to wait on')
    }
    const waited = ((performance.now() - started) / 1000).toFixed(0)
    if (busy === 0) return log(`latency: the job queue settled after ${waited} s`)
    if (performance.now() - started > waitSeconds * 1000)
      return log(`latency: ${busy} jobs still busy after ${waited} s`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/** The fake embedding service's fixed latency and its vectors' length (RECALL_EMBED_MS, RECALL_EMBED_DIMS). */
const EMBED_MS = Number(process.env.RECALL_EMBED_MS ?? 20)
const EMBED_DIMS = Number(process.env.RECALL_EMBED_DIMS ?? 256)
const EMBED_MODEL = 'bench-embed'

/**
 * Hybrid recall (the lexical list fused with the nearest vectors): every memory, the main user's and the
 * others', gets a vector (random, of EMBED_DIMS, written straight into memory_embeddings with the hash the
 * backfill checks, so nothing is left to embed: a server whose memories all have their vectors, as it
 * is once its backfill is over; with the main user's alone, the start-up backfill embedded the other
 * users' 100 000 and the searches were timed during it, p95 1 255 ms), then the app starts with the loopback OpenAI embeddings fake
 * answering after a fixed EMBED_MS, its store and HNSW index made as at start-up. Timed: recall with the
 * question's vector already cached (the recall's own time besides the embedding call: the budget),
 * recall with a fresh question (the call included), and the embedding call alone. Where the database
 * has no pgvector, the row says so.
 */
async function measureHybrid(
  database: Database,
  engine: string,
  size: number,
  mainId: string,
  options: {
    runs: number
    warmup: number
    judge: boolean
    jobsWaitSeconds: number
    log: (text: string) => void
  },
): Promise<LatencyFigure[]> {
  const row = (
    figure: string,
    stats: Stats | null,
    budget: string,
    result: LatencyFigure['result'],
    note?: string,
  ) => ({
    figure,
    engine,
    memories: size,
    p50: stats ? ms(stats.p50) : '—',
    p95: stats ? ms(stats.p95) : '—',
    load: load(),
    budget,
    result,
    ...(stats ? { stats } : {}),
    ...(note ? { note } : {}),
  })
  const HYBRID = 'recall, hybrid, besides the embedding call'
  const store = await createEmbeddingsRepo(database.db).ensureStore()
  if (!store.available) return [row(HYBRID, null, 'p95 ≤ 60 ms', 'skipped', store.reason)]
  const started = performance.now()
  await database.db.execute(sql`
    insert into memory_embeddings (memory_id, user_id, model, source_hash, embedding)
    select m.id, m.user_id, ${EMBED_MODEL}, md5(m.text || E'\n' || array_to_string(m.tags, ' ')),
      (select array_agg(random() - 0.5 + 0 * g) from generate_series(1, ${EMBED_DIMS}) as g where m.id is not null)::vector
    from memories m where not m.private
    on conflict do nothing`)
  options.log(
    `latency · ${engine}: every memory's vector (${size} of the main user's) of ${EMBED_DIMS} written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
  // The index the app would make at start-up, made here first with room to build it in memory: past
  // maintenance_work_mem (64 MB) pgvector builds HNSW far slower, and 100 000 vectors of 256 need more.
  // In production the backfill fills an index that already exists; only the searches are timed here.
  const indexStart = performance.now()
  await database.db.execute(sql`set maintenance_work_mem = '400MB'`)
  await createEmbeddingsRepo(database.db).ensureIndex(EMBED_MODEL, EMBED_DIMS)
  await database.db.execute(sql`reset maintenance_work_mem`)
  options.log(
    `latency · ${engine}: HNSW index built in ${((performance.now() - indexStart) / 1000).toFixed(0)} s`,
  )
  const fake = await startOpenAIEmbeddingsFake({ dimensions: EMBED_DIMS, latencyMs: EMBED_MS })
  const appStart = performance.now()
  const harness = await startRecallHarness(database, {
    env: {
      EMBEDDING_PROVIDER: 'openai-compatible',
      EMBEDDING_MODEL: EMBED_MODEL,
      EMBEDDING_BASE_URL: fake.url,
      EMBEDDING_API_KEY: fake.apiKey,
    },
    background: true,
  })
  try {
    options.log(
      `latency · ${engine}: app and embeddings ready in ${((performance.now() - appStart) / 1000).toFixed(0)} s`,
    )
    await jobsSettled(database, options.jobsWaitSeconds, options.log)
    const status = await harness.app.background.embeddings.status(mainId)
    const probe = await harness.app.background.embeddings.semantic.nearest(mainId, LATENCY_QUESTIONS[0]!, 8)
    if (status.state !== 'on' || !probe?.length) {
      const why = `semantic search not on (${status.state}${status.reason ? `: ${status.reason}` : ''}; ${status.ready} of ${status.total} ready)`
      return [row(HYBRID, null, 'p95 ≤ 60 ms', options.judge ? 'FAIL' : 'not judged', why)]
    }
    const now = new Date()
    const n = LATENCY_QUESTIONS.length
    const recall = (text: string) => recallDirect(harness.services, { userId: mainId, text, now, limit: 8 })
    // The warm-up asks every question once: timed, they find their vectors in the process's cache.
    const cached = await measure(options.runs, Math.max(options.warmup, n), (i) =>
      recall(LATENCY_QUESTIONS[i % n]!).then(() => {}),
    )
    // The vector search alone (the questions' vectors cached by now): what hybrid adds to lexical.
    const semantic = harness.app.background.embeddings.semantic
    const nearest = await measure(Math.min(options.runs, 100), 0, (i) =>
      semantic.nearest(mainId, LATENCY_QUESTIONS[i % n]!, 8).then(() => {}),
    )
    // A question never asked before (trailing dots: the same words, another cache key) waits for the call.
    const fresh = await measure(Math.min(options.runs, 100), 0, (i) =>
      recall(`${LATENCY_QUESTIONS[i % n]!} ${'.'.repeat(1 + Math.floor(i / n))}`).then(() => {}),
    )
    const call = await measure(Math.min(options.runs, 100), 3, async (i) => {
      const res = await fetch(`${fake.url}/embeddings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: EMBED_MODEL, input: [`${LATENCY_QUESTIONS[i % n]!} ${i}`] }),
      })
      await res.arrayBuffer()
    })
    const judged = !options.judge || size !== 100_000 ? 'not judged' : cached.p95 <= 60 ? 'pass' : 'FAIL'
    options.log(
      `latency · ${engine} · recall, hybrid: besides the call p95 ${ms(cached.p95)}, with it p95 ${ms(fresh.p95)}`,
    )
    return [
      row(
        HYBRID,
        cached,
        'p95 ≤ 60 ms at 100 000',
        judged,
        `${EMBED_DIMS}-dimension vectors; question vectors cached`,
      ),
      row(
        'recall, hybrid, with the embedding call',
        fresh,
        '(reported apart)',
        'not judged',
        `fake service answering after ${EMBED_MS} ms`,
      ),
      row(
        'nearest vectors alone (semantic.nearest, vector cached)',
        nearest,
        '(part of hybrid)',
        'not judged',
      ),
      row('the embedding call alone (fake service)', call, '(reported apart)', 'not judged'),
    ]
  } finally {
    await harness.close()
    await fake.close()
  }
}
