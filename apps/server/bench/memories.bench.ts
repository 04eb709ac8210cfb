/**
 * Memories at scale: 100 000 memories for one user, on PGlite and on PostgreSQL.
 * For a search and for a page of 12 it reports p50/p95 through the real app (Fastify inject:
 * routing, auth, validation, service, serialisation) and of the same SQL run directly on the
 * driver, so the API's overhead shows as a ratio; then EXPLAIN (ANALYZE) of each statement on
 * PostgreSQL, checking the memories indexes are used.
 *
 *   npm exec -c 'node apps/server/bench/memories.bench.ts'
 *   BENCH_DATABASE_URL=postgres://…/db  (default postgres://postgres@127.0.0.1:5432/test; its own database is created and dropped)
 *   BENCH_ENGINES=pglite,postgres  BENCH_ROWS=100000  BENCH_RUNS=60
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadEnv } from '../src/config/env.ts'
import { migrateDatabase, openDatabase, type Database } from '../src/db/client.ts'
import { createUsersRepo } from '../src/modules/auth/users.repo.ts'
import {
  createMemoriesRepo,
  SEARCH_PLANNER_SETTING,
  type MemoryQuery,
} from '../src/modules/memories/memories.repo.ts'
import { createSessionsRepo } from '../src/modules/auth/sessions.repo.ts'
import { createSessions } from '../src/modules/auth/sessions.service.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
const WARMUP = 5
const PAGE_SIZE = 12
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',')
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Rotated through the runs: a common word, a stemmed form, prefixes as typed, two words, a rarer word. */
const SEARCH_TERMS = ['meeting', 'meetings', 'dent', 'garden plan', 'passport', 'de']
/** Pages of 12 rotated through the runs: the first page and a few "Load More" pages deeper. */
const PAGES = [1, 2, 3, 5, 10, 20]

const WORDS = `meeting dentist appointment garden plan project review call mother father sister brother friend
birthday party dinner lunch breakfast coffee recipe travel flight hotel passport visa doctor pharmacy medicine
gym running yoga swim bike walk park beach mountain hike camping book movie series podcast music concert guitar
piano lesson school homework exam teacher class course budget invoice salary tax bank loan rent mortgage
insurance car repair mechanic tyre oil fuel train bus ticket office desk laptop phone password backup server
deploy release bug feature design sprint standup retro manager team client contract deadline presentation
slides report email letter parcel delivery shopping groceries milk bread eggs cheese fruit vegetables chicken
fish pasta rice soup salad cake cookies chocolate wine beer tea water plant flowers tomato basil roses lawn fence
paint kitchen bathroom bedroom window door roof heating plumber electrician cleaner laundry ironing vacuum
vacation holiday weekend morning evening night tomorrow yesterday today monday tuesday wednesday thursday friday
saturday sunday january february march april may june july august september october november december idea note
remember important urgent later maybe question answer thought dream goal habit journal gratitude mood sleep`
  .split(/\s+/)
  .filter(Boolean)
const TAGS = [
  'work',
  'home',
  'health',
  'family',
  'finance',
  'travel',
  'ideas',
  'shopping',
  'fitness',
  'learning',
  'Garden',
  'Car',
]

interface Stats {
  p50: number
  p95: number
}

function percentiles(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!
  return { p50: at(0.5), p95: at(0.95) }
}

