import {
  type AccountExport,
  CHAT_LIMITS,
  type ChatHistory,
  type ConversationList,
  type ConversationSummary,
  type SendMessageResponse,
} from '@remi/shared'
import { readFileSync } from 'node:fs'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages, conversations } from '../../db/schema.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

/**
 * Many conversations (issue 33) with the offline assistant: the list, search across messages, create,
 * rename, delete and clear of one, each scoped to its owner. The same file runs on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function send(user: TestUser, content: string, conversationId?: string) {
  const res = await user.api.post<SendMessageResponse>('/api/chat/send', {
    content,
    ...(conversationId ? { conversationId } : {}),
  })
  expect(res.status, res.text).toBe(200)
  return res.body
}

async function create(user: TestUser) {
  const res = await user.api.post<ConversationSummary>('/api/chat/conversations')
  expect(res.status, res.text).toBe(201)
  return res.body
}

async function list(user: TestUser, query: Record<string, string | number> = {}) {
  const res = await user.api.get<ConversationList>('/api/chat/conversations', query)
  expect(res.status, res.text).toBe(200)
  return res.body
}

const rename = (user: TestUser, id: string, title: unknown) =>
  user.api.request<ConversationSummary>('PATCH', `/api/chat/conversations/${id}`, { payload: { title } })

/** A new conversation with these user messages (and the offline answers). */
async function conversationWith(user: TestUser, ...messages: string[]) {
  const { id } = await create(user)
  for (const content of messages) await send(user, content, id)
  return id
}

/** The snippet's text with the matches in [brackets]. */
const marked = (item: ConversationSummary) =>
  item.snippet!.parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('')

describe('GET chat/conversations', () => {
  it('lists newest activity first with title, time of the last message and count; pages with a total', async () => {
    const user = await t.createUser()
    expect(await list(user)).toEqual({ items: [], totalCount: 0 })
    const older = await conversationWith(user, 'Planning the trip to Lisbon in May with Ana and the kids')
    const empty = await create(user)
    const newest = await conversationWith(user, 'What should I cook tonight?')
    // A new message moves an older conversation to the top.
    const revived = await conversationWith(user, 'hello')
    await send(user, 'the garden needs water', older)

    const all = await list(user)
    expect(all.totalCount).toBe(4)
    expect(all.items.map((c) => c.id)).toEqual([older, revived, newest, empty.id])
    expect(all.items[0]).toMatchObject({
      title: 'Planning the trip to Lisbon in May with…',
      messageCount: 4,
    })
    expect(all.items[2]).toMatchObject({ title: 'What should I cook tonight?', messageCount: 2 })
    expect(all.items[3]).toEqual({ ...empty, title: null, lastMessageAt: null, messageCount: 0 })
    expect(all.items[0]!.snippet).toBeUndefined()
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, older))
    expect(all.items[0]!.lastMessageAt).toBe(row!.lastMessageAt!.toISOString())

    const page2 = await list(user, { page: 2, pageSize: 3 })
    expect(page2).toEqual({ items: [all.items[3]], totalCount: 4 })
    expect(await list(user, { page: 3, pageSize: 3 })).toEqual({ items: [], totalCount: 4 })
    expect((await list(user, { pageSize: CHAT_LIMITS.conversationsPageSizeMax })).items).toHaveLength(4)
  })

  it('refuses a page size over 1 000, a page of 0 and a search over 500 characters (400 naming the field)', async () => {
    const user = await t.createUser()
    for (const [query, field] of [
      [{ pageSize: 1001 }, 'The page size'],
      [{ pageSize: 0 }, 'The page size'],
      [{ pageSize: 'ten' }, 'The page size'],
      [{ page: 0 }, 'The page number'],
      [{ search: 'a'.repeat(501) }, 'Search'],
    ] as const) {
      const res = await user.api.get('/api/chat/conversations', query)
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect((res.body as { message: string }).message).toContain(field)
    }
  })

  it("never lists another user's conversations", async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    await conversationWith(owner, 'my secret plans for the surprise party')
    expect(await list(other)).toEqual({ items: [], totalCount: 0 })
    expect(await list(other, { search: 'surprise' })).toEqual({ items: [], totalCount: 0 })
  })
})

