import type { AddressInfo } from 'node:net'
import {
  todayIn,
  type ChatHistory,
  type ChatMessage,
  type MemoryList,
  type SendMessageResponse,
} from '@remi/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chatMessages } from '../../db/schema.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/index.ts'
import { eventData, parseEventStream } from '../../test/sse.ts'
import { FALLBACK_NOTE } from '../assistant/index.ts'
import { ANSWER_FAILED } from './chat.routes.ts'

/**
 * The chat with a language model: the real @ai-sdk/openai provider (AI_PROVIDER=openai) talking to a
 * loopback fake of the Chat Completions API, through the real assistant and the real routes.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
/** "November 22, 2026": how a day reads in the prompt. */
const spelled = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return `${MONTHS[m - 1]} ${d}, ${y}`
}

let fake: OpenAIFake
let t: TestApp
beforeAll(async () => {
  fake = await startOpenAIFake({ model: 'gpt-test' })
  // No retries: each scripted failure is one request. Timeouts stay long here (see the second app below).
  t = await buildTestApp({ env: fake.env, assistant: { maxRetries: 0 } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.reset())

async function userWithMemories(app: TestApp) {
  const user = await app.createUser({ name: 'Marta Silva', timezone: 'Europe/Lisbon' })
  const memories = {
    birthday: await app.factory.memory(user.id, {
      text: "Ana's birthday is on 12 May",
      tags: ['family'],
      date: '2026-05-12',
    }),
    tulips: await app.factory.memory(user.id, { text: 'Ana loves yellow tulips', tags: ['family'] }),
    porto: await app.factory.memory(user.id, { text: 'Ana moved to Porto in March', date: '2026-03-02' }),
    dentist: await app.factory.memory(user.id, { text: 'Dentist appointment at 15:00', tags: ['health'] }),
  }
  return { user, memories }
}

const history = async (user: TestUser) => (await user.api.get<ChatHistory>('/api/chat/history')).body

async function stream(user: TestUser, content: string) {
  const res = await user.api.post('/api/chat/stream', { content })
  expect(res.status, res.text).toBe(200)
  return parseEventStream(res.text)
}

describe('tools mode', () => {
  it('the model gets a system prompt with the user’s name, the local date and several relevant memories', async () => {
    const { user, memories } = await userWithMemories(t)
    fake.enqueue(openaiReply.text('Ana loves **yellow tulips** and lives in Porto.'))
    const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'What do you know about Ana?',
    })
    expect(sent.status, sent.text).toBe(200)

    expect(fake.requests).toHaveLength(1)
    const prompt = fake.systemPrompt()
    expect(prompt).toContain('Marta Silva')
    expect(prompt).toContain(spelled(todayIn('Europe/Lisbon')))
    expect(prompt).toContain('Europe/Lisbon')
    for (const m of [memories.birthday, memories.tulips, memories.porto]) expect(prompt).toContain(m.text)
    expect(prompt).not.toContain(memories.dentist.text)
    // The user's message is the last one the model reads.
    const last = fake.requests[0]!.messages.at(-1)!
    expect(last).toMatchObject({ role: 'user' })
    expect(JSON.stringify(last.content)).toContain('What do you know about Ana?')

    expect(sent.body.assistantMessage).toMatchObject({
      content: 'Ana loves **yellow tulips** and lives in Porto.',
      mode: 'tools',
      model: 'gpt-test',
      stopped: false,
    })
    // The memories it was given are its citations.
    const cited = sent.body.assistantMessage.citations!.map((c) => c.id)
    expect(cited).toEqual(
      expect.arrayContaining([memories.birthday.id, memories.tulips.id, memories.porto.id]),
    )
    // Made from the memories as the answer read them, they are what the history reads from the table.
    const stored = (await history(user)).messages.at(-1)!
    expect(stored.id).toBe(sent.body.assistantMessage.id)
    expect(sent.body.assistantMessage.citations).toEqual(stored.citations)
    expect(sent.body.assistantMessage.citations!.find((c) => c.id === memories.porto.id)).toEqual({
      id: memories.porto.id,
      excerpt: 'Ana moved to Porto in March',
      date: '2026-03-02',
    })
  })

  it('calls search_memories and create_memory (streamed tool calls); the answer cites the memories', async () => {
    const { user, memories } = await userWithMemories(t)
    fake.enqueue(
      openaiReply.toolCall('search_memories', { query: 'Ana birthday' }),
      openaiReply.toolCall('create_memory', {
        text: 'Buy yellow tulips for Ana',
        tags: ['family', 'gifts'],
        date: '2026-05-11',
      }),
      openaiReply.text("Ana's birthday is on **12 May**. I saved a reminder to buy her tulips."),
    )
    const events = await stream(user, 'When is Ana’s birthday? Remind me to buy her tulips the day before.')

    const names = events.map((e) => e.event)
    expect(names[0]).toBe('user')
    expect(names.at(-1)).toBe('done')
    const activity = events.flatMap((e) => (e.event === 'activity' ? [e.data] : []))
    expect(activity.map((a) => `${a.status} ${a.activity.tool}`)).toEqual([
      'started search_memories',
      'finished search_memories',
      'started create_memory',
      'finished create_memory',
    ])
    const done = eventData(events, 'done')!.message
    expect(done).toMatchObject({
      content: "Ana's birthday is on **12 May**. I saved a reminder to buy her tulips.",
      mode: 'tools',
      model: 'gpt-test',
      stopped: false,
    })
    expect(events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('')).toBe(done.content)

    // The memory was saved through the real service and shows in the memories list.
    const list = await user.api.get<MemoryList>('/api/memories', { searchTerm: 'tulips' })
    const saved = list.body.items.find((m) => m.text === 'Buy yellow tulips for Ana')!
    expect(saved).toMatchObject({ tags: ['family', 'gifts'], date: '2026-05-11' })

    expect(done.activity).toEqual([
      { tool: 'search_memories', summary: "Searched memories for 'Ana birthday'" },
      { tool: 'create_memory', summary: 'Saved a memory', memoryId: saved.id },
    ])
    const cited = done.citations!.map((c) => c.id)
    expect(cited).toEqual(expect.arrayContaining([memories.birthday.id, saved.id]))
    expect(done.citations!.find((c) => c.id === memories.birthday.id)).toEqual({
      id: memories.birthday.id,
      excerpt: "Ana's birthday is on 12 May",
      date: '2026-05-12',
    })

    // The model got the tools, then each tool's result in the next step.
    expect(fake.requests).toHaveLength(3)
    expect(fake.requests[0]!.tools!.map((tool) => tool.function.name).sort()).toEqual([
      // Issue 31 added the reminder tools, issue 50 create_automation.
      'cancel_reminder',
      'create_automation',
      'create_memory',
      'create_reminder',
      'delete_memory',
      'get_calendar_events',
      'get_weather',
      'list_reminders',
      'search_memories',
      'update_memory',
    ])
    const results = fake.requests[2]!.messages.filter((m) => m.role === 'tool')
    expect(results).toHaveLength(2)
    expect(JSON.stringify(results[0]!.content)).toContain("Ana's birthday is on 12 May")
    expect(JSON.stringify(results[1]!.content)).toContain('Buy yellow tulips for Ana')

    // The metadata keeps the calls with their arguments, the mode and the model.
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, done.id))
    expect(row!.metadata).toMatchObject({
      calls: [
        { tool: 'search_memories', args: { query: 'Ana birthday' } },
        {
          tool: 'create_memory',
          args: { text: 'Buy yellow tulips for Ana', tags: ['family', 'gifts'], date: '2026-05-11' },
        },
      ],
      mode: 'tools',
      model: 'gpt-test',
      stopped: false,
    })
    expect((await history(user)).messages.at(-1)).toEqual(done)
  })

  it('the next message carries the conversation so far', async () => {
    const user = await t.createUser()
    fake.enqueue(openaiReply.text('Hello Marta!'), openaiReply.text('You said hello.'))
    await stream(user, 'Hello')
    await stream(user, 'What did I say?')
    const second = fake.requests[1]!.messages.filter((m) => m.role !== 'system' && m.role !== 'developer')
    expect(second.map((m) => [m.role, JSON.stringify(m.content)])).toEqual([
      ['user', expect.stringContaining('Hello')],
      ['assistant', expect.stringContaining('Hello Marta!')],
      ['user', expect.stringContaining('What did I say?')],
    ])
  })
})

