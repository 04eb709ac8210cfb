import type { SessionInfo } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../test/api.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { Browser } from '../../test/http-client.ts'
import { localSignIn, startListeningApp } from '../../test/sign-in.ts'
import { describeDevice } from './device.ts'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** Another session of the same user, as if signed in from another device. */
async function anotherSession(user: TestUser, userAgent: string, ip: string) {
  const session = await t.services.sessions.create(user.id, userAgent, ip)
  return { ...session, cookie: `remi_session=${session.cookieValue}` }
}
const whoIs = (cookie: string) => apiClient(t.app, { cookie }).get('/api/auth/user')

describe('the session JWT (kept in localStorage) only identifies its session', () => {
  it('answers GET /api/auth/user and nothing that writes, mints, exports, imports or deletes', async () => {
    const user = await t.createUser()
    await user.api.post('/api/memories', { text: 'Mine' })
    const bearer = apiClient(t.app, { authorization: `Bearer ${user.jwt}` })
    expect((await bearer.get('/api/auth/user')).body).toMatchObject({ id: user.id })
    const refused = [
      await bearer.post('/api/auth/tokens', { name: 'stolen', scope: 'write' }),
      await bearer.get('/api/auth/user/export'),
      await bearer.post('/api/auth/user/import', { version: 1 }),
      await bearer.delete('/api/auth/user'),
      await bearer.post('/api/memories', { text: 'Written with the JWT' }),
      await bearer.get('/api/memories'),
      await bearer.get('/api/auth/sessions'),
    ]
    for (const res of refused) {
      expect(res.status).toBe(403)
      expect((res.body as { message: string }).message).toMatch(/only identifies its session/)
    }
    // Nothing happened: the account, its one memory and no token are still as they were.
    const list = await user.api.get<{ items: unknown[] }>('/api/memories')
    expect(list.body.items).toHaveLength(1)
    expect((await user.api.get<unknown[]>('/api/auth/tokens')).body).toEqual([])
  })
})

describe('personal access tokens on account routes say what tokens cannot do', () => {
  it('export, import, delete, sessions and password each get a message about tokens', async () => {
    const user = await t.createUser()
    const { body } = await user.api.post<{ token: string }>('/api/auth/tokens', {
      name: 'pat',
      scope: 'write',
    })
    const pat = apiClient(t.app, { authorization: `Bearer ${body.token}` })
    const cases: Array<[Promise<{ status: number; body: unknown }>, string]> = [
      [pat.get('/api/auth/user/export'), 'Access tokens cannot export the account. Sign in to do that.'],
      [
        pat.post('/api/auth/user/import', {}),
        'Access tokens cannot import into the account. Sign in to do that.',
      ],
      [pat.delete('/api/auth/user'), 'Access tokens cannot delete the account. Sign in to do that.'],
      [
        pat.get('/api/auth/sessions'),
        'Access tokens cannot list or end sign-in sessions. Sign in to do that.',
      ],
      [
        pat.post('/api/auth/tokens', { name: 'x', scope: 'read' }),
        'Access tokens cannot create, list or revoke access tokens. Sign in to do that.',
      ],
    ]
    for (const [pending, message] of cases) {
      const res = await pending
      expect(res.status).toBe(403)
      expect((res.body as { message: string }).message).toBe(message)
    }
  })

  it('/api/mcp with only a session cookie is a 401 asking for a token, not the CSRF 400', async () => {
    const user = await t.createUser()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { cookie: user.headers.cookie, 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json<{ message: string }>().message).toMatch(/personal access token/)
  })
})

