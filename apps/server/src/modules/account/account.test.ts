import type { AccountExport, ChatHistory, ImportAccountResult, Memory, MemoryList } from '@remi/shared'
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as schema from '../../db/schema.ts'
import { briefings, identities } from '../../db/schema.ts'
import { encrypt, deriveKey } from '../../lib/crypto.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** Every table with a user_id column, read from the schema: a table added later is checked too. */
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
const userTables = tables.filter((table) => 'userId' in getTableColumns(table))

async function rowsOf(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of userTables) {
    const userId_ = (getTableColumns(table) as { userId: typeof schema.memories.userId }).userId
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(userId_, userId))
    counts[getTableName(table)] = row!.n
  }
  return counts
}

const OAUTH_ACCESS = 'ya29.oauth-access-token-that-must-never-leave'
const OAUTH_REFRESH = '1//oauth-refresh-token-that-must-never-leave'

/** A user with a row in every table of theirs: memories, chat, data sources, a briefing, a token, an OAuth grant. */
async function seededUser(): Promise<{
  user: TestUser
  memories: Memory[]
  conversationId: string
  pat: string
}> {
  const user = await t.createUser({ name: 'Ada Seed', timezone: 'Europe/Lisbon' })
  const memories = [
    await t.factory.memory(user.id, { text: 'Dentist on Tuesday', tags: ['health'], date: '2026-03-03' }),
    await t.factory.memory(user.id, { text: 'Ana likes tulips' }),
  ]
  const conversation = await t.factory.conversation(user.id)
  await t.factory.message(conversation.id, user.id, {
    content: 'What does Ana like?',
    createdAt: new Date(Date.now() - 2000),
  })
  await t.factory.message(conversation.id, user.id, {
    role: 'assistant',
    content: 'Ana likes **tulips**.',
    createdAt: new Date(Date.now() - 1000),
    metadata: {
      citations: [memories[1]!.id],
      activity: [{ tool: 'search_memories', summary: "Searched memories for 'Ana'" }],
      calls: [{ tool: 'search_memories', args: { query: 'Ana' } }],
      mode: 'tools',
      model: 'gpt-test',
      stopped: false,
    },
  })
  await t.factory.dataSource(user.id, 'weather', {
    configuration: {
      locationName: 'Lisbon',
      location: { name: 'Lisbon', latitude: 38.7, longitude: -9.1, timezone: 'Europe/Lisbon', country: 'PT' },
    },
  })
  await t.factory.dataSource(user.id, 'calendar', { isEnabled: false, configuration: { icsUrl: null } })
  await t.db.insert(briefings).values({
    userId: user.id,
    localDate: '2026-03-01',
    content: '# Good morning',
    source: 'offline',
    inputsHash: 'x',
  })
  const pat = (await user.api.post<{ token: string }>('/api/auth/tokens', { name: 'cli', scope: 'write' }))
    .body.token
  const key = deriveKey(t.env.sessionSecret, 'oauth-tokens')
  await t.db
    .update(identities)
    .set({
      accessToken: encrypt(key, OAUTH_ACCESS),
      refreshToken: encrypt(key, OAUTH_REFRESH),
      scopes: 'calendar',
    })
    .where(eq(identities.userId, user.id))
  return { user, memories, conversationId: conversation.id, pat }
}

const exportOf = async (user: TestUser) => {
  const res = await user.api.get<AccountExport>('/api/auth/user/export?format=json')
  expect(res.status, res.text).toBe(200)
  return res
}

