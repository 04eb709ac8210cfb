/**
 * Local sign-in behind the README's reverse proxy (issue 28, item 1), against the production server on
 * each engine: APP_URL=https://remi.example.test, TRUST_PROXY=loopback, HOST=127.0.0.1, LOCAL_SIGNIN=on,
 * sign-ups closed. Requests arrive as the proxy sends them (from loopback, X-Forwarded-For naming a
 * client on the internet). The first account is made at first start; then a known e-mail without its
 * password (none, a wrong one, another case, the sign-up form, a typed name) never gets a session nor
 * renames the account, a new e-mail cannot sign up, repeated wrong passwords get a readable 429 per
 * account (from many addresses) and per address (over many e-mails), and the log says who failed from
 * where without ever holding a password. Figures: a right password's round trip (scrypt included).
 * Also (items 7-9): the sign-in JWT opens nothing but GET /api/auth/user, /api/mcp with only a cookie is
 * a 401, and "sign out everywhere else" ends the other sessions at once.
 */
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { Browser } from '../../src/test/http-client.ts'
import { localSignInForm } from '../../src/test/sign-in.ts'
import { defineScenario, type Context, type Engine, type Row } from '../lib/scenario.ts'
import { errorLines, startServer } from '../lib/server.ts'
import { ms, percentile } from '../lib/stats.ts'
import { createStore } from '../lib/stores.ts'

const PUBLIC_URL = 'https://remi.example.test'
const OWNER = { name: 'Owner', email: 'owner@example.test', password: 'owner-password-lighthouse' }
/** The server's limits (local-accounts.ts FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS). */
const PER_ACCOUNT = 5
const PER_ADDRESS = 20

export default defineScenario({
  name: 'security-sign-in',
  async run(context) {
    const rows: Row[] = []
    for (const engine of context.engines) rows.push(await runOn(context, engine))
    return rows
  },
})

/** A browser behind the proxy: its requests reach the app from loopback, forwarded for `address`. */
class ProxiedBrowser extends Browser {
  private readonly address: string
  constructor(baseUrl: string, address: string) {
    super((url) => url.replace(PUBLIC_URL, baseUrl))
    this.address = address
  }
  override request(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    headers.set('x-forwarded-for', this.address)
    headers.set('x-forwarded-proto', 'https')
    headers.set('x-forwarded-host', new URL(PUBLIC_URL).host)
    return super.request(url, { ...init, headers })
  }
}

interface Attempt {
  status: number
  text: string
  signedIn: boolean
  ms: number
  /** Where the round trip ended: /login?token=<the sign-in JWT> after a sign-in. */
  landing: string
}

/** The whole local sign-in as `address`: the form, then its post; the time is the post's round trip. */
async function attempt(
  baseUrl: string,
  address: string,
  person: { email: string; password?: string; name?: string },
  intent: 'signin' | 'signup' = 'signin',
): Promise<Attempt & { browser: ProxiedBrowser }> {
  const browser = new ProxiedBrowser(baseUrl, address)
  const start = await browser.follow(`${PUBLIC_URL}/api/auth/login/google`)
  await start.res.arrayBuffer()
  if (start.res.status !== 200) throw new Error(`the sign-in page answered ${start.res.status}`)
  const started = performance.now()
  const done = await browser.follow(`${start.url}/login`, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: localSignInForm(person, intent),
    },
    stopAt: (location) => new URL(location).pathname === '/login',
  })
  const text = await done.res.text()
  return {
    browser,
    status: done.res.status,
    text,
    signedIn: browser.cookies.has('remi_session'),
    ms: performance.now() - started,
    landing: done.url,
  }
}