describe('sessions: list, sign out one, sign out everywhere else', () => {
  it('lists the person’s sessions with device, address and which is this one', async () => {
    const user = await t.createUser()
    await anotherSession(user, FIREFOX, '198.51.100.4')
    await anotherSession(user, IPHONE, '2001:db8::7')
    const stranger = await t.createUser()
    await anotherSession(stranger, FIREFOX, '192.0.2.1')
    const res = await user.api.get<SessionInfo[]>('/api/auth/sessions')
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toHaveLength(3)
    const byDevice = Object.fromEntries(res.body.map((s) => [s.device, s]))
    expect(byDevice['Firefox on Linux']).toMatchObject({ ip: '198.51.100.4', current: false })
    expect(byDevice['Safari on iOS']).toMatchObject({ ip: '2001:db8::7', current: false })
    expect(res.body.filter((s) => s.current)).toHaveLength(1)
    expect(res.body.find((s) => s.current)?.userAgent).toBe('vitest')
    for (const s of res.body) expect(new Date(s.lastSeenAt).getTime()).toBeGreaterThan(0)
  })

  it('signs out one session at once in this instance; another person’s id is a 404', async () => {
    const user = await t.createUser()
    const phone = await anotherSession(user, IPHONE, '198.51.100.9')
    // Seen once, so this instance has it cached for 30 s.
    expect((await whoIs(phone.cookie)).status).toBe(200)
    const stranger = await t.createUser()
    const theirs = await anotherSession(stranger, FIREFOX, '192.0.2.2')
    expect((await user.api.delete(`/api/auth/sessions/${theirs.id}`)).status).toBe(404)
    expect((await whoIs(theirs.cookie)).status).toBe(200)
    expect((await user.api.delete(`/api/auth/sessions/${'0'.repeat(64)}`)).status).toBe(404)
    expect((await user.api.delete('/api/auth/sessions/not-an-id')).status).toBe(400)

    expect((await user.api.delete(`/api/auth/sessions/${phone.id}`)).status).toBe(204)
    expect((await whoIs(phone.cookie)).status).toBe(401)
    expect((await user.api.get('/api/auth/user')).status).toBe(200)
  })

  it('signs out everywhere else, keeping this session', async () => {
    const user = await t.createUser()
    const others = [
      await anotherSession(user, FIREFOX, '198.51.100.10'),
      await anotherSession(user, IPHONE, '198.51.100.11'),
    ]
    for (const o of others) expect((await whoIs(o.cookie)).status).toBe(200)
    const stranger = await t.createUser()
    const res = await user.api.delete<{ signedOut: number }>('/api/auth/sessions')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ signedOut: 2, accessTokensEnded: 0 })
    for (const o of others) expect((await whoIs(o.cookie)).status).toBe(401)
    expect((await user.api.get('/api/auth/user')).status).toBe(200)
    expect((await stranger.api.get('/api/auth/user')).status).toBe(200)
    expect((await user.api.get<SessionInfo[]>('/api/auth/sessions')).body).toHaveLength(1)
  })

  it('ends the access tokens too (one made with a stolen session), unless the person keeps them', async () => {
    const user = await t.createUser()
    await anotherSession(user, FIREFOX, '203.0.113.66')
    const minted = await t.services.accessTokens.create(user.id, {
      name: 'Minted by a thief',
      scope: 'write',
    })
    const bearer = () =>
      t.app.inject({ url: '/api/memories', headers: { authorization: `Bearer ${minted.token}` } })
    expect((await bearer()).statusCode).toBe(200)

    const kept = await user.api.delete<{ signedOut: number }>('/api/auth/sessions?keepAccessTokens=true')
    expect(kept.body).toEqual({ signedOut: 1, accessTokensEnded: 0 })
    expect((await bearer()).statusCode).toBe(200)

    await anotherSession(user, IPHONE, '203.0.113.67')
    const ended = await user.api.delete<{ signedOut: number }>('/api/auth/sessions')
    expect(ended.body).toEqual({ signedOut: 1, accessTokensEnded: 1 })
    expect((await bearer()).statusCode).toBe(401)
    expect(await t.services.accessTokens.list(user.id)).toEqual([])

    const wrong = await user.api.delete<{ message: string }>('/api/auth/sessions?keepAccessTokens=yes')
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toMatch(/true or false for keeping your access tokens/)
  })

  it('needs the CSRF token to sign out elsewhere', async () => {
    const user = await t.createUser()
    const res = await apiClient(t.app, { cookie: user.headers.cookie }).delete('/api/auth/sessions')
    expect(res.status).toBe(400)
  })
})

