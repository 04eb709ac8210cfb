import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { ACCESS_TOKEN_PATTERN, type AccessToken, type CreatedAccessToken, type Memory } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessTokens, memoryProposals } from '../../db/schema.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { captureLogs } from '../../test/logs.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const inAWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString()

async function createToken(
  user: TestUser,
  body: { name?: string; scope?: 'read' | 'write'; expiresAt?: string | null } = {},
): Promise<CreatedAccessToken> {
  const res = await user.api.post<CreatedAccessToken>('/api/auth/tokens', {
    name: 'Laptop',
    scope: 'write',
    ...body,
  })
  expect(res.status, res.text).toBe(201)
  return res.body
}

/** A request carrying only the token: no cookie, no CSRF token. */
function bearer(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

describe('creating, listing and revoking tokens', () => {
  it('creates a token shown once with a recognisable prefix, and stores only its sha256', async () => {
    const user = await t.createUser()
    const expiresAt = inAWeek()
    const created = await createToken(user, { name: '  Claude Desktop ', scope: 'read', expiresAt })
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Claude Desktop',
      scope: 'read',
      token: expect.stringMatching(ACCESS_TOKEN_PATTERN),
      lastFour: created.token.slice(-4),
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: new Date(expiresAt).toISOString(),
    })
    expect(created.token).toMatch(/^remi_pat_[A-Za-z0-9_-]{43}$/)

    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, created.id))
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(created.token.slice('remi_pat_'.length))

    const list = await user.api.get<AccessToken[]>('/api/auth/tokens')
    expect(list.status).toBe(200)
    expect(list.headers['cache-control']).toBe('no-store')
    const { token, ...listed } = created
    expect(list.body).toEqual([listed])
    expect(list.text).not.toContain(token.slice(9))
  })

  it('two tokens never share a secret', async () => {
    const user = await t.createUser()
    const [a, b] = [await createToken(user), await createToken(user)]
    expect(a.token).not.toBe(b.token)
    expect(a.id).not.toBe(b.id)
  })

  it.each([
    [{ scope: 'write' }, /^Name is required\.$/],
    [{ name: '   ', scope: 'write' }, /^Name must not be blank\.$/],
    [{ name: 'x'.repeat(101), scope: 'write' }, /^Name must be at most 100 characters\.$/],
    [{ name: 'a\u0000b', scope: 'write' }, /^Name must not contain NUL/],
    [{ name: 'x', scope: 'admin' }, /^Scope must be 'read' or 'write'\.$/],
    [{ name: 'x', scope: 'read', expiresAt: 'tomorrow' }, /^The expiry date must be an ISO/],
    [
      { name: 'x', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' },
      /^The expiry date must be in the future\.$/,
    ],
    [
      { name: 'x', scope: 'read', expiresAt: '2101-01-01T00:00:00Z' },
      /^The expiry date must be before the year 2101\.$/,
    ],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const user = await t.createUser()
    const res = await user.api.post<{ message: string }>('/api/auth/tokens', body)
    expect(res.status, res.text).toBe(400)
    expect(res.body.message).toMatch(message)
    expect((await user.api.get<AccessToken[]>('/api/auth/tokens')).body).toEqual([])
  })

  it('a token without expiry never expires; null and omitted mean the same', async () => {
    const user = await t.createUser()
    expect((await createToken(user, { expiresAt: null })).expiresAt).toBeNull()
    expect((await createToken(user)).expiresAt).toBeNull()
  })

  it('revokes a token (204); another user cannot, and cannot see it (404)', async () => {
    const [owner, other] = [await t.createUser(), await t.createUser()]
    const created = await createToken(owner)
    const theirs = await other.api.delete<{ message: string }>(`/api/auth/tokens/${created.id}`)
    expect(theirs.status).toBe(404)
    expect(theirs.body.message).toBe('Access token not found.')
    expect((await other.api.get<AccessToken[]>('/api/auth/tokens')).body).toEqual([])
    expect((await bearer(created.token, 'GET', '/api/auth/user')).statusCode).toBe(200)

    expect((await owner.api.delete(`/api/auth/tokens/${created.id}`)).status).toBe(204)
    expect((await owner.api.delete(`/api/auth/tokens/${created.id}`)).status).toBe(404)
    expect((await owner.api.get<AccessToken[]>('/api/auth/tokens')).body).toEqual([])
    const revoked = await bearer(created.token, 'GET', '/api/auth/user')
    expect(revoked.statusCode).toBe(401)
    expect(revoked.json().code).toBe('UNAUTHORIZED')
  })

  it('a bad id is a 400, not a 500', async () => {
    const user = await t.createUser()
    const res = await user.api.delete<{ message: string }>('/api/auth/tokens/not-a-uuid')
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^The id must be a UUID\.$/)
  })

  it('allows 20 tokens per user; the 21st is refused with a clear message until one is revoked', async () => {
    const user = await t.createUser()
    const created = []
    for (let i = 1; i <= 20; i++) created.push(await createToken(user, { name: `Token ${i}` }))
    const refused = await user.api.post<{ message: string; code: string }>('/api/auth/tokens', {
      name: 'One too many',
      scope: 'read',
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: 'You already have 20 access tokens, the most allowed. Revoke one you no longer use first.',
    })
    expect((await user.api.get<AccessToken[]>('/api/auth/tokens')).body).toHaveLength(20)
    // Another user's count is their own.
    await createToken(await t.createUser())
    await user.api.delete(`/api/auth/tokens/${created[0]!.id}`)
    await createToken(user, { name: 'Now there is room' })
  })

  it('ten requests at once cannot overshoot the limit', async () => {
    const user = await t.createUser()
    for (let i = 0; i < 15; i++) await createToken(user)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        user.api.post('/api/auth/tokens', { name: `Race ${i}`, scope: 'read' }),
      ),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5)
    expect((await user.api.get<AccessToken[]>('/api/auth/tokens')).body).toHaveLength(20)
  })

  it('a token cannot create, list or revoke tokens: only the signed-in browser session can', async () => {
    const user = await t.createUser()
    const created = await createToken(user, { scope: 'write' })
    const message = 'Access tokens cannot create, list or revoke access tokens. Sign in to do that.'
    for (const [method, url, payload] of [
      ['GET', '/api/auth/tokens', undefined],
      ['POST', '/api/auth/tokens', { name: 'Minted by a token', scope: 'write' }],
      ['DELETE', `/api/auth/tokens/${created.id}`, undefined],
    ] as const) {
      const res = await bearer(created.token, method, url, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message })
    }
    expect((await user.api.get<AccessToken[]>('/api/auth/tokens')).body).toHaveLength(1)
  })

  it('deleting the user deletes their tokens', async () => {
    const user = await t.createUser()
    const created = await createToken(user)
    await t.db.execute(sql`delete from users where id = ${user.id}`)
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.id, created.id))).toEqual([])
  })
})