describe('search across conversations', () => {
  it('finds a word said three conversations ago, with its message, day and highlighted snippet', async () => {
    const user = await t.createUser()
    const trip = await conversationWith(
      user,
      'We are going to Lisbon',
      'Remember that the ferry to Cacilhas leaves at nine from Cais do Sodré',
      'and then lunch',
    )
    await conversationWith(user, 'What should I cook tonight?')
    await conversationWith(user, 'Books to read this winter')
    await conversationWith(user, 'The orthodontist appointment is on Friday')

    const found = await list(user, { search: 'ferries' })
    expect(found.totalCount).toBe(1)
    const [hit] = found.items
    expect(hit).toMatchObject({ id: trip, title: 'We are going to Lisbon', messageCount: 6 })
    const history = await user.api.get<ChatHistory>('/api/chat/history', { conversationId: trip })
    // The newest message with the word (the offline assistant may quote it back).
    const message = history.body.messages.findLast((m) => /\bferry\b/i.test(m.content))!
    expect(hit!.snippet).toMatchObject({ messageId: message.id, createdUtc: message.createdUtc })
    expect(marked(hit!)).toContain('[ferry]')
    expect(marked(hit!)).toContain('Cacilhas')

    // The word being typed matches by its start; several words must all be in one message.
    expect((await list(user, { search: 'orthodon' })).items.map((c) => c.title)).toEqual([
      'The orthodontist appointment is on Friday',
    ])
    expect((await list(user, { search: 'ferry nine' })).items.map((c) => c.id)).toEqual([trip])
    expect((await list(user, { search: 'ferry orthodontist' })).totalCount).toBe(0)
  })

  it('one result per conversation (its newest match), newest match first, paged', async () => {
    const user = await t.createUser()
    const a = await conversationWith(user, 'tomatoes in the garden', 'more tomatoes please')
    const b = await conversationWith(user, 'a tomato salad')
    const c = await conversationWith(user, 'nothing here')
    const all = await list(user, { search: 'tomato' })
    expect(all.totalCount).toBe(2)
    expect(all.items.map((i) => i.id)).toEqual([b, a])
    expect(marked(all.items[1]!)).toBe('more [tomatoes] please')
    expect(all.items.map((i) => i.id)).not.toContain(c)
    expect(await list(user, { search: 'tomato', pageSize: 1, page: 2 })).toMatchObject({
      items: [{ id: a }],
      totalCount: 2,
    })
    expect(await list(user, { search: 'tomato', pageSize: 1, page: 3 })).toEqual({ items: [], totalCount: 2 })
  })

  it('a search of only punctuation or SQL-looking text finds nothing and is never an error', async () => {
    const user = await t.createUser()
    await conversationWith(user, 'hello there')
    for (const search of ['?!', '...', "'", '&|!:*()', "' or 1=1 --", '\\']) {
      expect(await list(user, { search }), search).toEqual({ items: [], totalCount: 0 })
    }
    // A blank search is the plain list.
    expect((await list(user, { search: '  ' })).totalCount).toBe(1)
    expect((await list(user, { search: "hello'" })).totalCount).toBe(1)
  })
})