describe('DELETE /api/auth/user', () => {
  it('rests on the schema: every foreign key to users (and to a row of theirs) cascades', () => {
    const keys = tables.flatMap((table) =>
      getTableConfig(table).foreignKeys.map((fk) => ({
        from: getTableName(table),
        to: getTableName(fk.reference().foreignTable),
        onDelete: fk.onDelete,
      })),
    )
    expect(keys.filter((k) => k.to === 'users').length).toBeGreaterThanOrEqual(userTables.length)
    // A link from one of a person's rows to another of theirs may instead be cleared (a reminder outlives
    // the memory it was made from), so long as the row itself still goes with its user.
    const cleared = keys.filter((k) => k.onDelete !== 'cascade')
    expect(cleared.filter((k) => k.to === 'users' || k.onDelete !== 'set null')).toEqual([])
    for (const k of cleared)
      expect(keys, `${k.from} goes with its user`).toContainEqual({
        from: k.from,
        to: 'users',
        onDelete: 'cascade',
      })
  })

  it('removes the user and every row of theirs, in every table that has a user_id, and nobody else’s', async () => {
    const { user } = await seededUser()
    const bystander = await seededUser()
    const before = await rowsOf(user.id)
    // These held something of theirs, so "0 after" means something (a table added later is checked after).
    const seeded = ['identities', 'sessions', 'memories', 'memory_counts', 'conversations', 'chat_messages']
    for (const table of [...seeded, 'data_sources', 'briefings', 'access_tokens'])
      expect(before[table], table).toBeGreaterThan(0)
    expect(Object.keys(before)).toEqual(expect.arrayContaining(seeded))
    const bystanderBefore = await rowsOf(bystander.user.id)

    const res = await user.api.request('DELETE', '/api/auth/user', {
      payload: { email: user.email.toUpperCase() },
    })
    expect(res.status, res.text).toBe(204)
    const cleared = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('remi_session='))
    expect(String(cleared)).toMatch(/remi_session=;/)

    expect(Object.values(await rowsOf(user.id)).every((n) => n === 0)).toBe(true)
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.users)
      .where(eq(schema.users.id, user.id))
    expect(left!.n).toBe(0)
    expect(await rowsOf(bystander.user.id)).toEqual(bystanderBefore)
  })

  it('signs the person out at once: the cookie, the JWT and their tokens are refused', async () => {
    const { user, pat } = await seededUser()
    expect((await user.api.get('/api/auth/user')).status).toBe(200)
    expect(
      (await user.api.request('DELETE', '/api/auth/user', { payload: { email: user.email } })).status,
    ).toBe(204)
    expect((await user.api.get('/api/auth/user')).status).toBe(401)
    const byJwt = await t.app.inject({
      url: '/api/memories',
      headers: { authorization: `Bearer ${user.jwt}` },
    })
    expect(byJwt.statusCode).toBe(401)
    const byPat = await t.app.inject({ url: '/api/memories', headers: { authorization: `Bearer ${pat}` } })
    expect(byPat.statusCode).toBe(401)
  })

  it('refuses an e-mail that is not the account’s, and a missing one, deleting nothing', async () => {
    const { user } = await seededUser()
    const before = await rowsOf(user.id)
    const wrong = await user.api.request('DELETE', '/api/auth/user', {
      payload: { email: 'someone@else.test' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ message: expect.stringMatching(/does not match this account/) })
    const missing = await user.api.request('DELETE', '/api/auth/user', { payload: {} })
    expect(missing.status).toBe(400)
    expect(await rowsOf(user.id)).toEqual(before)
  })

  it('a personal access token cannot delete, export or import the account', async () => {
    const { user, pat } = await seededUser()
    const headers = { authorization: `Bearer ${pat}` }
    const calls = [
      t.app.inject({ method: 'DELETE', url: '/api/auth/user', headers, payload: { email: user.email } }),
      t.app.inject({ url: '/api/auth/user/export', headers }),
      t.app.inject({ method: 'POST', url: '/api/auth/user/import', headers, payload: {} }),
    ]
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403)
    expect((await user.api.get('/api/auth/user')).status).toBe(200)
  })
})

