import {
  CHAT_LIMITS,
  TOO_MANY_REQUESTS_MESSAGE,
  type ApiErrorBody,
  type ChatHistory,
  type ChatMessage,
  type SendMessageResponse,
} from '@remi/shared'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages, conversations } from '../../db/schema.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { eventData, parseEventStream } from '../../test/sse.ts'
import { OFFLINE_INTRODUCTION } from '../assistant/index.ts'

/** The chat API with the offline assistant (AI_PROVIDER=none, the default): storage, paging, limits. */
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

const history = async (user: TestUser, query: Record<string, string | number> = {}) => {
  const res = await user.api.get<ChatHistory>('/api/chat/history', query)
  expect(res.status, res.text).toBe(200)
  return res.body
}

async function storedMessages(userId: string) {
  const [row] = await t.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.userId, userId))
  return row!.n
}

describe('POST chat/send', () => {
  it('stores the trimmed user message and the answer, and keeps using the same conversation', async () => {
    const user = await t.createUser()
    const first = await send(user, '  hello there  ')
    expect(first.userMessage).toMatchObject({ content: 'hello there', isUserMessage: true })
    expect(first.assistantMessage).toMatchObject({ isUserMessage: false, mode: 'offline', stopped: false })
    expect(first.assistantMessage.content.length).toBeGreaterThan(0)
    expect(first.assistantMessage.createdUtc > first.userMessage.createdUtc).toBe(true)

    const second = await send(user, 'help')
    expect(second.conversationId).toBe(first.conversationId)
    const third = await send(user, 'and again', first.conversationId)
    expect(third.conversationId).toBe(first.conversationId)

    const all = await history(user)
    expect(all.conversationId).toBe(first.conversationId)
    expect(all.totalCount).toBe(6)
    expect(all.messages.map((m) => m.id)).toEqual([
      first.userMessage.id,
      first.assistantMessage.id,
      second.userMessage.id,
      second.assistantMessage.id,
      third.userMessage.id,
      third.assistantMessage.id,
    ])
    expect(all.messages[1]).toEqual(first.assistantMessage)
    expect(all.assistant).toEqual(t.services.assistant.info)
  })

  it("moves the conversation's last_message_at to the answer", async () => {
    const user = await t.createUser()
    const sent = await send(user, 'hello')
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, sent.conversationId))
    expect(row!.lastMessageAt?.toISOString()).toBe(sent.assistantMessage.createdUtc)
  })

  it('says once per conversation that it runs without a language model', async () => {
    const user = await t.createUser()
    const first = await send(user, 'hello')
    const second = await send(user, 'hello')
    expect(first.assistantMessage.content).toContain(OFFLINE_INTRODUCTION)
    expect(second.assistantMessage.content).not.toContain(OFFLINE_INTRODUCTION)
    // A new conversation (after clearing) says it again.
    await user.api.delete('/api/chat/clear')
    expect((await send(user, 'hello')).assistantMessage.content).toContain(OFFLINE_INTRODUCTION)
  })

  it('refuses blank content and content over 8000 characters (400 naming the field); 8000 is fine', async () => {
    const user = await t.createUser()
    for (const content of ['', '   \n\t ', 'x'.repeat(CHAT_LIMITS.contentMax + 1)]) {
      for (const url of ['/api/chat/send', '/api/chat/stream']) {
        const res = await user.api.post(url, { content })
        expect(res.status, `${url} ${content.length}`).toBe(400)
        expect(res.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: expect.stringMatching(/^Content /),
        })
      }
    }
    const missing = await user.api.post<ApiErrorBody>('/api/chat/send', {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Content is required.')
    const notUuid = await user.api.post<ApiErrorBody>('/api/chat/send', {
      content: 'x',
      conversationId: 'nope',
    })
    expect(notUuid.status).toBe(400)
    expect(notUuid.body.message).toBe('Conversation ID must be a UUID.')
    expect(await storedMessages(user.id)).toBe(0)

    const longest = await send(user, `${'x'.repeat(CHAT_LIMITS.contentMax)}   `)
    expect(longest.userMessage.content).toHaveLength(CHAT_LIMITS.contentMax)
  })
})

describe('POST chat/stream', () => {
  it('sends the stored user message, the text as deltas, then the stored answer', async () => {
    const user = await t.createUser()
    const res = await user.api.post('/api/chat/stream', { content: 'help' })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache, no-transform')
    // The app's hooks still ran: helmet's headers are there.
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.text).toMatch(/^: /)

    const events = parseEventStream(res.text)
    expect(events[0]?.event).toBe('user')
    expect(events.at(-1)?.event).toBe('done')
    const user0 = eventData(events, 'user')!
    const done = eventData(events, 'done')!
    expect(user0.message).toMatchObject({ content: 'help', isUserMessage: true })
    expect(done.conversationId).toBe(user0.conversationId)
    const text = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('')
    expect(text).toBe(done.message.content)

    const stored = await history(user)
    expect(stored.messages).toEqual([user0.message, done.message])
  })
})

