/**
 * Where a request's CPU goes: the production server under `--cpu-prof` while autocannon keeps 50
 * connections on one route, its samples of the measured seconds only (not start-up, not the warm-up)
 * grouped by the part of the request they were spent in. Prints a table of the shares.
 *
 *   npm exec -c 'node apps/server/bench/profile.ts'
 *   PROFILE_ENGINE=postgres|pglite  PROFILE_SIZE=100000  PROFILE_SECONDS=10  PROFILE_PATH=/api/memories?page=1&pageSize=12
 *   PROFILE_DATABASE_URL=<a database seeded by an earlier run, kept>  PROFILE_KEEP=1 (keep the seeded one)
 *   PROFILE_ENV='LOG_LEVEL=debug ...' (extra server environment)
 *   PROFILE_TOP=25 (the functions that took most)  PROFILE_CALLERS='building SQL (drizzle)' (who called a part)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import {
  createPgliteStore,
  createPostgresStore,
  MAIN_EMAIL,
  seedStore,
  type BenchStore,
} from './lib/database.ts'
import { logFileIn, signIn, startServer } from './lib/server.ts'

const engine = process.env.PROFILE_ENGINE ?? 'postgres'
const size = Number(process.env.PROFILE_SIZE ?? 100_000)
const seconds = Number(process.env.PROFILE_SECONDS ?? 10)
const path = process.env.PROFILE_PATH ?? '/api/memories?page=1&pageSize=12'
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber?: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/**
 * The parts, in order of precedence: a sample belongs to the first part any frame of its stack belongs
 * to (a file write under pino is logging; an HMAC under the sessions service is the session), except a
 * socket's write system call, which is its own whoever called it. What none claims is Node's own (the
 * socket's reads, the event loop).
 */