describe('Authorization: Bearer <token> on the REST API', () => {
  let owner: TestUser
  let write: CreatedAccessToken
  let read: CreatedAccessToken
  beforeAll(async () => {
    owner = await t.createUser()
    write = await createToken(owner, { name: 'Writer', scope: 'write' })
    read = await createToken(owner, { name: 'Reader', scope: 'read' })
  })

  it('a write token reads and writes as its user, with no cookie and no CSRF token', async () => {
    const created = await bearer(write.token, 'POST', '/api/memories', { text: 'Sent by a script' })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<Memory>().id
    const changed = await bearer(write.token, 'PUT', `/api/memories/${id}`, { text: 'Changed by a script' })
    expect(changed.statusCode, changed.body).toBe(200)
    const listed = await bearer(write.token, 'GET', '/api/memories')
    expect(listed.json().items.map((m: Memory) => m.text)).toContain('Changed by a script')
    // The browser session sees the same memory.
    expect((await owner.api.get<Memory>(`/api/memories/${id}`)).body.text).toBe('Changed by a script')
    expect((await bearer(write.token, 'DELETE', `/api/memories/${id}`)).statusCode).toBe(204)
    const user = await bearer(write.token, 'GET', '/api/auth/user')
    expect(user.json()).toMatchObject({ id: owner.id })
  })

  it("a read token reads but every write is a 403 'This access token can only read.'", async () => {
    expect((await bearer(read.token, 'GET', '/api/memories')).statusCode).toBe(200)
    expect((await bearer(read.token, 'GET', '/api/memories/tags')).statusCode).toBe(200)
    const before = (await owner.api.get<{ totalCount: number }>('/api/memories')).body.totalCount
    for (const [method, url, payload] of [
      ['POST', '/api/memories', { text: 'Not allowed' }],
      ['PUT', '/api/auth/user/settings', { timezone: 'Asia/Tokyo' }],
      ['DELETE', '/api/memories/00000000-0000-4000-8000-000000000000', undefined],
      ['POST', '/api/memories/import', { format: 'remi-memories', version: 1, memories: [] }],
    ] as const) {
      const res = await bearer(read.token, method, url, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'This access token can only read.',
        code: 'FORBIDDEN',
      })
    }
    expect((await owner.api.get<{ totalCount: number }>('/api/memories')).body.totalCount).toBe(before)
    expect((await owner.api.get<{ timezone: string }>('/api/auth/user/settings')).body.timezone).toBe('UTC')
  })

  it('unknown, malformed, revoked and expired tokens are a 401', async () => {
    const expiring = await createToken(owner, { name: 'Expiring', expiresAt: inAWeek() })
    expect((await bearer(expiring.token, 'GET', '/api/memories')).statusCode).toBe(200)
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, expiring.id))
    const unknown = `remi_pat_${'A'.repeat(43)}`
    for (const token of [
      expiring.token,
      unknown,
      'remi_pat_',
      `${write.token}x`,
      write.token.slice(0, -1),
      `remi_pat_${'é'.repeat(43)}`,
    ]) {
      const res = await bearer(token, 'GET', '/api/memories')
      expect(res.statusCode, token).toBe(401)
      expect(res.json().code).toBe('UNAUTHORIZED')
    }
    // An expired token is still listed, so its owner can see why a tool stopped working.
    const listed = (await owner.api.get<AccessToken[]>('/api/auth/tokens')).body
    expect(listed.find((x) => x.id === expiring.id)?.expiresAt).not.toBeNull()
  })

  it("user B's token never sees user A's memories", async () => {
    const other = await t.createUser()
    const theirs = await createToken(other, { scope: 'write' })
    const mine = await owner.api.post<Memory>('/api/memories', { text: 'Owner only secret', tags: ['mine'] })
    const get = await bearer(theirs.token, 'GET', `/api/memories/${mine.body.id}`)
    expect(get.statusCode).toBe(404)
    const search = await bearer(theirs.token, 'GET', '/api/memories?searchTerm=secret')
    expect(search.json().totalCount).toBe(0)
    const put = await bearer(theirs.token, 'PUT', `/api/memories/${mine.body.id}`, { text: 'Hijacked' })
    expect(put.statusCode).toBe(404)
    expect((await bearer(theirs.token, 'DELETE', `/api/memories/${mine.body.id}`)).statusCode).toBe(404)
    expect((await owner.api.get<Memory>(`/api/memories/${mine.body.id}`)).body.text).toBe('Owner only secret')
  })

  it('records the last use, writing it at most once a minute', async () => {
    const fresh = await createToken(owner, { name: 'Usage' })
    const lastUsed = async () =>
      (await t.db.select().from(accessTokens).where(eq(accessTokens.id, fresh.id)))[0]!.lastUsedAt
    expect(await lastUsed()).toBeNull()
    await bearer(fresh.token, 'GET', '/api/memories')
    const first = await lastUsed()
    expect(first).toBeInstanceOf(Date)
    await bearer(fresh.token, 'GET', '/api/memories')
    expect(await lastUsed()).toEqual(first)
    // Over a minute ago: the next use writes again.
    const earlier = new Date(Date.now() - 2 * 60_000)
    await t.db.update(accessTokens).set({ lastUsedAt: earlier }).where(eq(accessTokens.id, fresh.id))
    await bearer(fresh.token, 'GET', '/api/memories')
    expect((await lastUsed())!.getTime()).toBeGreaterThan(earlier.getTime() + 60_000)
    const listed = (await owner.api.get<AccessToken[]>('/api/auth/tokens')).body
    expect(listed.find((x) => x.id === fresh.id)?.lastUsedAt).toBe((await lastUsed())!.toISOString())
  })

  it('a request carrying the session cookie still needs the CSRF token, token or not', async () => {
    const cookie = owner.headers.cookie
    for (const headers of [{ cookie }, { cookie, authorization: `Bearer ${write.token}` }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memories',
        headers,
        payload: { text: 'x' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('INVALID_CSRF_TOKEN')
    }
  })

  it('the session JWT as a bearer (no cookie) is not a credential for the API: a write is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/memories',
      headers: { authorization: `Bearer ${owner.jwt}` },
      payload: { text: 'Sent with the JWT' },
    })
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json<{ message: string }>().message).toMatch(/only identifies its session/)
  })
})

