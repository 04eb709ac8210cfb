import { randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../db/client.ts'
import { createSessions, createSessionsRepo, SESSION_CACHE_MS } from '../modules/auth/index.ts'
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../test/build-test-app.ts'

/**
 * Every statement the app sends to the database, whichever engine: drizzle calls query() on the
 * PGlite instance or on the node-postgres pool (transactions: transaction() / connect()).
 */
function countQueries(db: Db) {
  const client = (db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client
  const statements: string[] = []
  // node-postgres' pool.query() calls pool.connect() itself (synchronously): count that once.
  let inside = false
  const spies = ['query', 'exec', 'transaction', 'connect']
    .filter((name) => typeof client[name] === 'function')
    .map((name) => {
      const original = client[name]!
      return vi.spyOn(client, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        const first = args[0] as string | { text?: string } | undefined
        if (!inside) statements.push(`${name}: ${typeof first === 'string' ? first : (first?.text ?? '')}`)
        const outer = inside
        inside = true
        try {
          return original.apply(this, args)
        } finally {
          inside = outer
        }
      })
    })
  return { statements, restore: () => spies.forEach((spy) => spy.mockRestore()) }
}

let t: TestApp
const GLOBAL_LIMIT = 40
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { global: GLOBAL_LIMIT, signIn: 1_000_000 } })
})
afterAll(() => t.close())
afterEach(() => vi.restoreAllMocks())

let address = 0
/** Each test its own client address: the global limit counts per address. */
const nextAddress = () => `10.9.0.${++address}`

const madeUpCookie = () => `${randomBytes(32).toString('base64url')}.${randomBytes(16).toString('base64url')}`