describe('POST chat/regenerate', () => {
  it('replaces the last answer: same question, a new answer row, the old one gone; no user event', async () => {
    const user = await t.createUser()
    const sent = await send(user, 'help')
    const res = await user.api.post('/api/chat/regenerate', { conversationId: sent.conversationId })
    expect(res.status).toBe(200)
    const events = parseEventStream(res.text)
    expect(events.map((e) => e.event)).not.toContain('user')
    const done = eventData(events, 'done')!
    expect(done.message.id).not.toBe(sent.assistantMessage.id)
    expect(done.message.content).toBe(sent.assistantMessage.content)

    const after = await history(user)
    expect(after.totalCount).toBe(2)
    expect(after.messages.map((m) => m.id)).toEqual([sent.userMessage.id, done.message.id])
  })

  it('is a 404 when there is no answer to replace', async () => {
    const user = await t.createUser()
    const empty = await t.factory.conversation(user.id)
    const none = await user.api.post('/api/chat/regenerate', { conversationId: empty.id })
    expect(none.status).toBe(404)
    expect(none.body).toMatchObject({ code: 'NOT_FOUND' })

    await t.factory.message(empty.id, user.id, { role: 'user', content: 'unanswered' })
    const unanswered = await user.api.post('/api/chat/regenerate', { conversationId: empty.id })
    expect(unanswered.status).toBe(404)
    expect(await storedMessages(user.id)).toBe(1)
  })
})

describe('GET chat/history', () => {
  it('pages from the newest: page 1 holds the newest messages, each page oldest first', async () => {
    const user = await t.createUser()
    const conversation = await t.factory.conversation(user.id)
    const start = Date.parse('2026-03-01T10:00:00Z')
    const ids: string[] = []
    for (let i = 0; i < 7; i++) {
      const row = await t.factory.message(conversation.id, user.id, {
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
        createdAt: new Date(start + i * 60_000),
      })
      ids.push(row.id)
    }
    const page = async (n: number) => history(user, { conversationId: conversation.id, page: n, pageSize: 3 })
    const one = await page(1)
    expect(one.totalCount).toBe(7)
    expect(one.messages.map((m) => m.content)).toEqual(['message 4', 'message 5', 'message 6'])
    expect((await page(2)).messages.map((m) => m.content)).toEqual(['message 1', 'message 2', 'message 3'])
    expect((await page(3)).messages.map((m) => m.content)).toEqual(['message 0'])
    expect((await page(4)).messages).toEqual([])
    expect(one.messages[0]).toEqual({
      id: ids[4],
      content: 'message 4',
      isUserMessage: true,
      createdUtc: new Date(start + 4 * 60_000).toISOString(),
    })
    // Without a conversationId: the user's latest conversation, 30 a page by default.
    const latest = await history(user)
    expect(latest.conversationId).toBe(conversation.id)
    expect(latest.messages).toHaveLength(7)
  })

  it('without any conversation: no id, no messages, and who answers', async () => {
    const user = await t.createUser()
    expect(await history(user)).toEqual({
      conversationId: null,
      messages: [],
      totalCount: 0,
      assistant: { name: expect.any(String), model: null },
    })
  })

  it('returns citations from the memories as they are now: a deleted memory drops out', async () => {
    const user = await t.createUser()
    const kept = await t.factory.memory(user.id, {
      text: `Ana's birthday is on 12 May ${'and more '.repeat(40)}`,
      date: '2026-05-12',
    })
    const deleted = await t.factory.memory(user.id, { text: 'Ana likes tulips' })
    const conversation = await t.factory.conversation(user.id)
    await t.factory.message(conversation.id, user.id, { role: 'user', content: 'When is Ana’s birthday?' })
    await t.factory.message(conversation.id, user.id, {
      role: 'assistant',
      content: 'On 12 May.',
      createdAt: new Date(Date.now() + 1000),
      metadata: {
        citations: [kept.id, deleted.id],
        activity: [{ tool: 'search_memories', summary: "Searched memories for 'Ana'" }],
        calls: [{ tool: 'search_memories', args: { query: 'Ana' } }],
        mode: 'tools',
        model: 'gpt-test',
        stopped: false,
      },
    })
    await user.api.delete(`/api/memories/${deleted.id}`)
    const [, answer] = (await history(user)).messages as [ChatMessage, ChatMessage]
    expect(answer).toMatchObject({
      content: 'On 12 May.',
      mode: 'tools',
      model: 'gpt-test',
      stopped: false,
      activity: [{ tool: 'search_memories', summary: "Searched memories for 'Ana'" }],
    })
    expect(answer.citations).toHaveLength(1)
    expect(answer.citations![0]).toMatchObject({ id: kept.id, date: '2026-05-12' })
    expect(answer.citations![0]!.excerpt.startsWith("Ana's birthday is on 12 May and more")).toBe(true)
    expect(answer.citations![0]!.excerpt.length).toBeLessThanOrEqual(160)
  })

  it('reads metadata it does not recognise as an answer without citations, not an error', async () => {
    const user = await t.createUser()
    const conversation = await t.factory.conversation(user.id)
    await t.factory.message(conversation.id, user.id, {
      role: 'assistant',
      content: 'old',
      metadata: { citations: 'nope', activity: [{ tool: 'unknown' }], mode: 'psychic', stopped: 'yes' },
    })
    const [answer] = (await history(user)).messages
    expect(answer).toMatchObject({ content: 'old', citations: [], activity: [], stopped: false })
    expect(answer!.mode).toBeUndefined()
  })
})

