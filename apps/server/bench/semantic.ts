/**
 * Semantic recall at scale: every memory of a seeded store gets its vector (the loopback fake of the
 * OpenAI embeddings API's deterministic vectors, stored by the app's own upsert), the model's HNSW index
 * is built, and the app's SemanticRecall answers questions with the fake answering after a fixed latency.
 * The question's embedding call and the nearest-neighbour query are timed apart.
 *
 *   node apps/server/bench/semantic.ts                 # PGlite (worker thread), 100 000 + 200 × 500
 *   BENCH_SEMANTIC_SIZE=10000 BENCH_SEMANTIC_OTHERS=20x500 BENCH_SEMANTIC_DIMENSIONS=256 \
 *     BENCH_SEMANTIC_LATENCY_MS=50 node apps/server/bench/semantic.ts
 *
 * `startSemanticBench(database)` is the part npm run bench:recall calls for its hybrid row (see
 * /tmp/remi-coord/embeddings-howto.txt): it returns the SemanticRecall to hand to the recall service and
 * the timings of each call.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database } from '../src/db/client.ts'
import { createEmbeddingModel } from '../src/integrations/ai/embeddings.ts'
import { createJobQueue } from '../src/jobs/queue.ts'
import { createEmbeddingsRepo } from '../src/modules/embeddings/embeddings.repo.ts'
import { createEmbeddings } from '../src/modules/embeddings/embeddings.service.ts'
import type { SemanticRecall } from '../src/modules/recall/semantic.ts'
import { fakeEmbedding, startOpenAIEmbeddingsFake } from '../src/test/fakes/openai-embeddings.ts'
import { createPgliteStore, seedStore } from './lib/database.ts'
import { ms, percentiles } from './lib/stats.ts'

const quiet = { info() {}, warn() {}, error() {} }

export interface SemanticBench {
  semantic: SemanticRecall
  /** One entry per search that reached the service: its embedding call and its nearest-neighbour query, ms. */
  timings: Array<{ embedMs: number; searchMs: number }>
  /** How long storing every vector and building the index took, ms. */
  loadMs: number
  vectors: number
  close(): Promise<void>
}

/**
 * Gives every memory in `database` its vector and returns the app's SemanticRecall over them. The
 * embedding service is the loopback fake answering after `latencyMs`; no question is cached, so every
 * search makes its embedding call.
 */
export async function startSemanticBench(
  database: Database,
  options: { dimensions?: number; latencyMs?: number; log?: (text: string) => void } = {},
): Promise<SemanticBench> {
  const dimensions = options.dimensions ?? 256
  const modelId = 'bench-embedding'
  const fake = await startOpenAIEmbeddingsFake({ dimensions, latencyMs: options.latencyMs ?? 50 })
  const model = await createEmbeddingModel({
    provider: 'openai',
    model: modelId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
  })
  const timings: SemanticBench['timings'] = []
  // The queue is never started: the vectors are written here, in bulk, instead of by its jobs.
  const jobs = createJobQueue({ database, logger: quiet })
  const embeddings = createEmbeddings({
    db: database.db,
    model,
    jobs,
    logger: quiet,
    options: {
      queryCacheSize: 0,
      queryTimeoutMs: 10_000,
      onQueryTiming: ({ embedMs, searchMs, cached }) => {
        if (!cached) timings.push({ embedMs, searchMs })
      },
    },
  })
  await embeddings.prepare()
  const repo = createEmbeddingsRepo(database.db)
  const started = performance.now()
  let vectors = 0
  let after = '00000000-0000-0000-0000-000000000000'
  // The index after the vectors, in one build (production adds each batch to it as it comes; the graph
  // is the same kind, built faster here).
  for (;;) {
    const result = await database.db.execute(
      sql`select m.id, m.text || E'\\n' || array_to_string(m.tags, ' ') as text,
            md5(m.text || E'\\n' || array_to_string(m.tags, ' ')) as hash
          from memories m where m.id > ${after}::uuid order by m.id limit 1000`,
    )
    const rows = (result as unknown as { rows: Array<{ id: string; text: string; hash: string }> }).rows
    if (rows.length === 0) break
    vectors += await repo.upsert(
      modelId,
      rows.map((r) => ({ id: r.id, hash: r.hash, embedding: fakeEmbedding(r.text, modelId, dimensions) })),
    )
    after = rows[rows.length - 1]!.id
    if (vectors % 20_000 < 1000) options.log?.(`semantic: ${vectors} vectors stored`)
  }
  options.log?.(`semantic: ${vectors} vectors stored; building the HNSW index`)
  await database.db.execute(sql`set maintenance_work_mem = '512MB'`)
  await repo.ensureIndex(modelId, dimensions)
  await database.db.execute(sql`reset maintenance_work_mem`)
  await database.db.execute(sql`analyze memory_embeddings`)
  return {
    semantic: embeddings.semantic,
    timings,
    loadMs: performance.now() - started,
    vectors,
    close: () => fake.close(),
  }
}