describe('the token secret in the logs', () => {
  it('never appears, whether in the Authorization header, a URL or an error', async () => {
    const logs = captureLogs('debug')
    const logged = await buildTestApp({ logger: logs.logger })
    try {
      const user = await logged.createUser()
      const created = await user.api.post<CreatedAccessToken>('/api/auth/tokens', {
        name: 'Logged',
        scope: 'read',
      })
      const token = created.body.token
      const secret = token.slice('remi_pat_'.length)
      const headers = { authorization: `Bearer ${token}` }
      await logged.app.inject({ url: '/api/memories', headers })
      await logged.app.inject({ method: 'POST', url: '/api/memories', headers, payload: { text: 'x' } })
      await logged.app.inject({ url: `/api/memories?token=${token}`, headers })
      await logged.app.inject({ url: `/api/memories?api_key=${token}` })
      await logged.app.inject({ url: `/api/${token}` })
      await logged.app.inject({ method: 'POST', url: '/api/mcp', headers, payload: { jsonrpc: '2.0' } })
      await logged.app.inject({ url: '/api/memories', headers: { authorization: `Bearer ${token}x` } })
      const log = logs.text()
      expect(log).toContain('request completed')
      expect(log).toContain('/api/memories?api_key=remi_pat_[redacted]')
      expect(log).not.toContain(secret)
      expect(log).not.toContain(secret.slice(0, 12))
    } finally {
      await logged.close()
    }
  })

  it('an invitation link is logged without its token (whoever reads it could sign up)', async () => {
    const logs = captureLogs('debug')
    const logged = await buildTestApp({ logger: logs.logger, env: { LOCAL_SIGNUP: 'closed' } })
    try {
      const user = await logged.createUser()
      const created = await user.api.post<{ url: string }>('/api/auth/invitations')
      expect(created.status, created.text).toBe(201)
      const path = new URL(created.body.url).pathname
      const token = path.split('/').pop()!
      expect((await logged.app.inject({ url: path })).statusCode).toBeLessThan(500)
      await logged.app.inject({ url: `${path}?create=1` })
      const log = logs.text()
      expect(log).toContain('/oidc/invitation/[redacted]')
      expect(log).not.toContain(token.slice(0, 20))
    } finally {
      await logged.close()
    }
  })
})