describe('GET /api/auth/user/export', () => {
  it('gives one JSON file: profile, settings, memories, chat with citations, data-source settings', async () => {
    const { user, memories, conversationId } = await seededUser()
    const res = await exportOf(user)
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="remi-account-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(res.headers['cache-control']).toBe('no-store')
    const file = res.body
    expect(file).toMatchObject({
      format: 'remi-account',
      version: 1,
      profile: { name: 'Ada Seed', email: user.email, picture: null, provider: 'local' },
      settings: { timezone: 'Europe/Lisbon' },
    })
    expect(file.memories.map((m) => m.id).sort()).toEqual(memories.map((m) => m.id).sort())
    expect(file.memories.find((m) => m.text === 'Dentist on Tuesday')).toMatchObject({
      tags: ['health'],
      date: '2026-03-03',
    })
    expect(file.conversations).toHaveLength(1)
    expect(file.conversations[0]).toMatchObject({
      id: conversationId,
      messages: [
        { role: 'user', content: 'What does Ana like?' },
        {
          role: 'assistant',
          content: 'Ana likes **tulips**.',
          citations: [memories[1]!.id],
          activity: [{ tool: 'search_memories', summary: "Searched memories for 'Ana'" }],
          mode: 'tools',
          model: 'gpt-test',
          stopped: false,
        },
      ],
    })
    expect(file.dataSources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ dataSourceType: 'weather', isEnabled: true }),
        expect.objectContaining({ dataSourceType: 'calendar', isEnabled: false }),
      ]),
    )
    expect(JSON.stringify(file.dataSources)).toContain('Lisbon')
  })

  it("carries the memories' versions of the last 30 days: what each was before, who changed it, when", async () => {
    const user = await t.createUser()
    const ana = await user.api.memories.create({ text: "Ana's birthday is on 4 June", tags: ['family'] })
    const changed = await user.api.put(`/api/memories/${ana.id}`, { text: "Ana's birthday is on 5 June" })
    expect(changed.status, changed.text).toBe(200)
    const gone = await user.api.memories.create({ text: 'Old wifi password is tulip42' })
    expect((await user.api.delete(`/api/memories/${gone.id}`)).status).toBe(204)
    const other = await t.createUser()
    await other.api.memories.create({ text: 'Not in the file' })

    const file = (await exportOf(user)).body
    const versions = file.memoryVersions ?? []
    expect(versions).toHaveLength(4)
    expect(versions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ memoryId: ana.id, action: 'created', by: 'user', before: null }),
        expect.objectContaining({
          memoryId: ana.id,
          action: 'updated',
          by: 'user',
          before: { text: "Ana's birthday is on 4 June", tags: ['family'], date: ana.date, private: false },
        }),
        expect.objectContaining({
          memoryId: gone.id,
          action: 'deleted',
          before: expect.objectContaining({ text: 'Old wifi password is tulip42' }),
        }),
      ]),
    )
    for (const v of versions) expect(Date.parse(v.at)).not.toBeNaN()
    expect(JSON.stringify(file)).not.toContain('Not in the file')
  })

  it('never carries a sign-in or calendar token, an access token, a session or someone else’s data', async () => {
    const { user, pat } = await seededUser()
    const other = await seededUser()
    const text = (await exportOf(user)).text
    const storedIdentity = (await t.db.select().from(identities).where(eq(identities.userId, user.id)))[0]!
    for (const secret of [
      OAUTH_ACCESS,
      OAUTH_REFRESH,
      storedIdentity.accessToken!,
      storedIdentity.refreshToken!,
      pat,
      pat.slice(-12),
      user.sessionCookie,
      user.jwt,
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toMatch(/accessToken|refreshToken|tokenHash|"subject"/)
    expect(text).not.toContain(other.user.email)
    for (const m of other.memories) expect(text).not.toContain(m.id)
  })
})

