/**
 * Recall latency at scale: one user's memories (the speed bench's generator, lib/database.ts) plus other
 * users', on PostgreSQL (a database of its own, dropped after) and PGlite (a data directory of its own,
 * in its worker thread as production runs it). Recall is called directly (recall-adapter.ts) for a mix of
 * questions; chat/send is timed in-process with the fake model answering at once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  createPgliteStore,
  createPostgresStore,
  RARE_WORD,
  seedStore,
  type BenchStore,
} from '../lib/database.ts'
import { measure, ms, type Stats } from '../lib/stats.ts'
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
const root = fileURLToPath(new URL('../../../../', import.meta.url))

export async function measureLatency(options: {
  sizes: number[]
  engines: string[]
  others: { users: number; each: number }
  runs: number
  warmup: number
  sendRuns: number
  pgBaseUrl: string
  judge: boolean
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
        const harness = await startRecallHarness(database)
        try {
          const now = new Date()
          const n = LATENCY_QUESTIONS.length
          const lexical = await measure(options.runs, options.warmup, async (i) => {
            await recallDirect(harness.services, {
              userId: mainId,
              text: LATENCY_QUESTIONS[i % n]!,
              now,
              limit: 8,
            })
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
          })
          options.log(`latency · ${engine} · recall, lexical: p50 ${ms(lexical.p50)}, p95 ${ms(lexical.p95)}`)
          figures.push(hybridRow(engine, size))
          const headers = await harness.signIn(mainId)
          const send = await measure(options.sendRuns, Math.min(options.warmup, 10), async (i) => {
            await harness.send(headers, LATENCY_QUESTIONS[i % n]!, now)
          })
          figures.push({
            figure: 'chat/send server time (fake model)',
            engine,
            memories: size,
            p50: ms(send.p50),
            p95: ms(send.p95),
            load: load(),
            budget: engine === 'postgres' ? 'p95 ≤ 20 ms at 100 000' : '(budgeted on PostgreSQL)',
            result: engine === 'postgres' ? judged(send, 20, size) : 'not judged',
            stats: send,
          })
          options.log(`latency · ${engine} · chat/send: p50 ${ms(send.p50)}, p95 ${ms(send.p95)}`)
        } finally {
          await harness.close()
          await database.close()
        }
      } finally {
        await store?.drop()
        rmSync(workDir, { recursive: true, force: true })
      }
    }
  }
  return figures
}

/**
 * Hybrid recall (lexical + vector, fused) needs the embeddings module; until it exists the row says so.
 * When it does, this is where a fake embedding service of fixed latency is started and the recall
 * timed with its own time reported apart.
 */
function hybridRow(engine: string, size: number): LatencyFigure {
  const candidates = ['apps/server/src/modules/embeddings', 'apps/server/src/modules/recall/embeddings.ts']
  const present = candidates.find((p) => existsSync(join(root, p)))
  return {
    figure: 'recall, hybrid (besides the embedding call)',
    engine,
    memories: size,
    p50: '—',
    p95: '—',
    load: load(),
    budget: 'p95 ≤ 60 ms',
    result: 'skipped',
    note: present
      ? `${present} exists but the benchmark does not drive it yet`
      : 'skipped: no embeddings module yet (src/modules/embeddings)',
  }
}
