/**
 * API latency over real HTTP (one connection, one request at a time) against the production server,
 * beside the same SQL run directly on the driver; throughput at 50 connections beside a bare Fastify
 * route answering the same JSON from memory.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { Client } from 'undici'
import { buildApp } from '../src/app.ts'
import { loadEnv } from '../src/config/env.ts'
import { openCapturing, type Statement } from './lib/capture.ts'
import { explainStatements } from './lib/explain.ts'
import { RARE_WORD, type BenchStore } from './lib/database.ts'
import { SESSION_SECRET, type RunningServer, type SignedIn } from './lib/server.ts'
import { measure, type Stats } from './lib/stats.ts'

export interface ApiCase {
  name: string
  /** Search cases share the search budget; the others are pages, filters, stats and a create. */
  kind: 'page' | 'search' | 'filter' | 'stats' | 'create'
  method: 'GET' | 'POST'
  path: string
  body?: (i: number) => unknown
}

const list = (query: Record<string, string | number>) =>
  `/api/memories?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`

export const API_CASES: ApiCase[] = [
  { name: 'page 1 of 12', kind: 'page', method: 'GET', path: list({ page: 1, pageSize: 12 }) },
  {
    name: 'page 100 of 12 (Load More ×99)',
    kind: 'page',
    method: 'GET',
    path: list({ page: 100, pageSize: 12 }),
  },
  {
    name: "search 'meeting' (common word)",
    kind: 'search',
    method: 'GET',
    path: list({ searchTerm: 'meeting' }),
  },
  {
    name: "search 'meetings' (stemmed)",
    kind: 'search',
    method: 'GET',
    path: list({ searchTerm: 'meetings' }),
  },
  {
    name: "search 'dent' (3-letter prefix)",
    kind: 'search',
    method: 'GET',
    path: list({ searchTerm: 'dent' }),
  },
  {
    name: "search 'garden plan' (two words)",
    kind: 'search',
    method: 'GET',
    path: list({ searchTerm: 'garden plan' }),
  },
  {
    name: `search '${RARE_WORD}' (rare word)`,
    kind: 'search',
    method: 'GET',
    path: list({ searchTerm: RARE_WORD }),
  },
  { name: "tags 'work,home'", kind: 'filter', method: 'GET', path: list({ tags: 'work,home' }) },
  {
    name: 'dates, one month',
    kind: 'filter',
    method: 'GET',
    path: list({ startDate: '2026-10-22', endDate: '2026-11-21' }),
  },
  { name: 'dashboard stats', kind: 'stats', method: 'GET', path: '/api/dashboard/stats' },
  {
    name: 'create a memory',
    kind: 'create',
    method: 'POST',
    path: '/api/memories',
    body: (i) => ({ text: `Bench memory ${i}: water the garden plan`, tags: ['work'], date: '2026-11-20' }),
  },
]

export interface FloorResult {
  sql: Stats
  statements: number
  /** What the request sent (begin/commit included), for the driver's throughput floor. */
  recorded: Statement[]
}

/**
 * The SQL each case sends, recorded from the real app (built in this process on the same data, Fastify
 * inject, the same session lookup), then run directly on the driver: the floor under the API's figure.
 */