describe('POST /api/auth/user/import', () => {
  const importInto = (user: TestUser, file: unknown) =>
    user.api.post<ImportAccountResult>('/api/auth/user/import', file)

  it('restores memories and chat into a new account, citations pointing at the restored memories', async () => {
    const { user: alice } = await seededUser()
    const file = (await exportOf(alice)).body
    const bob = await t.createUser()
    const res = await importInto(bob, file)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({
      memories: { imported: 2, created: 2, updated: 0 },
      chat: { conversations: 1, messages: 2 },
    })

    const bobs = (await bob.api.get<MemoryList>('/api/memories', { pageSize: 100 })).body.items
    const content = (m: Memory) => ({ text: m.text, tags: m.tags, date: m.date, createdAt: m.createdAt })
    expect(bobs.map(content).sort((a, b) => a.text.localeCompare(b.text))).toEqual(
      file.memories.map(content).sort((a, b) => a.text.localeCompare(b.text)),
    )
    // Bob's copies have ids of his own: Alice's rows stay hers.
    for (const m of bobs) expect(file.memories.map((x) => x.id)).not.toContain(m.id)

    const history = (await bob.api.get<ChatHistory>('/api/chat/history')).body
    expect(history.messages.map((m) => [m.isUserMessage, m.content])).toEqual([
      [true, 'What does Ana like?'],
      [false, 'Ana likes **tulips**.'],
    ])
    const tulips = bobs.find((m) => m.text === 'Ana likes tulips')!
    expect(history.messages[1]).toMatchObject({
      citations: [{ id: tulips.id, excerpt: 'Ana likes tulips' }],
      mode: 'tools',
      model: 'gpt-test',
    })
    expect(history.messages[0]!.createdUtc).toBe(file.conversations[0]!.messages[0]!.createdAt)

    // Alice's account is as it was.
    expect((await exportOf(alice)).body.memories).toEqual(file.memories)
  })

  it('a second import of the same file adds nothing', async () => {
    const { user: alice } = await seededUser()
    const file = (await exportOf(alice)).body
    const bob = await t.createUser()
    await importInto(bob, file)
    const again = await importInto(bob, file)
    expect(again.body).toEqual({
      memories: { imported: 2, created: 0, updated: 2 },
      chat: { conversations: 0, messages: 0 },
    })
    expect((await bob.api.get<ChatHistory>('/api/chat/history')).body.totalCount).toBe(2)
    // Back into the same account: its own ids are kept, nothing is duplicated.
    const self = await importInto(alice, file)
    expect(self.body).toEqual({
      memories: { imported: 2, created: 0, updated: 2 },
      chat: { conversations: 0, messages: 0 },
    })
  })

  it('another user’s conversation and message ids are treated like unknown ones: their chat is untouched', async () => {
    const victim = await seededUser()
    const victimBefore = (await exportOf(victim.user)).body.conversations
    const attacker = await t.createUser()
    const forged = {
      format: 'remi-account',
      version: 1,
      memories: [],
      conversations: [
        {
          id: victim.conversationId,
          messages: [
            {
              id: victimBefore[0]!.messages[0]!.id,
              role: 'user',
              content: 'overwritten?',
              createdAt: new Date().toISOString(),
            },
          ],
        },
      ],
    }
    const res = await importInto(attacker, forged)
    expect(res.status, res.text).toBe(200)
    expect(res.body.chat).toEqual({ conversations: 1, messages: 1 })
    expect((await exportOf(victim.user)).body.conversations).toEqual(victimBefore)
    const mine = (await exportOf(attacker)).body.conversations
    expect(mine[0]!.id).not.toBe(victim.conversationId)
    expect(mine[0]!.messages.map((m) => m.content)).toEqual(['overwritten?'])
  })

  it('refuses files it cannot read with a 400 that says what is wrong, importing nothing', async () => {
    const user = await t.createUser()
    const id = crypto.randomUUID()
    const cases: Array<[unknown, RegExp]> = [
      [{ format: 'remi-memories', version: 1, memories: [] }, /format must be 'remi-account'/],
      [{ format: 'remi-account', version: 2, memories: [] }, /version must be 1/],
      [
        {
          format: 'remi-account',
          version: 1,
          memories: [],
          conversations: [
            { id, messages: [{ id, role: 'user', content: 'x', createdAt: new Date().toISOString() }] },
          ],
        },
        /appears twice/,
      ],
      [
        {
          format: 'remi-account',
          version: 1,
          memories: [],
          conversations: [
            {
              id,
              messages: [
                { id: crypto.randomUUID(), role: 'system', content: 'x', createdAt: '2026-01-01T00:00:00Z' },
              ],
            },
          ],
        },
        /role/i,
      ],
    ]
    for (const [file, message] of cases) {
      const res = await importInto(user, file)
      expect(res.status, JSON.stringify(file)).toBe(400)
      expect((res.body as unknown as { message: string }).message).toMatch(message)
    }
    const after = await rowsOf(user.id)
    expect([after.memories, after.conversations, after.chat_messages]).toEqual([0, 0, 0])
  })
})

