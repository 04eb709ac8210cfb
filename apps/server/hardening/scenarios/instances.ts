/**
 * Two instances (issue 13, Deliver 4): two production servers on different ports sharing one PostgreSQL
 * database, one Redis database and one SESSION_SECRET, as behind a load balancer.
 *   - Started at the same moment on a fresh database, both become ready, every migration is applied once,
 *     the schema is complete and neither logs an error (and again when both restart on it).
 *   - A session made on A reads and writes on B; a logout on A is refused by A at once and by B within its
 *     30 s session cache (README, "Running on PostgreSQL").
 *   - Simultaneous briefing requests (GET and regenerate) for several people on A and B at once reach the
 *     model once per person per burst, A and B answer the same briefing, and another person's page is not
 *     held back meanwhile (more people than a server's 10 database connections are generating at once).
 *   - Rate limits are shared through Redis: the global ceiling per address and chat's 20 sends a minute per
 *     person, requests alternating between A and B.
 * PostgreSQL only: an embedded PGlite cannot be shared by two processes.
 *
 *   HARDENING_REDIS_URL (redis://127.0.0.1:6379/7: a database of its own, emptied at the start and end)
 *   HARDENING_INSTANCES_USERS (people in the briefing bursts; 12: more than a server's 10 database connections)
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { Redis } from 'ioredis'
import pg from 'pg'
import { CHAT_LIMITS } from '@remi/shared'
import * as schema from '../../src/db/schema.ts'
import { startOpenAIFake, type OpenAIFake } from '../../src/test/fakes/openai.ts'
import { signIn, type Answer, type User } from '../lib/client.ts'
import { defineScenario, type Context, type Row } from '../lib/scenario.ts'
import { errorLines, logSize, startServer, type RunningServer, type ServerOptions } from '../lib/server.ts'
import { sample } from '../lib/sampler.ts'
import { ms, numberFrom, percentile, sleep } from '../lib/stats.ts'
import { createStore, type Store } from '../lib/stores.ts'

const migrationsDir = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url))
/** The global ceiling on the rate-limit pair: low, so it is reached in a few requests. */
const GLOBAL_LIMIT = 40
/**
 * How long the model takes to answer, so the requests of one burst overlap; long enough that a page held
 * back behind it stands apart from a slow answer on a loaded machine (1.3 s seen at load 7 on two cores).
 */
const MODEL_DELAY_MS = 6000
/** Another person's page during a burst: one held back behind the model waits most of MODEL_DELAY_MS. */
const BYSTANDER_MAX_MS = MODEL_DELAY_MS / 2
/** README: another instance may accept a signed-out session for at most this long. */
const SESSION_CACHE_S = 30

export default defineScenario({
  name: 'instances',
  async run(context) {
    if (!context.engines.includes('postgres')) {
      context.log('not run: two instances share a PostgreSQL database (HARDENING_ENGINES has no postgres)')
      return []
    }
    return runOnPostgres(context)
  },
})

interface Pair {
  a: RunningServer
  b: RunningServer
  logs: [string, string]
}

/** Both instances spawned at the same moment; each with a data directory of its own (nothing shared on disk). */
async function startPair(context: Context, store: Store, tag: string, env: Record<string, string>) {
  const logs: [string, string] = [
    join(context.workDir, `instances-a.log`),
    join(context.workDir, `instances-b.log`),
  ]
  const from = logs.map(logSize)
  const options = (name: 'a' | 'b', log: string): ServerOptions => ({
    dataDir: join(store.dataDir, `${tag}-${name}`),
    databaseUrl: store.databaseUrl,
    logFile: log,
    env,
  })
  const [a, b] = await Promise.all([startServer(options('a', logs[0])), startServer(options('b', logs[1]))])
  return { pair: { a, b, logs } as Pair, from }
}

/** Error-level lines each instance logged since `from` (byte offsets), as problems. */
function logProblems(pair: Pair, from: number[]): string[] {
  return pair.logs.flatMap((log, i) => {
    const lines = errorLines(log, from[i])
    return lines.length ? [`${'AB'[i]} logged ${lines.length} error lines: ${lines[0]!.slice(0, 200)}`] : []
  })
}