describe('device names', () => {
  it.each([
    [FIREFOX, 'Firefox on Linux'],
    [IPHONE, 'Safari on iOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    ['curl/8.5.0', 'curl'],
    [null, 'Unknown device'],
  ])('%s → %s', (ua, device) => {
    expect(describeDevice(ua)).toBe(device)
  })
})

describe('the local password in Settings', () => {
  let s: Awaited<ReturnType<typeof startListeningApp>>
  beforeAll(async () => {
    s = await startListeningApp()
  })
  afterAll(() => s.close())

  /** A browser signed in through the local provider, with a CSRF token for writes. */
  async function signedIn(email: string, password?: string) {
    const browser = new Browser()
    await localSignIn(browser, s.baseUrl, { email, ...(password ? { password } : {}) })
    const res = await browser.request(`${s.baseUrl}/api/auth/csrf-token`)
    const { csrfToken } = (await res.json()) as { csrfToken: string }
    const call = (method: string, path: string, body?: unknown) =>
      browser.request(`${s.baseUrl}${path}`, {
        method,
        headers: { 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    return { browser, call }
  }

  it('changes it with the current one, and signs out the other sessions', async () => {
    const email = 'changer@example.test'
    const laptop = await signedIn(email)
    const phone = await signedIn(email)
    const status = await laptop.call('GET', '/api/auth/local')
    expect(await status.json()).toEqual({ localSignIn: true, signup: 'open', hasPassword: true })

    const wrong = await laptop.call('PUT', '/api/auth/password', {
      currentPassword: 'not-the-password',
      newPassword: 'brand-new-password-kite',
    })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { message: string }).message).toBe('The current password is wrong.')
    const common = await laptop.call('PUT', '/api/auth/password', {
      currentPassword: 'test-password-horse-battery',
      newPassword: 'password1234',
    })
    expect(common.status).toBe(400)
    expect(((await common.json()) as { message: string }).message).toMatch(/too common/)

    const changed = await laptop.call('PUT', '/api/auth/password', {
      currentPassword: 'test-password-horse-battery',
      newPassword: 'brand-new-password-kite',
    })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toEqual({ signedOut: 1, accessTokensEnded: 0 })
    expect((await phone.call('GET', '/api/auth/user')).status).toBe(401)
    expect((await laptop.call('GET', '/api/auth/user')).status).toBe(200)
    // The old password no longer signs in; the new one does.
    const old = new Browser()
    await localSignIn(old, s.baseUrl, { email }, { intent: 'signin' })
    expect(old.cookies.has('remi_session')).toBe(false)
    expect((await signedIn(email, 'brand-new-password-kite')).browser.cookies.has('remi_session')).toBe(true)
  })

  it('ends the access tokens with the password unless "Keep my access tokens" is ticked', async () => {
    const email = 'token-keeper@example.test'
    const laptop = await signedIn(email)
    const mint = async () => {
      const res = await laptop.call('POST', '/api/auth/tokens', { name: 'Script', scope: 'write' })
      return ((await res.json()) as { token: string }).token
    }
    const works = async (token: string) =>
      (await fetch(`${s.baseUrl}/api/memories`, { headers: { authorization: `Bearer ${token}` } })).status
    const first = await mint()
    const kept = await laptop.call('PUT', '/api/auth/password', {
      currentPassword: 'test-password-horse-battery',
      newPassword: 'brand-new-password-kite',
      keepAccessTokens: true,
    })
    expect(await kept.json()).toEqual({ signedOut: 0, accessTokensEnded: 0 })
    expect(await works(first)).toBe(200)

    const second = await mint()
    const ended = await laptop.call('PUT', '/api/auth/password', {
      currentPassword: 'brand-new-password-kite',
      newPassword: 'another-password-lamp',
    })
    expect(await ended.json()).toEqual({ signedOut: 0, accessTokensEnded: 2 })
    expect(await works(first)).toBe(401)
    expect(await works(second)).toBe(401)
  })

  it('counts wrong current passwords per account and locks out as sign-in does', async () => {
    const email = 'guessed@example.test'
    const laptop = await signedIn(email)
    const attempt = (currentPassword: string) =>
      laptop.call('PUT', '/api/auth/password', { currentPassword, newPassword: 'brand-new-password-kite' })
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-number-${i}`)).status).toBe(400)
    // Locked for the rest of the window, even with the right password (and from another session).
    const locked = await attempt('test-password-horse-battery')
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await locked.json()) as { message: string }).message).toMatch(
      /^Too many wrong passwords for this account\. Try again in \d+ minutes?\.$/,
    )
    // The sign-in form shares the count: the account's own right password is refused there too.
    const phone = new Browser()
    await localSignIn(phone, s.baseUrl, { email }, { intent: 'signin' })
    expect(phone.cookies.has('remi_session')).toBe(false)
  })

  it('an account without a local password is told so', async () => {
    const user = await t.createUser()
    const res = await user.api.put<{ message: string }>('/api/auth/password', {
      currentPassword: 'whatever-it-was',
      newPassword: 'brand-new-password-kite',
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/no password/)
    expect((await user.api.get('/api/auth/local')).body).toMatchObject({ hasPassword: false })
  })
})

describe('OpenAPI', () => {
  it('documents the sessions, password, local account and invitation routes with their shapes', async () => {
    const res = await t.anonymous.get<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; parameters?: unknown[] }>>
    }>('/api/docs/json')
    const { paths } = res.body
    expect(Object.keys(paths['/api/auth/sessions']!).sort()).toEqual(['delete', 'get'])
    expect(Object.keys(paths['/api/auth/sessions/{id}']!)).toEqual(['delete'])
    expect(paths['/api/auth/sessions']!.get!.responses!['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'array' } } },
    })
    expect(paths['/api/auth/sessions/{id}']!.delete!.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id' }),
    ])
    expect(paths['/api/auth/password']!.put).toBeDefined()
    expect(paths['/api/auth/invitations']!.post!.responses!['201']).toBeDefined()
    expect(paths['/api/auth/local']!.get!.responses!['200']).toBeDefined()
  })
})