/** An account file of `memories` memories and `conversations` conversations of `perConversation` messages. */
function bigAccountFile(memories: number, conversations: number, perConversation: number) {
  const memoryIds = Array.from({ length: memories }, () => crypto.randomUUID())
  const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString()
  return {
    format: 'remi-account',
    version: 1,
    memories: memoryIds.map((id, i) => ({
      id,
      text: `Memory number ${i}: the plumber comes on Tuesday, bring the blue folder ${'x'.repeat(i % 40)}`,
      tags: i % 3 === 0 ? ['home'] : [],
      date: i % 4 === 0 ? null : `2024-0${(i % 9) + 1}-1${i % 10}`,
      createdAt: at(i),
      updatedAt: at(i + 1),
    })),
    conversations: Array.from({ length: conversations }, (_, c) => ({
      id: crypto.randomUUID(),
      createdAt: at(c * perConversation),
      messages: Array.from({ length: perConversation }, (_, i) => {
        const n = c * perConversation + i
        const base = { id: crypto.randomUUID(), content: `Message ${n} "quoted" \\ é 🙂`, createdAt: at(n) }
        return i % 2 === 0
          ? { ...base, role: 'user' }
          : {
              ...base,
              role: 'assistant',
              citations: [memoryIds[n % memories]],
              activity: [{ tool: 'search_memories', summary: `Searched memories for 'word ${n}'` }],
              mode: 'tools',
              model: 'gpt-test',
              stopped: false,
            }
      }),
    })),
  }
}