export async function measureFloor(
  store: BenchStore,
  userId: string,
  cases: ApiCase[],
  runs: number,
  warmup: number,
  /** Receives EXPLAIN (ANALYZE, BUFFERS) of each case's statements when given. */
  explain?: (name: string, plan: string[]) => void,
): Promise<Map<string, FloorResult>> {
  const capturing = await openCapturing(
    store.databaseUrl ? { databaseUrl: store.databaseUrl } : { dataDir: store.dataDir },
  )
  const env = loadEnv({
    SESSION_SECRET,
    DATA_DIR: store.dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
  })
  const app = await buildApp({ env, database: capturing.database })
  try {
    await app.ready()
    const session = await app.services.sessions.create(userId, 'bench')
    let cookie = `remi_session=${session.cookieValue}`
    const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: { cookie } })
    const csrfCookie = csrf.cookies.find((c) => c.name === 'remi_csrf')
    cookie += `; remi_csrf=${csrfCookie?.value}`
    const csrfToken = (csrf.json() as { csrfToken: string }).csrfToken

    const out = new Map<string, FloorResult>()
    for (const c of cases) {
      let statements: Statement[] = []
      // Twice: the first request of a kind may warm caches the app keeps (none should change the SQL).
      for (let i = 0; i < 2; i++) {
        statements = await capturing.record(async () => {
          const res = await app.inject({
            method: c.method,
            url: c.path,
            headers: { cookie, ...(c.method === 'POST' ? { 'x-csrf-token': csrfToken } : {}) },
            ...(c.body ? { payload: c.body(i) as object } : {}),
          })
          if (res.statusCode >= 300)
            throw new Error(`${c.method} ${c.path} answered ${res.statusCode}: ${res.body}`)
        })
      }
      const sql = await measure(runs, warmup, () => capturing.replay(statements))
      if (explain) explain(c.name, await explainStatements(capturing.database, statements))
      out.set(c.name, {
        sql,
        statements: statements.filter((s) => !/^(begin|commit)$/i.test(s.sql)).length,
        recorded: statements,
      })
    }
    return out
  } finally {
    await app.close()
    await capturing.database.close()
  }
}

/**
 * One keep-alive connection, one request at a time, as the figures' "one connection" says. Before the
 * first case, `warmupSeconds` of the read cases in turn: the figures are a running server's, and a
 * server just started is still compiling its hot code (on PGlite also the database's WebAssembly, which
 * V8 tiers up as it runs: the page of 12 went from p95 8.7 ms over its first 200 requests to 2–4 ms
 * after about 1 000).
 */
export async function measureApi(
  server: RunningServer,
  user: SignedIn,
  cases: ApiCase[],
  runs: number,
  warmup: number,
  warmupSeconds = 0,
): Promise<Map<string, Stats>> {
  const client = new Client(server.baseUrl, { pipelining: 1 })
  const send = async (c: ApiCase, i: number) => {
    const res = await client.request({
      method: c.method,
      path: c.path,
      headers: {
        cookie: user.cookie,
        ...(c.method === 'POST'
          ? { 'x-csrf-token': user.csrfToken, 'content-type': 'application/json' }
          : {}),
      },
      ...(c.body ? { body: JSON.stringify(c.body(i)) } : {}),
    })
    const text = await res.body.text()
    if (res.statusCode >= 300) throw new Error(`${c.method} ${c.path} answered ${res.statusCode}: ${text}`)
  }
  try {
    const reads = cases.filter((c) => c.method === 'GET')
    const until = performance.now() + warmupSeconds * 1000
    for (let i = 0; performance.now() < until; i++) await send(reads[i % reads.length]!, i)
    const out = new Map<string, Stats>()
    for (const c of cases) out.set(c.name, await measure(runs, warmup, (i) => send(c, i)))
    return out
  } finally {
    await client.close()
  }
}

export interface ThroughputResult {
  name: string
  app: { rps: number; p97_5: number; errors: number; requests: number }
  bare: { rps: number; p97_5: number; errors: number; requests: number }
  /** The route's own statements through node-postgres at the same concurrency (PostgreSQL only). */
  driver: { rps: number; errors: number } | null
}

/** The server's pool (db/client.ts: openDatabase's default poolSize). */
const SERVER_POOL_SIZE = 10

/**
 * The floor under a route's throughput: the statements one request sends (recorded from the app by
 * measureFloor), run through node-postgres by `callers` callers at once over a pool the size of the
 * server's for `seconds`, each statement prepared once (named) as the app's list statement is.
 * Requests (all its statements) per second.
 */