describe('a token sees what an MCP client sees: never a private memory', () => {
  const SECRET = 'zanzibar'
  let owner: TestUser
  let read: CreatedAccessToken
  let write: CreatedAccessToken
  let privateId: string
  let reminderId: string
  let proposalId: string
  let conversationId: string
  beforeAll(async () => {
    owner = await t.createUser()
    read = await createToken(owner, { name: 'Reader', scope: 'read' })
    write = await createToken(owner, { name: 'Writer', scope: 'write' })
    await owner.api.post('/api/memories', { text: 'Public note about tea', tags: ['drinks'] })
    const created = await owner.api.post<Memory>('/api/memories', {
      text: 'Zanzibar safe code 1111',
      tags: ['zanzibar-vault'],
      private: true,
    })
    privateId = created.body.id
    // An edit keeps the text it had (a change with a private "before").
    await owner.api.put(`/api/memories/${privateId}`, { text: 'Zanzibar safe code 7731' })
    const reminder = await owner.api.post<{ id: string }>('/api/reminders', {
      text: 'Zanzibar safe code 7731',
      dueAt: new Date(Date.now() + 3_600_000).toISOString(),
      memoryId: privateId,
    })
    expect(reminder.status, reminder.text).toBe(201)
    reminderId = reminder.body.id
    // An answer that cited the memory before it was made private.
    conversationId = (await t.factory.conversation(owner.id)).id
    await t.factory.message(conversationId, owner.id, { content: 'What is the code?' })
    await t.factory.message(conversationId, owner.id, {
      role: 'assistant',
      content: 'It is in your memories.',
      metadata: { citations: [privateId] },
    })
    const [proposal] = await t.db
      .insert(memoryProposals)
      .values({
        userId: owner.id,
        conversationId,
        kind: 'update',
        memoryId: privateId,
        before: 'Zanzibar safe code 7731',
        text: 'Zanzibar safe code 9999',
      })
      .returning({ id: memoryProposals.id })
    proposalId = proposal!.id
  })

  const get = (headers: Record<string, string>, url: string) => t.app.inject({ url, headers })

  it('no GET route a token can reach returns its text, tags, reminder, citation or proposal', async () => {
    const urls = new Set<string>()
    const idFor = (url: string) =>
      url.startsWith('/api/memories/')
        ? privateId
        : url.startsWith('/api/reminders/')
          ? reminderId
          : conversationId
    for (const route of t.routes) {
      if (route.method !== 'GET' || !route.url.startsWith('/api/')) continue
      // The event stream never ends (it is for the signed-in app only: see the next test); MCP and the
      // sign-in round trip are not REST reads.
      if (/^\/api\/(events|mcp|docs|auth\/(login|callback))/.test(route.url)) continue
      const url = route.url.replace(/:\w+/g, () => idFor(route.url))
      urls.add(url)
      urls.add(`${url}?searchTerm=Zanzibar&memoryId=${privateId}&conversationId=${conversationId}`)
    }
    urls.add('/api/memories?tags=zanzibar-vault')
    urls.add('/api/memories/export?format=markdown')
    // The account export is a zip (its JSON deflated): its JSON alone is read for the words.
    urls.add('/api/auth/user/export?format=json')
    const seenBySession: string[] = []
    for (const url of urls) {
      const mine = await get(owner.headers, url)
      if (mine.body.toLowerCase().includes(SECRET)) seenBySession.push(url.split('?')[0]!)
      const theirs = await get({ authorization: `Bearer ${read.token}` }, url)
      expect(theirs.statusCode, `${url}: ${theirs.body}`).toBeLessThan(500)
      expect(theirs.body.toLowerCase(), url).not.toContain(SECRET)
    }
    // The sweep means something: the person's own session reads the memory on each of these.
    expect(new Set(seenBySession)).toEqual(
      new Set([
        '/api/memories',
        '/api/memories/tags',
        '/api/memories/export',
        `/api/memories/${privateId}`,
        `/api/memories/${privateId}/changes`,
        '/api/reminders',
        `/api/reminders/${reminderId}`,
        '/api/chat/history',
        '/api/proposals',
        // The account's export is the signed-in app's alone (403 to a token).
        '/api/auth/user/export',
      ]),
    )
    // The dashboard counts only what the token may see.
    const stats = async (headers: Record<string, string>) =>
      (await get(headers, '/api/dashboard/stats')).json<{ totalMemories: number }>().totalMemories
    expect(await stats(owner.headers)).toBe(2)
    expect(await stats({ authorization: `Bearer ${read.token}` })).toBe(1)
  })

  it('a write token cannot change, delete, undo or remind of a private memory: "not found"', async () => {
    for (const [method, url, payload] of [
      ['PUT', `/api/memories/${privateId}`, { text: 'Overwritten' }],
      ['POST', `/api/memories/${privateId}/undo`, undefined],
      ['DELETE', `/api/memories/${privateId}`, undefined],
      ['PATCH', `/api/reminders/${reminderId}`, { text: 'Renamed' }],
      ['DELETE', `/api/reminders/${reminderId}`, undefined],
      // A proposal about it (made private since the answer) is not the token's to apply, keep or undo.
      ['POST', `/api/proposals/${proposalId}/apply`, undefined],
      ['POST', `/api/proposals/${proposalId}/keep`, undefined],
      ['POST', `/api/proposals/${proposalId}/undo`, undefined],
      [
        'POST',
        '/api/reminders',
        { text: 'x', dueAt: new Date(Date.now() + 3_600_000).toISOString(), memoryId: privateId },
      ],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${write.token}` },
        ...(payload ? { payload } : {}),
      })
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404)
      expect(res.body.toLowerCase()).not.toContain(SECRET)
    }
    expect((await owner.api.get<Memory>(`/api/memories/${privateId}`)).body.text).toBe(
      'Zanzibar safe code 7731',
    )
    expect((await owner.api.get(`/api/reminders/${reminderId}`)).status).toBe(200)
  })

  it('the live event stream is for the signed-in app only: a token gets a 403 in words', async () => {
    const res = await get({ authorization: `Bearer ${read.token}` }, '/api/events')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('Access tokens cannot open the live event stream. Sign in to do that.')
  })
})