describe('heavy jobs: account import and export, and memory imports', () => {
  // 12-13 s alone; a loaded machine takes three times that (the limit only stops a hang).
  it(
    'a big account goes out and back whole; the export is the same JSON, laid out as before',
    { timeout: 90_000 },
    async () => {
      const file = bigAccountFile(3000, 60, 40)
      const alice = await t.createUser()
      const imported = await alice.api.post<ImportAccountResult>('/api/auth/user/import', file)
      expect(imported.status, imported.text).toBe(200)
      expect(imported.body).toEqual({
        memories: { imported: 3000, created: 3000, updated: 0 },
        chat: { conversations: 60, messages: 2400 },
      })

      const res = await exportOf(alice)
      // Written a slice at a time, yet exactly what JSON.stringify(file, null, 2) of it gives.
      expect(res.text).toBe(JSON.stringify(JSON.parse(res.text), null, 2))
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text))
      const out = res.body
      expect(out.memories).toHaveLength(3000)
      // The ids are this account's stand-ins for the file's (see remappedId); everything else is as sent.
      const shown = (m: Record<string, unknown>) => {
        const { id: _id, citations, ...rest } = m
        return { ...rest, citations: (citations as unknown[] | undefined)?.length }
      }
      expect(out.conversations.map((c) => c.messages.map(shown))).toEqual(
        file.conversations.map((c) => c.messages.map(shown)),
      )
      // The memories in the list's order (newest day first), as GET memories/export gives them.
      const listed = (await alice.api.get<{ memories: Memory[] }>('/api/memories/export')).body.memories
      expect(out.memories).toEqual(listed)

      // Back into a new account: everything lands, and its own export holds the same content.
      const bob = await t.createUser()
      const back = await bob.api.post<ImportAccountResult>('/api/auth/user/import', out)
      expect(back.body).toEqual(imported.body)
      const again = (await exportOf(bob)).body
      const content = (f: AccountExport) => ({
        memories: f.memories.map((m) => [m.text, m.tags, m.date, m.createdAt]),
        messages: f.conversations.map((c) => c.messages.map((m) => [m.role, m.content, m.createdAt])),
      })
      expect(content(again)).toEqual(content(out))
    },
  )

  it('names the first bad message of a big file, past its first slices, and imports nothing', async () => {
    const file = bigAccountFile(10, 40, 50)
    file.conversations[30]!.messages[7]!.role = 'system'
    const user = await t.createUser()
    const res = await user.api.post('/api/auth/user/import', file)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      message: "Conversation 31, message 8: Role must be 'user' or 'assistant'.",
    })
    const after = await rowsOf(user.id)
    expect([after.memories, after.conversations, after.chat_messages]).toEqual([0, 0, 0])
  })

  it('one at a time per person: an import or export while theirs runs is a 409 saying so', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    let release!: () => void
    const held = t.app.services.heavyJobs.run(user.id, () => new Promise<void>((r) => (release = r)))
    try {
      const answers = [
        await user.api.get('/api/auth/user/export'),
        await user.api.post('/api/auth/user/import', bigAccountFile(1, 1, 1)),
        await user.api.post('/api/memories/import', { format: 'remi-memories', version: 1, memories: [] }),
      ]
      for (const res of answers) {
        expect(res.status, res.text).toBe(409)
        expect(res.body).toMatchObject({
          code: 'CONFLICT',
          message: expect.stringMatching(/already running/),
        })
      }
      // Someone else is not held up by it.
      expect((await other.api.get('/api/auth/user/export')).status).toBe(200)
    } finally {
      release()
      await held
    }
    expect((await user.api.get('/api/auth/user/export')).status).toBe(200)
  })

  it('a few at once in all: the next wait their turn, beyond the queue a 503 with Retry-After', async () => {
    const { heavyJobs } = t.app.services
    const releases: Array<() => void> = []
    const hold = async () => {
      const someone = await t.createUser()
      return heavyJobs.run(someone.id, () => new Promise<void>((r) => releases.push(r)))
    }
    // Two running, so the next ones wait.
    const held = [hold(), hold()]
    await vi.waitFor(() => expect(heavyJobs.load.running).toBe(2))
    const waiting = await t.createUser()
    const queued = waiting.api.get('/api/auth/user/export')
    await vi.waitFor(() => expect(heavyJobs.load.waiting).toBe(1))
    const fill = [hold(), hold(), hold()]
    await vi.waitFor(() => expect(heavyJobs.load.waiting).toBe(4))

    const late = await t.createUser()
    for (const res of [
      await late.api.get('/api/auth/user/export'),
      await late.api.post('/api/auth/user/import', bigAccountFile(1, 1, 1)),
      await late.api.post('/api/memories/import', { format: 'remi-memories', version: 1, memories: [] }),
    ]) {
      expect(res.status, res.text).toBe(503)
      expect(res.headers['retry-after']).toBe('30')
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/busy/) })
    }
    // The first to finish hands its place to the export that waited: it is answered whole.
    releases.shift()!()
    const answer = await queued
    expect(answer.status, answer.text).toBe(200)
    while (heavyJobs.load.running + heavyJobs.load.waiting > 0) {
      await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0))
      releases.shift()!()
      await new Promise((r) => setTimeout(r, 5))
    }
    await Promise.all([...held, ...fill])
    expect((await late.api.get('/api/auth/user/export')).status).toBe(200)
  })

  it('a body that is not JSON is a 415 on both imports, never a file the server tries to read', async () => {
    const user = await t.createUser()
    for (const url of ['/api/auth/user/import', '/api/memories/import']) {
      const res = await user.api.request('POST', url, {
        payload: '{"format": "remi-account"}',
        headers: { 'content-type': 'text/plain' },
      })
      expect(res.status, `${url}: ${res.text}`).toBe(415)
    }
  })

  it('over-long message content says the limit, not that content is required', async () => {
    const file = bigAccountFile(0, 1, 1)
    file.conversations[0]!.messages[0]!.content = 'x'.repeat(100_001)
    const res = await (await t.createUser()).api.post('/api/auth/user/import', file)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      message: 'Conversation 1, message 1: Content must be at most 100000 characters.',
    })
  })

  it('an imported activity summary is cut to the limit, so it is not stored and served whole', async () => {
    const file = bigAccountFile(1, 1, 2)
    const answer = file.conversations[0]!.messages[1] as { activity: { tool: string; summary: string }[] }
    answer.activity = [{ tool: 'search_memories', summary: `Searched ${'🙂'.repeat(500_000)}` }]
    const user = await t.createUser()
    const res = await user.api.post('/api/auth/user/import', file)
    expect(res.status, res.text).toBe(200)
    const history = (await user.api.get<ChatHistory>('/api/chat/history')).body
    const summary = history.messages[1]!.activity![0]!.summary
    expect(summary.length).toBeLessThanOrEqual(500)
    expect(summary).toMatch(/^Searched (🙂)+…$/u)
  })
})