describe('DELETE chat/clear', () => {
  it('deletes the rows (not hidden) and the next message starts a new conversation', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    const before = await send(user, 'hello')
    await send(user, 'help')
    await send(other, 'hello')

    const res = await user.api.delete('/api/chat/clear')
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(await storedMessages(user.id)).toBe(0)
    const left = await t.db.select().from(conversations).where(eq(conversations.userId, user.id))
    expect(left).toEqual([])
    expect(await history(user)).toMatchObject({ conversationId: null, messages: [], totalCount: 0 })
    expect(await storedMessages(other.id)).toBe(2)

    const after = await send(user, 'hello again')
    expect(after.conversationId).not.toBe(before.conversationId)
    expect((await history(user)).totalCount).toBe(2)
    // The old conversation is gone for good: naming it is a 404.
    expect(
      (await user.api.post('/api/chat/send', { content: 'x', conversationId: before.conversationId })).status,
    ).toBe(404)
  })
})

describe("another user's conversation", () => {
  it('is a 404 on every chat route, and nothing is stored in it', async () => {
    const owner = await t.createUser()
    const intruder = await t.createUser()
    const theirs = await send(owner, 'my secret plans')
    const id = theirs.conversationId
    for (const [url, body] of [
      ['/api/chat/send', { content: 'hi', conversationId: id }],
      ['/api/chat/stream', { content: 'hi', conversationId: id }],
      ['/api/chat/regenerate', { conversationId: id }],
    ] as const) {
      const res = await intruder.api.post(url, body)
      expect(res.status, url).toBe(404)
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
    }
    const read = await intruder.api.get('/api/chat/history', { conversationId: id })
    expect(read.status).toBe(404)
    expect(read.text).not.toContain('secret')
    await intruder.api.delete('/api/chat/clear')
    expect((await history(owner)).messages.map((m) => m.content)).toEqual([
      'my secret plans',
      theirs.assistantMessage.content,
    ])
    const [row] = await t.db
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, id), eq(chatMessages.userId, intruder.id)))
    expect(row!.n).toBe(0)
  })
})

describe('limits and CSRF', () => {
  it('20 sends a minute per user across send, stream and regenerate; the 21st is a 429 with the usual body', async () => {
    const user = await t.createUser()
    const bystander = await t.createUser()
    const first = await send(user, 'hello')
    for (let i = 1; i < CHAT_LIMITS.sendsPerMinute; i++) {
      const res =
        i % 3 === 0
          ? await user.api.post('/api/chat/regenerate', { conversationId: first.conversationId })
          : await user.api.post(i % 3 === 1 ? '/api/chat/send' : '/api/chat/stream', {
              content: `hello ${i}`,
            })
      expect(res.status, `send ${i + 1}`).toBe(200)
    }
    const stored = await storedMessages(user.id)
    for (const url of ['/api/chat/send', '/api/chat/stream']) {
      const res = await user.api.post(url, { content: 'one too many' })
      expect(res.status).toBe(429)
      expect(res.body).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: TOO_MANY_REQUESTS_MESSAGE,
        code: 'RATE_LIMITED',
      })
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    }
    const again = await user.api.post('/api/chat/regenerate', { conversationId: first.conversationId })
    expect(again.status).toBe(429)
    expect(await storedMessages(user.id)).toBe(stored)
    // Reading is not limited, and other people are not affected.
    expect((await user.api.get('/api/chat/history')).status).toBe(200)
    expect((await bystander.api.post('/api/chat/send', { content: 'hello' })).status).toBe(200)
  })

  it('every chat write needs the CSRF token', async () => {
    const user = await t.createUser()
    const sent = await send(user, 'hello')
    const withoutToken = { cookie: user.headers.cookie }
    for (const [method, url, payload] of [
      ['POST', '/api/chat/send', { content: 'forged' }],
      ['POST', '/api/chat/stream', { content: 'forged' }],
      ['POST', '/api/chat/regenerate', { conversationId: sent.conversationId }],
      ['DELETE', '/api/chat/clear', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: withoutToken, ...(payload ? { payload } : {}) })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().code, url).toBe('INVALID_CSRF_TOKEN')
    }
    expect(await storedMessages(user.id)).toBe(2)
    expect((await history(user)).messages.map((m) => m.id)).toEqual([
      sent.userMessage.id,
      sent.assistantMessage.id,
    ])
  })
})