/** Every migration recorded once, and every table, column, index, function and extension they make present. */
async function schemaProblems(databaseUrl: string): Promise<{ problems: string[]; migrations: number }> {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const problems: string[] = []
    const applied = await client.query<{ hash: string; created_at: string }>(
      'select hash, created_at::text from drizzle.__drizzle_migrations',
    )
    for (const entry of journal.entries) {
      const n = applied.rows.filter((r) => r.created_at === String(entry.when)).length
      if (n !== 1) problems.push(`migration ${entry.tag} recorded ${n} times`)
    }
    if (applied.rows.length !== journal.entries.length)
      problems.push(`${applied.rows.length} migration rows for ${journal.entries.length} migrations`)
    if (new Set(applied.rows.map((r) => r.hash)).size !== applied.rows.length)
      problems.push('a migration hash is recorded twice')

    const columns = await client.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = 'public'",
    )
    const have = new Set(columns.rows.map((r) => `${r.table_name}.${r.column_name}`))
    const indexes = new Set(
      (
        await client.query<{ indexname: string }>(
          "select indexname from pg_indexes where schemaname = 'public'",
        )
      ).rows.map((r) => r.indexname),
    )
    for (const table of Object.values(schema).filter((v) => is(v, PgTable))) {
      const config = getTableConfig(table)
      for (const column of config.columns)
        if (!have.has(`${config.name}.${column.name}`))
          problems.push(`column ${config.name}.${column.name} missing`)
      for (const index of config.indexes)
        if (index.config.name && !indexes.has(index.config.name))
          problems.push(`index ${index.config.name} missing`)
    }
    const functions = new Set(
      (
        await client.query<{ proname: string }>(
          "select proname from pg_proc where pronamespace = 'public'::regnamespace",
        )
      ).rows.map((r) => r.proname),
    )
    const declared = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) => [
        ...readFileSync(join(migrationsDir, f), 'utf8').matchAll(/FUNCTION\s+(remi_\w+)\s*\(/gi),
      ])
      .map((m) => m[1]!)
    for (const name of new Set(declared)) if (!functions.has(name)) problems.push(`function ${name} missing`)
    const extensions = await client.query("select 1 from pg_extension where extname = 'pg_trgm'")
    if (extensions.rowCount !== 1) problems.push('extension pg_trgm missing')
    return { problems, migrations: applied.rows.length }
  } finally {
    await client.end()
  }
}

async function startupRow(
  context: Context,
  store: Store,
  check: string,
  tag: string,
  env: Record<string, string>,
) {
  const { pair, from } = await startPair(context, store, tag, env)
  const { problems, migrations } = await schemaProblems(store.databaseUrl!)
  problems.push(...logProblems(pair, from))
  const row: Row = {
    check,
    engine: 'postgres',
    ok: problems.length === 0,
    detail:
      `both ready (A in ${ms(pair.a.readyMs)}, B in ${ms(pair.b.readyMs)}); ${migrations} migrations recorded once ` +
      `each; tables, columns, indexes, functions and pg_trgm present; no error in either log` +
      (problems.length ? `; ${problems.join('; ')}` : ''),
  }
  return { pair, row }
}

const bodyOf = <T>(answer: Answer) => (answer.body ?? {}) as Partial<T>