export async function measureDriverThroughput(
  databaseUrl: string,
  statements: Statement[],
  seconds: number,
  callers = 50,
): Promise<{ rps: number; errors: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SERVER_POOL_SIZE })
  pool.on('error', () => {})
  const queries = statements
    .filter((s) => !/^(begin|commit)$/i.test(s.sql))
    .map((s, i) => ({ name: `floor_${i}_${s.sql.length}`, text: s.sql, values: s.params }))
  // JIT off on every connection, as the server sets it (db/client.ts onConnect).
  pool.on('connect', (client) => void client.query('set jit = off').catch(() => {}))
  try {
    let done = 0
    let errors = 0
    const run = async (until: number, count: boolean) => {
      while (performance.now() < until) {
        try {
          const client = await pool.connect()
          try {
            for (const q of queries) await client.query(q)
          } finally {
            client.release()
          }
          if (count) done++
        } catch {
          errors++
        }
      }
    }
    const warm = performance.now() + Math.min(1000, seconds * 1000)
    await Promise.all(Array.from({ length: callers }, () => run(warm, false)))
    const start = performance.now()
    await Promise.all(Array.from({ length: callers }, () => run(start + seconds * 1000, true)))
    return { rps: done / ((performance.now() - start) / 1000), errors }
  } finally {
    await pool.end()
  }
}

const BARE_SERVER = fileURLToPath(new URL('./lib/bare-server.ts', import.meta.url))

/**
 * 50 connections for `seconds` on each route, then on a bare Fastify route (another process, like the
 * server) answering the same JSON bytes from memory: the ceiling of this machine's HTTP stack.
 */
export async function measureThroughput(
  server: RunningServer,
  user: SignedIn,
  seconds: number,
  workDir: string,
  /** PostgreSQL: the database and each route's recorded statements, for the driver's floor. */
  driverFloor?: { databaseUrl: string; statements: (name: string) => Statement[] | undefined },
): Promise<ThroughputResult[]> {
  // `case`: the API case whose recorded statements are the route's driver floor.
  const routes = [
    { name: 'page 1 of 12', path: API_CASES[0]!.path, case: API_CASES[0]!.name },
    { name: "search 'meeting'", path: API_CASES[2]!.path, case: API_CASES[2]!.name },
    { name: 'dashboard stats', path: '/api/dashboard/stats', case: 'dashboard stats' },
  ]
  // The same bytes the app answers, served by the bare route.
  const bodies: Record<string, string> = {}
  for (const [i, r] of routes.entries()) {
    const res = await fetch(`${server.baseUrl}${r.path}`, { headers: { cookie: user.cookie } })
    bodies[`/r${i}`] = await res.text()
  }
  const bodiesFile = join(workDir, 'bare-bodies.json')
  writeFileSync(bodiesFile, JSON.stringify(bodies))
  const bare = spawn(process.execPath, [BARE_SERVER, bodiesFile], { stdio: ['ignore', 'pipe', 'inherit'] })
  const bareUrl = await new Promise<string>((resolve, reject) => {
    bare.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()))
    bare.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)))
  })
  try {
    const out: ThroughputResult[] = []
    for (const [i, r] of routes.entries()) {
      const app = await cannon(`${server.baseUrl}${r.path}`, { cookie: user.cookie }, seconds)
      const ceiling = await cannon(`${bareUrl}/r${i}`, { cookie: user.cookie }, seconds)
      const statements = driverFloor?.statements(r.case)
      const driver =
        driverFloor && statements
          ? await measureDriverThroughput(driverFloor.databaseUrl, statements, seconds)
          : null
      out.push({ name: r.name, app, bare: ceiling, driver })
    }
    return out
  } finally {
    bare.kill('SIGTERM')
  }
}

async function cannon(url: string, headers: Record<string, string>, seconds: number) {
  // A short warm-up (JIT, connection set-up), then the measured run.
  await autocannon({ url, headers, connections: 50, duration: Math.min(1, seconds) })
  const r = await autocannon({ url, headers, connections: 50, duration: seconds })
  return {
    rps: r.requests.average,
    p97_5: r.latency.p97_5,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  }
}