describe('POST, PATCH and DELETE chat/conversations', () => {
  it('a new conversation is empty and untitled; sending to it titles it with the first words', async () => {
    const user = await t.createUser()
    await conversationWith(user, 'an older one')
    const fresh = await create(user)
    expect(fresh).toMatchObject({ title: null, lastMessageAt: null, messageCount: 0 })
    // Without a conversationId, chat/send continues the newest one: the new one.
    const sent = await send(user, '  Where   did I park\nthe car?  ')
    expect(sent.conversationId).toBe(fresh.id)
    expect((await list(user)).items[0]).toMatchObject({ id: fresh.id, title: 'Where did I park the car?' })
  })

  it('renames: the title is trimmed, 1–120 characters; blank, 121 characters or no title is a 400', async () => {
    const user = await t.createUser()
    const id = await conversationWith(user, 'hello')
    const res = await rename(user, id, '  Trip to Lisbon  ')
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ id, title: 'Trip to Lisbon', messageCount: 2 })
    expect((await rename(user, id, 'x'.repeat(120))).status).toBe(200)
    for (const title of ['', '   ', 'x'.repeat(121), undefined, 42, 'nul\u0000']) {
      const bad = await rename(user, id, title)
      expect(bad.status, String(title)).toBe(400)
      expect((bad.body as unknown as { message: string }).message).toMatch(/title/i)
    }
    expect((await list(user)).items[0]!.title).toBe('x'.repeat(120))
    // A later message does not replace a title.
    await send(user, 'something else entirely', id)
    expect((await list(user)).items[0]!.title).toBe('x'.repeat(120))
  })

  it('deletes a conversation with its messages (204); the others stay', async () => {
    const user = await t.createUser()
    const keep = await conversationWith(user, 'keep me')
    const gone = await conversationWith(user, 'delete me')
    const res = await user.api.delete(`/api/chat/conversations/${gone}`)
    expect(res.status).toBe(204)
    expect((await list(user)).items.map((c) => c.id)).toEqual([keep])
    const [row] = await t.db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, gone))
    expect(row!.n).toBe(0)
    expect((await user.api.get('/api/chat/history', { conversationId: gone })).status).toBe(404)
    expect((await user.api.delete(`/api/chat/conversations/${gone}`)).status).toBe(404)
  })

  it("unknown ids, another user's conversation and malformed ids: 404 or 400, nothing changed", async () => {
    const owner = await t.createUser()
    const intruder = await t.createUser()
    const id = await conversationWith(owner, 'my secret plans')
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const target of [id, unknown]) {
      const renamed = await rename(intruder, target, 'mine now')
      expect(renamed.status).toBe(404)
      expect(renamed.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
      expect((await intruder.api.delete(`/api/chat/conversations/${target}`)).status).toBe(404)
      expect((await intruder.api.delete(`/api/chat/clear?conversationId=${target}`)).status).toBe(404)
    }
    for (const res of [
      await rename(owner, 'not-a-uuid', 'x'),
      await owner.api.delete('/api/chat/conversations/not-a-uuid'),
      await owner.api.delete('/api/chat/clear?conversationId=nope'),
    ]) {
      expect(res.status).toBe(400)
      expect((res.body as { message: string }).message).toMatch(/id/i)
    }
    expect((await list(owner)).items).toMatchObject([{ id, title: 'my secret plans', messageCount: 2 }])
  })

  it('every write needs the CSRF token', async () => {
    const user = await t.createUser()
    const id = await conversationWith(user, 'hello')
    const withoutToken = { cookie: user.headers.cookie }
    for (const [method, url, payload] of [
      ['POST', '/api/chat/conversations', {}],
      ['PATCH', `/api/chat/conversations/${id}`, { title: 'forged' }],
      ['DELETE', `/api/chat/conversations/${id}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: withoutToken, ...(payload ? { payload } : {}) })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().code, url).toBe('INVALID_CSRF_TOKEN')
    }
    expect((await list(user)).items).toMatchObject([{ id, title: 'hello' }])
  })
})

describe('DELETE chat/clear?conversationId', () => {
  it('clears the open conversation only: its messages and title go, it stays; the others keep theirs', async () => {
    const user = await t.createUser()
    const other = await conversationWith(user, 'another topic')
    const open = await conversationWith(user, 'clear me', 'and me')
    expect((await user.api.delete(`/api/chat/clear?conversationId=${open}`)).status).toBe(204)
    const after = await list(user)
    expect(after.items.find((c) => c.id === open)).toMatchObject({ title: null, messageCount: 0 })
    expect(after.items.find((c) => c.id === other)).toMatchObject({ title: 'another topic', messageCount: 2 })
    // The next message goes on in it and titles it again.
    await send(user, 'a fresh start', open)
    expect((await list(user)).items[0]).toMatchObject({ id: open, title: 'a fresh start', messageCount: 2 })
  })

  it('the dashboard counts conversations with a message in the last 24 hours, not empty ones', async () => {
    const user = await t.createUser()
    await conversationWith(user, 'one')
    await conversationWith(user, 'two')
    await create(user)
    const stats = await user.api.get<{ activeChats: number }>('/api/dashboard/stats')
    expect(stats.body.activeChats).toBe(2)
  })
})

describe('account export and import', () => {
  it('carry each conversation with its title; a file without titles gets the first words', async () => {
    const alice = await t.createUser()
    const renamed = await conversationWith(alice, 'the ferry leaves at nine')
    expect((await rename(alice, renamed, 'Lisbon ferry')).status).toBe(200)
    const plain = await conversationWith(alice, 'What should I cook tonight?')
    const exported = await alice.api.get<AccountExport>('/api/auth/user/export?format=json')
    expect(exported.status, exported.text).toBe(200)
    const titles = Object.fromEntries(exported.body.conversations.map((c) => [c.id, c.title]))
    expect(titles).toEqual({ [renamed]: 'Lisbon ferry', [plain]: 'What should I cook tonight?' })

    const bob = await t.createUser()
    const imported = await bob.api.post('/api/auth/user/import', exported.body)
    expect(imported.status, imported.text).toBe(200)
    expect((await list(bob)).items.map((c) => c.title).sort()).toEqual([
      'Lisbon ferry',
      'What should I cook tonight?',
    ])

    // A file from before titles, and one with a bad title (a 400 naming it).
    const carol = await t.createUser()
    const old = {
      ...exported.body,
      conversations: exported.body.conversations.map(({ title: _title, ...c }) => c),
    }
    expect((await carol.api.post('/api/auth/user/import', old)).status).toBe(200)
    expect((await list(carol)).items.map((c) => c.title).sort()).toEqual([
      'What should I cook tonight?',
      'the ferry leaves at nine',
    ])
    const bad = {
      ...exported.body,
      conversations: [{ ...exported.body.conversations[0]!, title: 'x'.repeat(121) }],
    }
    const refused = await t.createUser().then((dave) => dave.api.post('/api/auth/user/import', bad))
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/title/i)
  })
})

describe('migration 0017', () => {
  it('titles the conversations from before titles by the first words of their first user message', async () => {
    const user = await t.createUser()
    const [old] = await t.db.insert(conversations).values({ userId: user.id }).returning()
    const [titled] = await t.db.insert(conversations).values({ userId: user.id, title: 'Kept' }).returning()
    const [empty] = await t.db.insert(conversations).values({ userId: user.id }).returning()
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s))
    await t.db.insert(chatMessages).values([
      { conversationId: old!.id, userId: user.id, role: 'assistant', content: 'Hello!', createdAt: at(0) },
      {
        conversationId: old!.id,
        userId: user.id,
        role: 'user',
        content: '  one two\nthree four five six seven eight nine',
        createdAt: at(1),
      },
      { conversationId: old!.id, userId: user.id, role: 'user', content: 'later', createdAt: at(2) },
      { conversationId: titled!.id, userId: user.id, role: 'user', content: 'not this', createdAt: at(1) },
    ])
    const file = new URL('../../db/migrations/0017_conversation_titles_backfill.sql', import.meta.url)
    await t.db.execute(sql.raw(readFileSync(file, 'utf8')))
    const rows = await t.db.select().from(conversations).where(eq(conversations.userId, user.id))
    const title = (id: string) => rows.find((r) => r.id === id)!.title
    expect(title(old!.id)).toBe('one two three four five six seven eight…')
    expect(title(titled!.id)).toBe('Kept')
    expect(title(empty!.id)).toBeNull()
  })
})