async function runOnPostgres(context: Context): Promise<Row[]> {
  const redisUrl = process.env.HARDENING_REDIS_URL ?? 'redis://127.0.0.1:6379/7'
  const people = numberFrom('HARDENING_INSTANCES_USERS', 12)
  const redis = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: true })
  try {
    await redis.connect()
    await redis.flushdb()
  } catch (error) {
    redis.disconnect()
    return [
      {
        check: 'Redis reachable',
        engine: 'postgres',
        ok: false,
        detail: `${redisUrl}: ${(error as Error).message}`,
      },
    ]
  }
  const store = await createStore(context, 'postgres', 'instances')
  const ai = await startOpenAIFake()
  const rows: Row[] = []
  let pair: Pair | undefined
  try {
    // 1. Simultaneous start-ups on a fresh database. Rate limits off here (every request comes from
    // 127.0.0.1); the model is the fake.
    const first = await startupRow(context, store, 'simultaneous start-ups on a fresh database', 'first', {
      ...ai.env,
      ALLOW_PRIVATE_NETWORK_URLS: 'true',
      REDIS_URL: redisUrl,
    })
    pair = first.pair
    rows.push(first.row)
    const { a, b } = pair

    // 2. A session made on A, used on B; then a logout on A.
    const sessionFrom = pair.logs.map(logSize)
    const onA = await signIn(a.baseUrl, 'shared@example.test')
    const onB = onA.at(b.baseUrl)
    const problems: string[] = []
    const meOnB = await onB.request('GET', '/api/auth/user')
    if (meOnB.status !== 200 || bodyOf<{ email: string }>(meOnB).email !== onA.email)
      problems.push(`B answered ${meOnB.status} to GET /api/auth/user with A's session`)
    const createdOnA = await onA.request('POST', '/api/memories', {
      text: 'made on instance A',
      tags: ['instances'],
    })
    const createdOnB = await onB.request('POST', '/api/memories', {
      text: 'made on instance B',
      tags: ['instances'],
    })
    for (const [name, answer] of [
      ['A', createdOnA],
      ['B', createdOnB],
    ] as const)
      if (answer.status !== 201) problems.push(`a memory created on ${name} answered ${answer.status}`)
    const ids = [createdOnA, createdOnB].map((answer) => bodyOf<{ id: string }>(answer).id)
    for (const [name, user] of [
      ['A', onA],
      ['B', onB],
    ] as const) {
      const list = await user.request('GET', '/api/memories?tags=instances')
      const listed = new Set(bodyOf<{ items: Array<{ id: string }> }>(list).items?.map((m) => m.id))
      if (list.status !== 200 || !ids.every((id) => id && listed.has(id)))
        problems.push(`${name} lists ${listed.size} of the 2 memories made on A and B (${list.status})`)
    }
    const logout = await onA.request('POST', '/api/auth/logout')
    const loggedOutAt = performance.now()
    if (logout.status !== 204) problems.push(`logout on A answered ${logout.status}`)
    const aAfter = await onA.request('GET', '/api/auth/user')
    if (aAfter.status !== 401) problems.push(`A answered ${aAfter.status} to the signed-out session at once`)
    const bRightAfter = await onB.request('GET', '/api/auth/user')
    // B's cache of that session runs out while the briefing bursts run: polled meanwhile, every 500 ms.
    const bRefusal = (async () => {
      const deadline = loggedOutAt + (SESSION_CACHE_S + 5) * 1000
      for (let n = 0; n < 200 && performance.now() < deadline; n++) {
        const answer = await onB.request('GET', '/api/auth/user', undefined, 5000)
        if (answer.status === 401) return (performance.now() - loggedOutAt) / 1000
        if (answer.status !== 200)
          problems.push(`B answered ${answer.status} while its cache held the session`)
        await sleep(500)
      }
      return NaN
    })()

    // 4. Simultaneous briefing requests on A and B.
    const briefingFrom = pair.logs.map(logSize)
    const users = await Promise.all(
      Array.from({ length: people }, (_, i) =>
        signIn(i % 2 ? b.baseUrl : a.baseUrl, `brief${i + 1}@example.test`),
      ),
    )
    const bystander = await signIn(a.baseUrl, 'bystander@example.test')
    const burstGet = await briefingBurst(ai, users, bystander, a, b, 'GET', '/api/dashboard/briefing')
    const burstRegenerate = await briefingBurst(
      ai,
      users,
      bystander,
      a,
      b,
      'POST',
      '/api/dashboard/briefing/regenerate',
    )
    for (const user of users) {
      const before = burstGet.answers.get(user.email)?.generatedAt
      const after = burstRegenerate.answers.get(user.email)?.generatedAt
      if (before && after && before === after)
        burstRegenerate.problems.push(`${user.email}'s regenerate answered the old briefing`)
    }
    const briefingLog = logProblems(pair, briefingFrom)
    const briefingRows: Row[] = []
    for (const [label, burst] of [
      [`GET briefing`, burstGet],
      [`POST briefing/regenerate`, burstRegenerate],
    ] as const) {
      const all = [...burst.problems, ...briefingLog]
      briefingRows.push({
        check: `simultaneous ${label} on A and B`,
        engine: 'postgres',
        ok: all.length === 0,
        detail:
          `${people} people × ${burst.perUser} requests at once (half on each instance), model answering in ` +
          `${ms(MODEL_DELAY_MS)}: ${burst.generations} model calls, ${burst.identical} of ${people} people got ` +
          `one briefing (same content and generatedAt) from A and B; burst took ${ms(burst.ms)}; another ` +
          `person's memories page meanwhile (${burst.bystander.length} on A and B): max ` +
          `${ms(Math.max(...burst.bystander))}, p50 ${ms(percentile(burst.bystander, 50))}` +
          (all.length ? `; ${all.join('; ')}` : ''),
      })
    }

    // 2, concluded: B refuses the signed-out session once its cache entry runs out.
    const refusedAfterS = await bRefusal
    if (!Number.isFinite(refusedAfterS))
      problems.push(`B still accepted the signed-out session ${SESSION_CACHE_S + 5} s after the logout`)
    else if (refusedAfterS > SESSION_CACHE_S + 1)
      problems.push(`B refused the signed-out session only after ${refusedAfterS.toFixed(1)} s`)
    problems.push(...logProblems(pair, sessionFrom))
    rows.push({
      check: 'a session made on A used on B, signed out on A',
      engine: 'postgres',
      ok: problems.length === 0,
      detail:
        `signed in on A; B read the user, a memory made on each is listed on both (CSRF token and cookie from A, ` +
        `B's Origin); after the logout on A, A answered ${aAfter.status} at once, B ${bRightAfter.status} right after ` +
        `and 401 after ${Number.isFinite(refusedAfterS) ? `${refusedAfterS.toFixed(1)} s` : 'never'} ` +
        `(its cache: at most ${SESSION_CACHE_S} s)` +
        (problems.length ? `; ${problems.join('; ')}` : ''),
    })

    rows.push(...briefingRows)

    // 3. Shared rate limits, on the same database restarted with a low ceiling. TRUST_PROXY lets the
    // global check count under an address of its own, apart from the chat check's 127.0.0.1.
    await Promise.all([a.stop(), b.stop()])
    pair = undefined
    const second = await startupRow(
      context,
      store,
      'simultaneous restart on the migrated database',
      'second',
      {
        REDIS_URL: redisUrl,
        RATE_LIMIT_PER_MINUTE: String(GLOBAL_LIMIT),
        TRUST_PROXY: 'loopback',
      },
    )
    pair = second.pair
    rows.push(second.row)
    const limitsFrom = pair.logs.map(logSize)
    rows.push(await globalLimitRow(pair))
    rows.push(await chatLimitRow(pair, users[0]!))
    const limitLog = logProblems(pair, limitsFrom)
    if (limitLog.length)
      rows.push({
        check: 'rate limits: clean logs',
        engine: 'postgres',
        ok: false,
        detail: limitLog.join('; '),
      })
    return rows
  } finally {
    if (pair) await Promise.all([pair.a.stop(), pair.b.stop()])
    await ai.close()
    await store.drop()
    await redis.flushdb().catch(() => {})
    redis.disconnect()
  }
}