async function measure(runs: number, fn: (i: number) => Promise<void>): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await fn(i)
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn(i)
    samples.push(performance.now() - start)
  }
  return percentiles(samples)
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`

async function seed(database: Database, userId: string) {
  const { db } = database
  await db.execute(sql`select setseed(0.42)`)
  const words = sql`array[${sql.join(
    WORDS.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`
  const tags = sql`array[${sql.join(
    TAGS.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`
  const batch = 10_000
  for (let from = 1; from <= ROWS; from += batch) {
    const to = Math.min(ROWS, from + batch - 1)
    // References to g (and s.i) make the subqueries run per row, not once for the whole insert.
    await db.execute(sql`
      insert into memories (user_id, text, tags, date, sort_date, created_at, updated_at)
      select ${userId}::uuid,
        (select string_agg(v.w[1 + floor(random() * ${WORDS.length})::int], ' ' order by s.i)
           from generate_series(1, 6 + (g % 19)) as s(i)),
        array(select distinct v.t[1 + floor(random() * ${TAGS.length})::int]
           from generate_series(1, g % 4) where g > 0),
        d, coalesce(d, (c at time zone 'Europe/Lisbon')::date), c, c
      from generate_series(${from}::int, ${to}::int) as g,
        (select ${words} as w, ${tags} as t) as v,
        lateral (select now() - random() * interval '3650 days' as c where g > 0) as ts,
        lateral (select case when g % 8 = 0 then null else date '2026-11-21' - floor(random() * 3650)::int end as d
          where g > 0) as ds`)
  }
  await db.execute(sql`analyze memories`)
}

interface EngineResult {
  engine: string
  seedSeconds: number
  search: { api: Stats; sql: Stats }
  page: { api: Stats; sql: Stats }
  plans?: string[]
}

async function runEngine(engine: string): Promise<EngineResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'remi-bench-'))
  let dropDatabase: (() => Promise<void>) | undefined
  let database: Database
  if (engine === 'postgres') {
    const name = `remi_bench_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: BASE_URL })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(BASE_URL)
    url.pathname = `/${name}`
    database = await openDatabase({ databaseUrl: url.href, poolSize: 4 })
    dropDatabase = async () => {
      if (process.env.BENCH_KEEP) return console.log(`kept database ${name}`)
      const dropper = new pg.Client({ connectionString: BASE_URL })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    }
  } else {
    database = await openDatabase({ dataDir: join(dataDir, 'db') })
  }

  try {
    await migrateDatabase(database)
    const env = loadEnv({
      SESSION_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    })
    const user = await createUsersRepo(database.db).createUserWithIdentity(
      { email: 'bench@example.test', name: 'Bench', picture: null, timezone: 'Europe/Lisbon' },
      { provider: 'local', subject: 'bench', email: 'bench@example.test' },
    )
    const session = await createSessions(createSessionsRepo(database.db), env.sessionSecret, false).create(
      user.id,
      'bench',
    )
    const headers = { cookie: `remi_session=${session.cookieValue}` }

    const seedStart = performance.now()
    await seed(database, user.id)
    const seedSeconds = (performance.now() - seedStart) / 1000

    const app = await buildApp({ env, database, rateLimits: { global: 1e9, signIn: 1e9 } })
    await app.ready()
    const repo = createMemoriesRepo(database.db)

    // The SQL the repo sends for a list: the page, then the total (a search wraps them in a
    // transaction with its planner setting).
    const statements = (q: MemoryQuery, page: number) => {
      const { page: rows, total } = repo.listQueries(user.id, q, page, PAGE_SIZE)
      return [rows.toSQL(), total.toSQL()]
    }
    const pool = database.pglite ? undefined : (database.db as unknown as { $client: pg.Pool }).$client
    const runStatements = async (list: { sql: string; params: unknown[] }[], search = false) => {
      const all = search
        ? [
            { sql: 'begin', params: [] },
            { sql: SEARCH_PLANNER_SETTING, params: [] },
            ...list,
            { sql: 'commit', params: [] },
          ]
        : list
      if (database.pglite) {
        for (const s of all) await database.pglite.query(s.sql, s.params)
        return
      }
      const client = await pool!.connect()
      try {
        for (const s of all) await client.query(s.sql, s.params)
      } finally {
        client.release()
      }
    }

    const api = async (query: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/api/memories', query, headers })
      if (res.statusCode !== 200) throw new Error(`GET /api/memories answered ${res.statusCode}: ${res.body}`)
    }

    const searchSql = SEARCH_TERMS.map((term) => statements({ searchTerm: term }, 1))
    const pageSql = PAGES.map((page) => statements({}, page))

    const result: EngineResult = {
      engine,
      seedSeconds,
      search: {
        api: await measure(RUNS, (i) => api({ searchTerm: SEARCH_TERMS[i % SEARCH_TERMS.length]! })),
        sql: await measure(RUNS, (i) => runStatements(searchSql[i % searchSql.length]!, true)),
      },
      page: {
        api: await measure(RUNS, (i) =>
          api({ page: String(PAGES[i % PAGES.length]), pageSize: String(PAGE_SIZE) }),
        ),
        sql: await measure(RUNS, (i) => runStatements(pageSql[i % pageSql.length]!)),
      },
    }

    if (engine === 'postgres') result.plans = await explainAll(statements, database)
    await app.close()
    return result
  } finally {
    await database.close()
    await dropDatabase?.()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** EXPLAIN (ANALYZE) of each statement; flags a sequential scan of memories. */
async function explainAll(
  statements: (q: MemoryQuery, page: number) => { sql: string; params: unknown[] }[],
  database: Database,
): Promise<string[]> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client
  const cases: [string, MemoryQuery, number][] = [
    ['page 1', {}, 1],
    ['page 20', {}, 20],
    ["search 'meeting'", { searchTerm: 'meeting' }, 1],
    ["search 'dent' (prefix)", { searchTerm: 'dent' }, 1],
    ["search 'garden plan'", { searchTerm: 'garden plan' }, 1],
    ["search 'de' (2 letters)", { searchTerm: 'de' }, 1],
    ["tags 'work,home'", { tags: ['work', 'home'] }, 1],
    ['dates, one week', { startDate: '2026-11-15', endDate: '2026-11-21' }, 1],
  ]
  const out: string[] = []
  for (const [label, q, page] of cases) {
    const [rows, total] = statements(q, page)
    for (const [kind, s] of [
      ['rows', rows!],
      ['count', total!],
    ] as const) {
      const client = await pool.connect()
      let plan: string[]
      try {
        await client.query('begin')
        if (q.searchTerm) await client.query(SEARCH_PLANNER_SETTING)
        const res = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers, costs off) ${s.sql}`,
          s.params,
        )
        plan = res.rows.map((r) => r['QUERY PLAN'])
        await client.query('commit')
      } finally {
        client.release()
      }
      const indexes = [...new Set(plan.join('\n').match(/memories_\w+_idx/g) ?? [])]
      // Counting every memory of a user who owns the whole table is a sequential scan by nature.
      const seq =
        plan.some((l) => /Seq Scan on memories/.test(l)) && !(label.startsWith('page') && kind === 'count')
      const time = plan.find((l) => l.startsWith('Execution Time'))
      out.push(
        `${seq ? 'SEQ SCAN' : 'ok      '} ${label} [${kind}]: ${time} — indexes: ${indexes.join(', ') || 'none'}`,
      )
      if (process.env.BENCH_PLANS) out.push(...plan.map((l) => `      ${l}`))
    }
  }
  return out
}

console.log(
  `memories benchmark: ${ROWS} memories for one user, ${RUNS} timed runs each (+${WARMUP} warm-up), sequential`,
)
console.log(
  `search terms: ${SEARCH_TERMS.map((t) => `'${t}'`).join(', ')}; pages of ${PAGE_SIZE}: ${PAGES.join(', ')}`,
)
const started = performance.now()
for (const engine of ENGINES) {
  const r = await runEngine(engine)
  console.log(`\n${r.engine}: seeded in ${r.seedSeconds.toFixed(1)} s`)
  for (const [name, m] of [
    ['search', r.search],
    ['page of 12', r.page],
  ] as const) {
    console.log(
      `  ${name.padEnd(11)} API p50 ${ms(m.api.p50).padStart(9)}  p95 ${ms(m.api.p95).padStart(9)} | SQL p50 ${ms(m.sql.p50).padStart(9)}  p95 ${ms(m.sql.p95).padStart(9)} | API/SQL p50 ${(m.api.p50 / m.sql.p50).toFixed(2)}x`,
    )
  }
  if (r.plans) {
    console.log('  EXPLAIN (ANALYZE) on PostgreSQL:')
    for (const line of r.plans) console.log(`    ${line}`)
    if (r.plans.some((l) => l.startsWith('SEQ SCAN'))) process.exitCode = 1
  }
}
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`)