describe('when the model fails, the offline assistant answers with a note; the user message is kept', () => {
  const cases = [
    ['a 500', () => openaiReply.serverError()],
    ['an empty answer', () => openaiReply.empty()],
  ] as const
  for (const [what, script] of cases) {
    it(`after ${what}`, async () => {
      const { user } = await userWithMemories(t)
      fake.enqueue(script())
      const res = await user.api.post<SendMessageResponse>('/api/chat/send', {
        content: 'When is Ana’s birthday?',
      })
      expect(res.status, res.text).toBe(200)
      const answer = res.body.assistantMessage
      expect(answer.mode).toBe('offline')
      expect(answer.content.startsWith(FALLBACK_NOTE)).toBe(true)
      expect(answer.content).toContain('12 May')
      expect(fake.requests).toHaveLength(1)
      const stored = await history(user)
      expect(stored.messages.map((m) => m.content)).toEqual(['When is Ana’s birthday?', answer.content])
    })
  }
})

describe('Stop', () => {
  it('closing the stream stops the model and stores what it wrote so far, marked stopped', async () => {
    const user = await t.createUser()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    fake.enqueue(openaiReply.stall(['Ana was born ', 'on a sunny ']))

    const controller = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}/api/chat/stream`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Tell me about Ana' }),
      signal: controller.signal,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (!text.includes('on a sunny ')) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    const before = parseEventStream(text)
    expect(before.map((e) => e.event)).toEqual(['user', 'delta', 'delta'])
    controller.abort()

    // The server stores the partial answer once it sees the request closed.
    await expect.poll(async () => (await history(user)).totalCount, { timeout: 10_000 }).toBe(2)
    const [question, answer] = (await history(user)).messages as [ChatMessage, ChatMessage]
    expect(question).toMatchObject({ content: 'Tell me about Ana', isUserMessage: true })
    expect(answer).toMatchObject({
      content: 'Ana was born on a sunny ',
      stopped: true,
      mode: 'tools',
      model: 'gpt-test',
    })
    // And it hung up on the model.
    await expect.poll(() => fake.requests[0]!.aborted).toBe(true)
  })
})

describe('with short timeouts, and a model that refuses tools', () => {
  let slowFake: OpenAIFake
  let slow: TestApp
  beforeAll(async () => {
    slowFake = await startOpenAIFake({ model: 'llama-test' })
    slow = await buildTestApp({
      env: slowFake.env,
      assistant: { maxRetries: 0, firstTokenTimeoutMs: 1000, totalTimeoutMs: 3000 },
    })
  })
  afterAll(async () => {
    await slow.close()
    await slowFake.close()
  })
  beforeEach(() => slowFake.reset())

  it('a model that never answers: the offline assistant answers after the first-token timeout', async () => {
    const { user } = await userWithMemories(slow)
    slowFake.enqueue(openaiReply.hang())
    const events = await stream(user, 'When is Ana’s birthday?')
    const done = eventData(events, 'done')!.message
    expect(done.mode).toBe('offline')
    expect(done.content.startsWith(FALLBACK_NOTE)).toBe(true)
    expect(done.content).toContain('12 May')
    // It gave up on the model, which had not sent a byte.
    await expect.poll(() => slowFake.requests[0]!.aborted).toBe(true)
    expect((await history(user)).messages.map((m) => m.isUserMessage)).toEqual([true, false])
  })

  it('a model that stalls mid-answer: the offline assistant answers after the total timeout', async () => {
    const { user } = await userWithMemories(slow)
    slowFake.enqueue(openaiReply.stall(['Let me think ']))
    const res = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'When is Ana’s birthday?',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.assistantMessage.mode).toBe('offline')
    expect(res.body.assistantMessage.content.startsWith(FALLBACK_NOTE)).toBe(true)
    expect(res.body.userMessage.content).toBe('When is Ana’s birthday?')
  })

  it('a failure after the user message was stored is an `error` event (stream) or a readable 502 (send), never a 500', async () => {
    const user = await slow.createUser()
    // The history is cleared while the model hangs: the answer has no conversation left to go into.
    slowFake.enqueue(openaiReply.hang())
    const pending = user.api.post('/api/chat/stream', { content: 'hello' })
    await expect.poll(() => slowFake.requests.length).toBe(1)
    // The model is asked once the message is stored (what the prompt needs is read meanwhile).
    expect((await history(user)).messages.map((m) => m.content)).toEqual(['hello'])
    expect((await user.api.delete('/api/chat/clear')).status).toBe(204)
    const res = await pending
    expect(res.status).toBe(200)
    const events = parseEventStream(res.text)
    expect(events.map((e) => e.event)).toEqual(['user', ...events.slice(1, -1).map(() => 'delta'), 'error'])
    expect(eventData(events, 'error')).toEqual({ message: ANSWER_FAILED })

    slowFake.enqueue(openaiReply.hang())
    const sending = user.api.post('/api/chat/send', { content: 'hello' })
    await expect.poll(() => slowFake.requests.length).toBe(2)
    await user.api.delete('/api/chat/clear')
    const sent = await sending
    expect(sent.status).toBe(502)
    expect(sent.body).toMatchObject({ code: 'UPSTREAM_FAILED', message: ANSWER_FAILED })
  })

  // Last in this app: after a refusal the model stays in context mode for the life of the process.
  it('context mode after the tools refusal: the facts go into the prompt, and the model keeps that mode', async () => {
    const { user, memories } = await userWithMemories(slow)
    slowFake.enqueue(
      openaiReply.toolsRefused('llama-test'),
      openaiReply.text('Ana was born on 12 May.'),
      openaiReply.text('She loves yellow tulips.'),
    )
    const first = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'When is Ana’s birthday?',
    })
    expect(first.status, first.text).toBe(200)
    expect(first.body.assistantMessage).toMatchObject({
      content: 'Ana was born on 12 May.',
      mode: 'context',
      model: 'llama-test',
    })
    expect(first.body.assistantMessage.citations!.map((c) => c.id)).toContain(memories.birthday.id)
    const [withTools, withFacts] = slowFake.requests as [
      (typeof slowFake.requests)[number],
      (typeof slowFake.requests)[number],
    ]
    // Every tool: the memory ones, issue 32's two proposals, issue 31's three reminder tools and issue
    // 50's create_automation.
    expect(withTools.tools?.length).toBe(10)
    expect(withFacts.tools).toBeUndefined()
    const prompt = slowFake.systemPrompt(withFacts)
    expect(prompt).toContain(memories.birthday.text)
    expect(prompt).toContain(memories.tulips.text)

    const second = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'What does Ana like?',
    })
    expect(second.body.assistantMessage).toMatchObject({
      content: 'She loves yellow tulips.',
      mode: 'context',
    })
    expect(slowFake.requests).toHaveLength(3)
    expect(slowFake.requests[2]!.tools).toBeUndefined()
    expect((await history(user)).totalCount).toBe(4)
  })
})