describe('rate limits come before any database work', () => {
  it('a flood of made-up session cookies and bearer JWTs costs no query at all', async () => {
    const remoteAddress = nextAddress()
    const forgedJwt = await new SignJWT({ sid: 'x'.repeat(64) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(crypto.randomUUID())
      .setIssuer('remi')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'))
    const garbage = [
      () => ({ cookie: `remi_session=${madeUpCookie()}` }),
      () => ({ cookie: `remi_session=${randomBytes(32).toString('base64url')}` }), // the old format
      () => ({ cookie: `remi_session=${'%'.repeat(200)}` }),
      () => ({ authorization: `Bearer ${forgedJwt}` }),
      () => ({ authorization: 'Bearer a.b.c' }),
    ]
    const probe = countQueries(t.db)
    const statuses = new Map<number, number>()
    for (let i = 0; i < 150; i++) {
      const res = await t.app.inject({
        url: '/api/memories',
        remoteAddress,
        headers: garbage[i % garbage.length]!(),
      })
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
    }
    probe.restore()
    expect(Object.fromEntries(statuses)).toEqual({ 401: GLOBAL_LIMIT, 429: 150 - GLOBAL_LIMIT })
    expect(probe.statements).toEqual([])
  })

  it('past the limit, a real session is refused with 429 before it is looked up', async () => {
    const user = await t.createUser()
    const remoteAddress = nextAddress()
    for (let i = 0; i < GLOBAL_LIMIT; i++) {
      const res = await t.app.inject({ url: '/api/auth/user', remoteAddress, headers: user.headers })
      expect(res.statusCode).toBe(200)
    }
    // Sessions never resolved yet (nothing cached): looking any of them up would be a query.
    const fresh = await Promise.all(
      Array.from({ length: 30 }, () => t.services.sessions.create(user.id, 'test')),
    )
    const probe = countQueries(t.db)
    const refused = await Promise.all(
      fresh.map((session) =>
        t.app.inject({
          url: '/api/memories',
          remoteAddress,
          headers: { cookie: `remi_session=${session.cookieValue}` },
        }),
      ),
    )
    probe.restore()
    expect(refused.map((r) => r.statusCode)).toEqual(Array(30).fill(429))
    expect(probe.statements).toEqual([])
  })

  it('made-up personal access tokens cost at most one query each, and only up to the limit', async () => {
    const remoteAddress = nextAddress()
    const probe = countQueries(t.db)
    const answers = []
    for (let i = 0; i < 100; i++) {
      const token = `remi_pat_${randomBytes(32).toString('base64url')}`
      answers.push(
        (
          await t.app.inject({
            url: '/api/memories',
            remoteAddress,
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      )
    }
    probe.restore()
    expect(answers.filter((s) => s === 401)).toHaveLength(GLOBAL_LIMIT)
    expect(answers.filter((s) => s === 429)).toHaveLength(100 - GLOBAL_LIMIT)
    expect(probe.statements.length).toBeLessThanOrEqual(GLOBAL_LIMIT)
  })
})

describe('session lookups are cached briefly', () => {
  it("a signed-in person's requests look the session up once, not on every request", async () => {
    const user = await t.createUser()
    const remoteAddress = nextAddress()
    const probe = countQueries(t.db)
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ url: '/api/auth/user/settings', remoteAddress, headers: user.headers })
      expect(res.statusCode).toBe(200)
    }
    probe.restore()
    const sessionQueries = probe.statements.filter((s) => /from "sessions"/i.test(s))
    // createUser's own CSRF-token request already resolved (and cached) the session.
    expect(sessionQueries.length).toBeLessThanOrEqual(1)
    // ...while the route itself still reads the settings every time.
    expect(probe.statements.filter((s) => /from "users"/i.test(s))).toHaveLength(10)
  })

  it('logout takes effect at once in this process', async () => {
    const user = await t.createUser()
    const remoteAddress = nextAddress()
    expect(
      (await t.app.inject({ url: '/api/auth/user', remoteAddress, headers: user.headers })).statusCode,
    ).toBe(200)
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress,
      headers: user.headers,
    })
    expect(out.statusCode).toBe(204)
    expect(
      (await t.app.inject({ url: '/api/auth/user', remoteAddress, headers: user.headers })).statusCode,
    ).toBe(401)
  })

  it(`a session revoked elsewhere (another instance) is believed here for at most ${SESSION_CACHE_MS / 1000} s`, async () => {
    const user = await t.createUser()
    const repo = createSessionsRepo(t.db)
    // Another instance: its own cache over the same database.
    const here = createSessions(repo, TEST_SESSION_SECRET, false)
    const elsewhere = createSessions(repo, TEST_SESSION_SECRET, false)
    const request = (cookie: string) => ({ cookies: { remi_session: cookie }, headers: {} }) as never
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    try {
      expect((await here.resolve(request(user.sessionCookie)))?.userId).toBe(user.id)
      const session = await here.resolve(request(user.sessionCookie))
      await elsewhere.revoke(session!.sessionId)
      expect(await elsewhere.resolve(request(user.sessionCookie))).toBeNull()
      vi.setSystemTime(Date.now() + SESSION_CACHE_MS - 1000)
      expect((await here.resolve(request(user.sessionCookie)))?.userId).toBe(user.id)
      vi.setSystemTime(Date.now() + 1000)
      expect(await here.resolve(request(user.sessionCookie))).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('a cookie this server did not make is refused without a query, a real one works', async () => {
    const user = await t.createUser()
    const sessions = t.services.sessions
    const request = (cookie: string) => ({ cookies: { remi_session: cookie }, headers: {} }) as never
    const [random] = user.sessionCookie.split('.')
    const probe = countQueries(t.db)
    expect(await sessions.resolve(request(`${random}.${randomBytes(16).toString('base64url')}`))).toBeNull()
    expect(await sessions.resolve(request(random!))).toBeNull()
    expect(await sessions.resolve(request(`${user.sessionCookie}x`))).toBeNull()
    probe.restore()
    expect(probe.statements).toEqual([])
    expect((await sessions.resolve(request(user.sessionCookie)))?.userId).toBe(user.id)
  })
})

describe('writes check where they came from (a second line behind the CSRF token)', () => {
  const put = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/user/settings',
      remoteAddress: nextAddress(),
      headers,
      payload: { timezone: 'Europe/Paris' },
    })

  it('a cross-site Origin on a cookie-authenticated write is a 403 that says why, even with a valid token', async () => {
    const user = await t.createUser()
    for (const origin of ['https://evil.example', 'null', 'http://localhost:9999']) {
      const res = await put({ ...user.headers, origin })
      expect(res.statusCode, origin).toBe(403)
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' })
      expect(res.json().message).toMatch(
        /came from another site .*only accepts changes made on its own pages/,
      )
    }
    const bySite = await put({ ...user.headers, 'sec-fetch-site': 'cross-site' })
    expect(bySite.statusCode).toBe(403)
    const sibling = await put({ ...user.headers, 'sec-fetch-site': 'same-site' })
    expect(sibling.statusCode).toBe(403)
  })

  it('the same origin, or no Origin at all, is allowed', async () => {
    const user = await t.createUser()
    expect((await put({ ...user.headers, origin: t.env.appUrl })).statusCode).toBe(200)
    expect(
      (await put({ ...user.headers, origin: 'http://localhost:80', host: 'localhost:80' })).statusCode,
    ).toBe(200)
    expect(
      (await put({ ...user.headers, 'sec-fetch-site': 'same-origin', origin: t.env.appUrl })).statusCode,
    ).toBe(200)
    expect((await put({ ...user.headers, 'sec-fetch-site': 'none' })).statusCode).toBe(200)
    expect((await put(user.headers)).statusCode).toBe(200)
  })

  it('bearer-only requests are exempt: there is no cookie for another site to borrow', async () => {
    const user = await t.createUser()
    const created = await user.api.post<{ token: string }>('/api/auth/tokens', {
      name: 'bearer',
      scope: 'write',
    })
    const res = await put({ authorization: `Bearer ${created.body.token}`, origin: 'https://evil.example' })
    expect(res.statusCode).toBe(200)
  })
})

describe('the CSRF token is bound to the session', () => {
  const csrfFor = async (cookie: string) => {
    const res = await t.app.inject({
      url: '/api/auth/csrf-token',
      headers: { cookie },
      remoteAddress: nextAddress(),
    })
    return res.json<{ csrfToken: string }>().csrfToken
  }
  const putWith = (cookie: string, token: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/user/settings',
      remoteAddress: nextAddress(),
      headers: { cookie, 'x-csrf-token': token },
      payload: { timezone: 'Europe/Paris' },
    })

  it("a token minted for one session does not work with another session's cookie", async () => {
    const alice = await t.createUser()
    const bob = await t.createUser()
    // The same CSRF secret cookie on both sides (a planted cookie), so only the binding can tell them apart.
    const csrfCookie = alice.headers.cookie.split('; ').find((c) => c.startsWith('remi_csrf='))!
    const aliceToken = await csrfFor(`remi_session=${alice.sessionCookie}; ${csrfCookie}`)
    expect((await putWith(`remi_session=${alice.sessionCookie}; ${csrfCookie}`, aliceToken)).statusCode).toBe(
      200,
    )
    const res = await putWith(`remi_session=${bob.sessionCookie}; ${csrfCookie}`, aliceToken)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_CSRF_TOKEN')
  })

  it('a token minted before signing in does not work once signed in', async () => {
    const user = await t.createUser()
    const csrfCookie = user.headers.cookie.split('; ').find((c) => c.startsWith('remi_csrf='))!
    const anonymousToken = await csrfFor(csrfCookie)
    const res = await putWith(`remi_session=${user.sessionCookie}; ${csrfCookie}`, anonymousToken)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_CSRF_TOKEN')
  })
})