/** Questions in the seeded memories' words (bench/lib/database.ts), as the lexical latency bench asks. */
const QUESTIONS = [
  'when is the dentist appointment?',
  'what did the mechanic say about the car tyre?',
  'what was that recipe with chocolate and cake',
  'did I pay the plumber invoice',
  'my sister birthday party ideas',
  'what is the wifi password for the office',
  'where did we go camping in the mountain last summer?',
  'notes about sleep and mood',
  'which book did my friend recommend?',
  'the deadline for the client presentation',
  'what did I buy at the pharmacy yesterday',
  'how is the garden going, the roses and the tomato and basil plants',
]

async function main() {
  const size = Number(process.env.BENCH_SEMANTIC_SIZE ?? 100_000)
  const dimensions = Number(process.env.BENCH_SEMANTIC_DIMENSIONS ?? 256)
  const latencyMs = Number(process.env.BENCH_SEMANTIC_LATENCY_MS ?? 50)
  const runs = Number(process.env.BENCH_SEMANTIC_RUNS ?? 200)
  const [users, each] = (process.env.BENCH_SEMANTIC_OTHERS ?? '200x500').split('x').map(Number)
  const others = { users: users ?? 200, each: each ?? 500 }
  const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`)
  const workDir = mkdtempSync(join(tmpdir(), 'remi-bench-semantic-'))
  const store = createPgliteStore(join(workDir, 'data'))
  try {
    log(`seeding ${size} memories + ${others.users} × ${others.each} on PGlite (worker thread)`)
    const { mainId } = await seedStore(store, size, others)
    const database = await store.open()
    try {
      const bench = await startSemanticBench(database, { dimensions, latencyMs, log })
      log(
        `${bench.vectors} vectors of ${dimensions} dimensions stored and indexed in ${(bench.loadMs / 1000).toFixed(0)} s`,
      )
      for (let i = 0; i < 20; i++) await bench.semantic.nearest(mainId, QUESTIONS[i % QUESTIONS.length]!, 20)
      bench.timings.length = 0
      let empty = 0
      for (let i = 0; i < runs; i++) {
        const ids = await bench.semantic.nearest(mainId, `${QUESTIONS[i % QUESTIONS.length]!} ${i}`, 20)
        if (!ids || ids.length < 20) empty += 1
      }
      const search = percentiles(bench.timings.map((t) => t.searchMs))
      const embed = percentiles(bench.timings.map((t) => t.embedMs))
      console.log(
        [
          '',
          `semantic recall on PGlite, ${size} memories of one user + ${others.users * others.each} of others, ${dimensions} dimensions, HNSW cosine, k = 20, ${search.runs} questions (load ${loadavg()[0]!.toFixed(1)})`,
          `  nearest-neighbour query (besides the embedding call): p50 ${ms(search.p50)}, p95 ${ms(search.p95)}   budget p95 ≤ 60 ms for hybrid recall besides the call: ${search.p95 <= 60 ? 'pass' : 'FAIL'}`,
          `  embedding call (fake service at ${latencyMs} ms):      p50 ${ms(embed.p50)}, p95 ${ms(embed.p95)}`,
          `  searches with fewer than 20 of the user's memories: ${empty}`,
        ].join('\n'),
      )
      await bench.close()
    } finally {
      await database.close()
    }
  } finally {
    await store.drop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