interface Burst {
  problems: string[]
  generations: number
  identical: number
  perUser: number
  ms: number
  /** Another person's memories page during the burst, every 100 ms. */
  bystander: number[]
  answers: Map<string, { content: string; generatedAt: string }>
}

/**
 * Every person asks twice on A and twice on B at the same moment. The fake model answers each call with
 * a text of its own after MODEL_DELAY_MS, so a second generation would show as a second call and a
 * different content. Meanwhile a bystander's memories page, on A and B in turn, must not wait for the model.
 */
async function briefingBurst(
  ai: OpenAIFake,
  users: User[],
  bystander: User,
  a: RunningServer,
  b: RunningServer,
  method: 'GET' | 'POST',
  path: string,
): Promise<Burst> {
  ai.reset()
  // Twice what one generation per person needs: an extra generation gets a real answer and is counted.
  for (let k = 0; k < users.length * 2; k++)
    ai.enqueue({
      kind: 'text',
      text: `Good morning. Briefing number ${k} (${method}).`,
      delayMs: MODEL_DELAY_MS,
    })
  const perUser = 4
  let turn = 0
  const sampling = sample(
    () => bystander.at([a, b][turn++ % 2]!.baseUrl).request('GET', '/api/memories'),
    100,
  )
  const started = performance.now()
  const answers = await Promise.all(
    users.map((user) =>
      Promise.all(
        [a, b, a, b].map((server) => user.at(server.baseUrl).request(method, path, undefined, 60_000)),
      ),
    ),
  )
  const took = performance.now() - started
  const { times: bystanderMs, statuses } = await sampling.stop()
  const problems: string[] = []
  const held = bystanderMs.filter((t) => t > BYSTANDER_MAX_MS)
  if (held.length)
    problems.push(
      `${held.length} of another person's pages took over ${ms(BYSTANDER_MAX_MS)} (held back behind the model)`,
    )
  if ([...statuses.keys()].some((status) => status !== 200))
    problems.push(`another person's page answered ${[...statuses].map(([st, n]) => `${n}×${st}`).join(' ')}`)
  const result = new Map<string, { content: string; generatedAt: string }>()
  let identical = 0
  for (const [i, user] of users.entries()) {
    const name = user.email.split('@')[0]!
    const calls = ai.requests.filter((r) =>
      ai.systemPrompt(r).includes(`Write ${name}'s daily briefing`),
    ).length
    if (calls !== 1) problems.push(`${name}: ${calls} model calls`)
    const mine = answers[i]!
    const bad = mine.filter((answer) => answer.status !== 200)
    if (bad.length) problems.push(`${name}: ${bad.map((x) => x.status).join(', ')} from ${method} ${path}`)
    const bodies = mine.map((answer) =>
      bodyOf<{ content: string; generatedAt: string; source: string }>(answer),
    )
    const same = bodies.every(
      (body) => body.content === bodies[0]!.content && body.generatedAt === bodies[0]!.generatedAt,
    )
    if (same && bodies[0]!.content) {
      identical += 1
      result.set(user.email, { content: bodies[0]!.content, generatedAt: bodies[0]!.generatedAt! })
    } else
      problems.push(`${name}: A and B answered ${new Set(bodies.map((x) => x.generatedAt)).size} briefings`)
    if (bodies.some((body) => body.source !== 'ai'))
      problems.push(`${name}: a briefing not written by the model`)
  }
  return {
    problems,
    generations: ai.requests.length,
    identical,
    perUser,
    ms: took,
    bystander: bystanderMs,
    answers: result,
  }
}