async function runOn(context: Context, engine: Engine): Promise<Row> {
  const store = await createStore(context, engine, 'security-sign-in')
  const logFile = join(context.workDir, `security-sign-in-${engine}.log`)
  const server = await startServer({
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    logFile,
    env: {
      APP_URL: PUBLIC_URL,
      TRUST_PROXY: 'loopback',
      HOST: '127.0.0.1',
      LOCAL_SIGNIN: 'on',
      LOCAL_SIGNUP: 'closed',
      // The sign-ins and refusals are logged at info and warn: read below.
      LOG_LEVEL: 'info',
    },
  })
  const problems: string[] = []
  let tried = 0
  let refused = 0
  const expectRefused = (what: string, result: Attempt, statuses: number[]) => {
    tried += 1
    if (!result.signedIn && statuses.includes(result.status)) refused += 1
    else problems.push(`${what}: ${result.status}${result.signedIn ? ' and a session' : ''}`)
  }
  try {
    const base = server.baseUrl
    const first = await attempt(base, '203.0.113.1', OWNER, 'signup')
    if (!first.signedIn) problems.push(`the first account was not made (${first.status})`)

    // A known e-mail without its password.
    const known = [
      { email: OWNER.email, password: 'not-the-password' },
      { email: 'OWNER@Example.test', password: 'guessed-password-1', name: 'Mallory' },
    ]
    for (const [i, guess] of known.entries()) {
      expectRefused(`sign-in as ${guess.email}`, await attempt(base, `198.51.100.${i + 1}`, guess), [401])
      // Sign-ups are closed here: a sign-up is refused as closed (403) before any password is looked at,
      // the same answer a stranger gets, so it tells nothing of who has an account.
      expectRefused(
        `sign-up as ${guess.email}`,
        await attempt(base, `198.51.100.${i + 11}`, guess, 'signup'),
        [401, 403],
      )
    }
    expectRefused(
      'no password',
      await attempt(base, '198.51.100.30', { email: OWNER.email, password: '' }),
      [400],
    )
    const stranger = await attempt(
      base,
      '198.51.100.31',
      { email: 'stranger@example.test', password: 'stranger-password-9' },
      'signup',
    )
    expectRefused('a sign-up while closed', stranger, [403])
    if (!stranger.text.includes('Sign-ups are closed')) problems.push('the closed sign-up did not say so')

    // The owner still gets in, with any case, and no one's typed name renamed them.
    const owners: number[] = []
    const elsewhere: ProxiedBrowser[] = []
    for (let i = 0; i < 3; i++) {
      const own = await attempt(base, '203.0.113.1', {
        ...OWNER,
        email: i === 1 ? 'Owner@EXAMPLE.test' : OWNER.email,
      })
      if (!own.signedIn) problems.push(`the owner could not sign in (${own.status})`)
      owners.push(own.ms)
      elsewhere.push(own.browser)
      if (i === 2) {
        const me = await own.browser.request(`${PUBLIC_URL}/api/auth/user`)
        const name = me.status === 200 ? ((await me.json()) as { name: string }).name : null
        if (name !== 'Owner') problems.push(`the owner's name is now ${JSON.stringify(name)}`)
      }
    }

    const accountChecks = await accountRoutes(base, first, elsewhere)
    tried += accountChecks.tried
    refused += accountChecks.refused
    problems.push(...accountChecks.problems)

    // Per account: wrong passwords from as many addresses, then even the right one waits.
    const perAccount: number[] = []
    for (let i = 0; i <= PER_ACCOUNT; i++)
      perAccount.push(
        (await attempt(base, `192.0.2.${i + 1}`, { email: OWNER.email, password: `wrong-${i}-password` }))
          .status,
      )
    const locked = await attempt(base, '192.0.2.100', OWNER)
    if (perAccount.join() !== [...Array(PER_ACCOUNT).fill(401), 429].join())
      problems.push(`per account: ${perAccount.join(',')}`)
    expectRefused('the right password while the account is locked', locked, [429])
    if (!/Too many failed sign-ins for this account\. Try again in \d+ minutes?\./.test(locked.text))
      problems.push('the 429 page did not say when to try again')

    // Per address: one client guessing over many e-mails, posting the same sign-in form again and again
    // (a refused post leaves the sign-in open), as a script would.
    const sprayer = new ProxiedBrowser(base, '198.51.100.200')
    const form = await sprayer.follow(`${PUBLIC_URL}/api/auth/login/google`)
    await form.res.arrayBuffer()
    const perAddress: number[] = []
    for (let i = 0; i <= PER_ADDRESS; i++) {
      const res = await sprayer.request(`${form.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: localSignInForm({ email: `guess${i}@example.test`, password: 'spray-password-1' }, 'signin'),
      })
      await res.arrayBuffer()
      perAddress.push(res.status)
    }
    if (perAddress.at(-1) !== 429 || perAddress.slice(0, PER_ADDRESS).some((s) => s !== 401))
      problems.push(`per address: ${perAddress.join(',')}`)
    tried += 2
    refused += (perAccount.at(-1) === 429 ? 1 : 0) + (perAddress.at(-1) === 429 ? 1 : 0)

    const log = readFileSync(logFile, 'utf8')
    if (!log.includes(`LOCAL_SIGNIN=on: anyone who can reach ${PUBLIC_URL} can sign in`))
      problems.push('no start-up warning saying who can sign in')
    const refusedLine = (line: string) =>
      line.includes('"msg":"local sign-in refused"') &&
      line.includes('"email":"owner@example.test"') &&
      line.includes('"ip":"198.51.100.1"')
    if (!log.split('\n').some(refusedLine))
      problems.push('the refused sign-ins are not logged with their address')
    for (const secret of [OWNER.password, 'not-the-password', 'spray-password-1'])
      if (log.includes(secret)) problems.push('a password is in the log')
    const errors = errorLines(logFile)
    if (errors.length) problems.push(`${errors.length} error lines in the log: ${errors[0]!.slice(0, 200)}`)

    const detail =
      `known e-mail without its password refused ${refused}/${tried} (no session, name kept); ` +
      `per account ${perAccount.join(',')}; per address 20×401 then ${perAddress.at(-1)}; ` +
      `a right password's round trip median ${ms(percentile(owners, 50))} (scrypt N=2^15 included); ` +
      `sign-in JWT refused ${accountChecks.jwtRefused}/4 (token, export, delete, memory write), ` +
      `/api/mcp with a cookie only ${accountChecks.mcpStatus}, sign out everywhere else ${accountChecks.signedOut}` +
      (problems.length ? `; ${problems.join('; ')}` : '')
    context.log(`${engine}: ${detail}`)
    return {
      check: 'local sign-in behind the README proxy (LOCAL_SIGNIN=on)',
      engine,
      ok: problems.length === 0,
      detail,
      badInputs: { tried, refused },
    }
  } finally {
    await server.stop()
    await store.drop()
  }
}

/**
 * What the owner's first session may do (items 7–9 of the issue): the sign-in JWT from /login?token=
 * opens nothing but GET /api/auth/user, /api/mcp with only the cookie is a 401, and "sign out everywhere
 * else" ends the owner's other sessions at once.
 */
async function accountRoutes(
  base: string,
  first: Attempt & { browser: ProxiedBrowser },
  others: ProxiedBrowser[],
) {
  const problems: string[] = []
  let tried = 0
  let refused = 0
  const jwt = new URL(first.landing).searchParams.get('token')
  const bearer = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const identified = await bearer('GET', '/api/auth/user')
  await identified.arrayBuffer()
  if (identified.status !== 200) problems.push(`the JWT does not identify its session (${identified.status})`)
  let jwtRefused = 0
  const writes: Array<[string, string, unknown]> = [
    ['POST', '/api/auth/tokens', { name: 'stolen', scope: 'write' }],
    ['GET', '/api/auth/user/export', undefined],
    ['DELETE', '/api/auth/user', { email: OWNER.email }],
    ['POST', '/api/memories', { text: 'written with the JWT' }],
  ]
  for (const [method, path, body] of writes) {
    tried += 1
    const res = await bearer(method, path, body)
    await res.arrayBuffer()
    if (res.status === 403) {
      refused += 1
      jwtRefused += 1
    } else problems.push(`the JWT opened ${method} ${path} (${res.status})`)
  }

  const owner = first.browser
  const csrf = (await (await owner.request(`${PUBLIC_URL}/api/auth/csrf-token`)).json()) as {
    csrfToken: string
  }
  const mcp = await owner.request(`${PUBLIC_URL}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  })
  await mcp.arrayBuffer()
  tried += 1
  if (mcp.status === 401) refused += 1
  else problems.push(`/api/mcp with a cookie only answered ${mcp.status}`)

  const listed = await owner.request(`${PUBLIC_URL}/api/auth/sessions`)
  const sessions =
    listed.status === 200 ? ((await listed.json()) as Array<{ ip: string | null; current: boolean }>) : []
  if (sessions.length !== others.length + 1 || !sessions.every((s) => s.ip === '203.0.113.1'))
    problems.push(`the sessions list: ${listed.status} ${JSON.stringify(sessions).slice(0, 200)}`)
  const ended = await owner.request(`${PUBLIC_URL}/api/auth/sessions`, {
    method: 'DELETE',
    headers: { 'x-csrf-token': csrf.csrfToken, origin: PUBLIC_URL },
  })
  const { signedOut } =
    ended.status === 200 ? ((await ended.json()) as { signedOut: number }) : { signedOut: -1 }
  for (const other of others) {
    tried += 1
    const me = await other.request(`${PUBLIC_URL}/api/auth/user`)
    await me.arrayBuffer()
    if (me.status === 401) refused += 1
    else problems.push(`a session signed out elsewhere still answered ${me.status}`)
  }
  const still = await owner.request(`${PUBLIC_URL}/api/auth/user`)
  await still.arrayBuffer()
  if (still.status !== 200) problems.push('signing out elsewhere signed this session out too')
  return { problems, tried, refused, jwtRefused, mcpStatus: mcp.status, signedOut }
}