const PARTS: [string, (url: string, name: string) => boolean][] = [
  // The write system call of a response or a statement: under whatever hook sent it (cookie's onSend,
  // pg's flush), it is the kernel's time, not that hook's (22% of the PGlite page route's samples at 50
  // connections were filed under cookie parsing before this part).
  [
    'socket write system call',
    (u, n) =>
      u === 'node:internal/stream_base_commons' && /^(handleWriteReq|writeGeneric|writevGeneric)$/.test(n),
  ],
  ['logging (pino)', (u) => /\/(pino|sonic-boom|pino-std-serializers|fast-redact|@pinojs)\//.test(u)],
  ['request log line (app.ts)', (u, n) => u.endsWith('/src/app.ts') && /requestCompleted/.test(n)],
  ['session (cookie MAC, cache)', (u) => /modules\/auth\/sessions\./.test(u)],
  ['access tokens', (u) => /modules\/tokens\//.test(u)],
  ['auth hooks (plugins/auth.ts)', (u) => u.endsWith('/plugins/auth.ts')],
  [
    'CSRF, helmet, limits (security.ts)',
    (u) => /plugins\/security\.ts|\/helmet\/|@fastify\/(csrf-protection|rate-limit|csrf)\//.test(u),
  ],
  ['cookie parsing', (u) => /@fastify\/cookie\/|\/cookie\/|cookie-signature/.test(u)],
  ['validation, serialisation (zod)', (u) => /\/zod\/|fastify-type-provider-zod|fast-json-stringify/.test(u)],
  ['building SQL (drizzle)', (u) => /\/drizzle-orm\//.test(u)],
  [
    'database driver (pg)',
    (u) => /\/(pg|pg-protocol|pg-pool|pg-types|postgres-array|postgres-date|@electric-sql)\//.test(u),
  ],
  ['memories route/service/repo', (u) => /modules\/memories\//.test(u)],
  [
    'socket reads/writes (node:net, http)',
    (u) => /^node:(net|_http|internal\/(stream_base|streams|http))/.test(u),
  ],
  ['fastify core (routing, hooks)', (u) => /\/(fastify|find-my-way|avvio|@fastify\/[a-z-]+)\//.test(u)],
  ['node other (event loop, timers)', (u) => /^node:/.test(u)],
]

function summarise(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const partOf = new Map<number, string>()
  const classify = (id: number): string => {
    const known = partOf.get(id)
    if (known) return known
    const leaf = byId.get(id)!
    let part: string | undefined
    if (leaf.callFrame.functionName === '(garbage collector)') part = 'garbage collection'
    else if (leaf.callFrame.functionName === '(idle)') part = 'idle'
    else if (leaf.callFrame.functionName === '(program)') part = '(program: native, outside JS)'
    let best = PARTS.length
    for (let n: number | undefined = id; !part && n !== undefined; n = parent.get(n)) {
      const { url, functionName } = byId.get(n)!.callFrame
      if (!url) continue
      const i = PARTS.findIndex(([, test]) => test(url, functionName))
      if (i >= 0 && i < best) best = i
    }
    part ??= PARTS[best]?.[0]
    part ??= 'other'
    partOf.set(id, part)
    return part
  }
  const counts = new Map<string, number>()
  const leaves = new Map<string, number>()
  // PROFILE_CALLERS=<part>: which of the server's own functions the part's samples were called from.
  const callersOf = process.env.PROFILE_CALLERS
  const callers = new Map<string, number>()
  const callerOf = (id: number) => {
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const { url, functionName, lineNumber } = byId.get(n)!.callFrame
      if (url.includes('/apps/server/src/'))
        return `${functionName || '(anonymous)'} ${url.replace(/^.*\/apps\/server\/src\//, '')}:${(lineNumber ?? 0) + 1}`
    }
    // Else the first frames outside the library the sample was in.
    const chain: string[] = []
    const lib = (url: string) => url.replace(/^.*node_modules\//, '').split('/')[0]
    const own = lib(byId.get(id)!.callFrame.url)
    for (let n: number | undefined = id; n !== undefined && chain.length < 3; n = parent.get(n)) {
      const { url, functionName } = byId.get(n)!.callFrame
      if (lib(url) !== own)
        chain.push(`${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}`)
    }
    return chain.join(' < ')
  }
  let t = profile.startTime
  let total = 0
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!
    if (t < from || t > to) continue
    const part = classify(profile.samples[i]!)
    counts.set(part, (counts.get(part) ?? 0) + 1)
    const { functionName, url } = byId.get(profile.samples[i]!)!.callFrame
    const leaf = `${part} | ${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}`
    leaves.set(leaf, (leaves.get(leaf) ?? 0) + 1)
    if (callersOf && part === callersOf) {
      const caller = callerOf(profile.samples[i]!)
      callers.set(caller, (callers.get(caller) ?? 0) + 1)
    }
    total++
  }
  return { counts, total, leaves, callers }
}

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'remi-profile-'))
  const dataDir = join(workDir, 'data')
  const profileDir = join(workDir, 'profile')
  let store: BenchStore | undefined
  try {
    let databaseUrl = process.env.PROFILE_DATABASE_URL
    if (engine === 'pglite') {
      store = createPgliteStore(dataDir)
      console.log(`seeding ${size} memories (PGlite)`)
      await seedStore(store, size, { users: 200, each: 500 })
    } else if (!databaseUrl) {
      store = await createPostgresStore(baseUrl, dataDir)
      console.log(`seeding ${size} memories in ${store.databaseUrl}`)
      await seedStore(store, size, { users: 200, each: 500 })
      databaseUrl = store.databaseUrl
    }
    const extra = Object.fromEntries(
      (process.env.PROFILE_ENV ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    )
    const server = await startServer({
      dataDir,
      databaseUrl,
      logFile: logFileIn(workDir, 'server'),
      env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`, ...extra },
    })
    try {
      const user = await signIn(server.baseUrl, MAIN_EMAIL)
      const url = `${server.baseUrl}${path}`
      const headers = { cookie: user.cookie }
      await autocannon({ url, headers, connections: 50, duration: 2 })
      const from = Number(process.hrtime.bigint() / 1000n)
      const r = await autocannon({ url, headers, connections: 50, duration: seconds })
      const to = Number(process.hrtime.bigint() / 1000n)
      console.log(
        `${path}: ${r.requests.average.toFixed(0)} req/s, p97.5 ${r.latency.p97_5} ms, ${r.errors + r.non2xx} errors; load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      )
      await server.stop()
      // The main thread's profile is the one that covers the measured seconds (workers write their own).
      const profile = readdirSync(profileDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => JSON.parse(readFileSync(join(profileDir, f), 'utf8')) as Profile)
        .find((p) => p.startTime < from && p.startTime + p.timeDeltas.reduce((a, b) => a + b, 0) > to)
      if (!profile) throw new Error('the server wrote no profile of the measured seconds')
      const end = profile.startTime + profile.timeDeltas.reduce((a, b) => a + b, 0)
      if (process.env.PROFILE_DEBUG) console.log({ start: profile.startTime, end, from, to })
      const { counts, total, leaves, callers } = summarise(profile, from, to)
      const busy = total - (counts.get('idle') ?? 0)
      console.log(`\n${total} samples in the measured ${seconds} s, ${busy} busy; share of busy samples:`)
      for (const [part, n] of [...counts].sort((a, b) => b[1] - a[1])) {
        if (part === 'idle') continue
        console.log(`  ${part.padEnd(40)} ${((n / busy) * 100).toFixed(1).padStart(5)}%`)
      }
      console.log(
        `  ${'(idle, not counted above)'.padEnd(40)} ${(((counts.get('idle') ?? 0) / total) * 100).toFixed(1).padStart(5)}% of all`,
      )
      if (process.env.PROFILE_TOP) {
        console.log('\nthe sampled functions that took most:')
        for (const [leaf, n] of [...leaves]
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.PROFILE_TOP)))
          console.log(`  ${((n / busy) * 100).toFixed(1).padStart(5)}%  ${leaf}`)
      }
      if (callers.size) {
        console.log(`\nwhere the server's own code called '${process.env.PROFILE_CALLERS}':`)
        for (const [caller, n] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 15))
          console.log(`  ${((n / busy) * 100).toFixed(1).padStart(5)}%  ${caller}`)
      }
    } finally {
      await server.stop()
    }
  } finally {
    if (store && process.env.PROFILE_KEEP && store.engine === 'postgres')
      console.log(`kept ${store.databaseUrl}`)
    else await store?.drop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

await main()