/**
 * Requests alternating between A and B (`ask(baseUrl, n)` gives one's status) until three more 429s
 * after the first, at most `max`: a limit shared through Redis lets exactly `limit` through, then both
 * refuse. What did not hold, and the counts for the row's detail.
 */
async function alternate(
  pair: Pair,
  limit: number,
  max: number,
  ask: (baseUrl: string, n: number) => Promise<number>,
) {
  const servers = [pair.a, pair.b]
  let allowed = 0
  let firstRefusal = -1
  const refusedAt = [0, 0]
  const other: string[] = []
  for (let n = 0; n < max && (firstRefusal < 0 || n < firstRefusal + 4); n++) {
    const at = n % 2
    const status = await ask(servers[at]!.baseUrl, n)
    if (firstRefusal < 0 && status === 200) allowed += 1
    else if (status === 429) {
      if (firstRefusal < 0) firstRefusal = n
      refusedAt[at]! += 1
    } else other.push(`${status} from ${'AB'[at]} at request ${n + 1}`)
  }
  const problems = [
    allowed !== limit ? `${allowed} answered before the first 429, not ${limit}` : '',
    refusedAt[0]! < 2 || refusedAt[1]! < 2
      ? `429s after the limit: A ${refusedAt[0]}, B ${refusedAt[1]}`
      : '',
    ...other,
  ].filter(Boolean)
  const counts = `${allowed} answered 200, then 429 from both (A ${refusedAt[0]}×, B ${refusedAt[1]}×)`
  return { problems, counts }
}

/** The global ceiling, one address, requests alternating between A and B. */
async function globalLimitRow(pair: Pair): Promise<Row> {
  const address = '198.51.100.23'
  const { problems, counts } = await alternate(pair, GLOBAL_LIMIT, GLOBAL_LIMIT * 3, async (baseUrl) => {
    try {
      const res = await fetch(`${baseUrl}/api/auth/csrf-token`, {
        headers: { 'x-forwarded-for': address },
        signal: AbortSignal.timeout(10_000),
      })
      await res.arrayBuffer()
      return res.status
    } catch {
      return 0 // no answer in time
    }
  })
  return {
    check: `the global ceiling (${GLOBAL_LIMIT} a minute) shared by A and B`,
    engine: 'postgres',
    ok: problems.length === 0,
    detail:
      `one address alternating A and B: ${counts}` + (problems.length ? `; ${problems.join('; ')}` : ''),
  }
}

/** Chat's sends a minute per person (keyed by user id in the shared store), alternating between A and B. */
async function chatLimitRow(pair: Pair, user: User): Promise<Row> {
  const limit = CHAT_LIMITS.sendsPerMinute
  const { problems, counts } = await alternate(pair, limit, limit * 2, async (baseUrl, n) => {
    const content = `what do I have about the garden? (${n})`
    return (await user.at(baseUrl).request('POST', '/api/chat/send', { content }, 30_000)).status
  })
  return {
    check: `chat's ${limit} sends a minute per person shared by A and B`,
    engine: 'postgres',
    ok: problems.length === 0,
    detail:
      `one person alternating A and B: ${counts}; the counter is keyed by user id in the shared Redis` +
      (problems.length ? `; ${problems.join('; ')}` : ''),
  }
}
