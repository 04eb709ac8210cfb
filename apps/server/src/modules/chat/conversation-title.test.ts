import type { ConversationList, ConversationSummary, SendMessageResponse } from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLanguageModel } from '../../integrations/ai/model.ts'
import { buildTestApp, testEnv, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/index.ts'
import { cleanTitle, offlineTitle, TITLE_INSTRUCTIONS, writeTitle } from './conversation-title.ts'

describe('offlineTitle', () => {
  it('is the first eight words on one line, within 120 characters', () => {
    expect(offlineTitle('  Where did\n\nI park   the car?  ')).toBe('Where did I park the car?')
    expect(offlineTitle('one two three four five six seven eight nine ten')).toBe(
      'one two three four five six seven eight…',
    )
    const long = offlineTitle(`${'a'.repeat(200)} b`)
    expect(long).toHaveLength(120)
    expect(long.endsWith('…')).toBe(true)
  })
})

describe('cleanTitle', () => {
  it("keeps the model's first line without quotes, label, bold or full stop", () => {
    expect(cleanTitle('"Trip to Lisbon."')).toBe('Trip to Lisbon')
    expect(cleanTitle('Title: **Ferry times**\nThis conversation is about…')).toBe('Ferry times')
    expect(cleanTitle('  \n')).toBeNull()
    expect(cleanTitle('x'.repeat(300))).toHaveLength(120)
  })
})

/** The model names a conversation after its first exchange: the real @ai-sdk/openai against the fake. */
let fake: OpenAIFake
let t: TestApp
beforeAll(async () => {
  fake = await startOpenAIFake({ model: 'gpt-test' })
  t = await buildTestApp({ env: fake.env, assistant: { maxRetries: 0 } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.reset())

async function send(user: TestUser, content: string, conversationId?: string) {
  const res = await user.api.post<SendMessageResponse>('/api/chat/send', {
    content,
    ...(conversationId ? { conversationId } : {}),
  })
  expect(res.status, res.text).toBe(200)
  return res.body
}

async function titleOf(user: TestUser, id: string) {
  const res = await user.api.get<ConversationList>('/api/chat/conversations')
  return res.body.items.find((c) => c.id === id)?.title
}

describe('titles from the model', () => {
  it('after the first exchange, one small call names the conversation; later messages do not', async () => {
    const user = await t.createUser()
    fake.enqueue(openaiReply.text('The ferry leaves at nine from Cais do Sodré.'))
    fake.enqueueTitle(openaiReply.text('Title: "Ferry to Cacilhas."'))
    const first = await send(user, 'When does the ferry to Cacilhas leave?')
    await expect.poll(() => titleOf(user, first.conversationId)).toBe('Ferry to Cacilhas')

    expect(fake.titleRequests).toHaveLength(1)
    const [request] = fake.titleRequests
    expect(request!.stream).toBe(false)
    expect(fake.systemPrompt(request)).toContain(TITLE_INSTRUCTIONS)
    const prompt = request!.messages.find((m) => m.role === 'user')!.content as string
    expect(prompt).toContain('When does the ferry to Cacilhas leave?')
    expect(prompt).toContain('The ferry leaves at nine')
    // The answer's own request is the only one in the answers' order.
    expect(fake.requests).toHaveLength(1)

    fake.enqueue(openaiReply.text('Twenty minutes.'))
    await send(user, 'How long is the crossing?', first.conversationId)
    await new Promise((r) => setTimeout(r, 200))
    expect(fake.titleRequests).toHaveLength(1)
    expect(await titleOf(user, first.conversationId)).toBe('Ferry to Cacilhas')
  })

  it('never delays the answer: a title that hangs leaves the first words, and the answer is back at once', async () => {
    const user = await t.createUser()
    fake.enqueue(openaiReply.text('Pasta with tomatoes.'))
    fake.enqueueTitle(openaiReply.hang())
    const sent = await send(user, 'What should I cook tonight?')
    expect(sent.assistantMessage.content).toBe('Pasta with tomatoes.')
    await expect.poll(() => fake.titleRequests.length).toBe(1)
    expect(await titleOf(user, sent.conversationId)).toBe('What should I cook tonight?')
  })

  it('a failed title call keeps the first words of the first message', async () => {
    const user = await t.createUser()
    fake.enqueue(openaiReply.text('Sure.'))
    fake.enqueueTitle(openaiReply.serverError())
    const sent = await send(user, 'Remind me about the plumber')
    await expect.poll(() => fake.titleRequests.length).toBe(1)
    await new Promise((r) => setTimeout(r, 200))
    expect(await titleOf(user, sent.conversationId)).toBe('Remind me about the plumber')
  })

  it("the user's rename wins over a title that arrives later", async () => {
    const user = await t.createUser()
    fake.enqueue(openaiReply.text('Here is a plan.'))
    fake.enqueueTitle({ kind: 'text', text: 'Garden plans', delayMs: 400 })
    const sent = await send(user, 'Plan the garden for spring')
    const renamed = await user.api.request<ConversationSummary>(
      'PATCH',
      `/api/chat/conversations/${sent.conversationId}`,
      { payload: { title: 'My garden' } },
    )
    expect(renamed.status).toBe(200)
    await expect.poll(() => fake.titleRequests.length).toBe(1)
    await new Promise((r) => setTimeout(r, 700))
    expect(await titleOf(user, sent.conversationId)).toBe('My garden')
  })
})

describe('writeTitle', () => {
  it('gives up after its time limit (the request is aborted), and at once when its signal aborts', async () => {
    fake.enqueueTitle(openaiReply.hang(), openaiReply.hang())
    const env = testEnv(fake.env)
    const model = (await createLanguageModel(env.ai))!
    const exchange = { question: 'hello', answer: 'hi' }
    await expect(
      writeTitle(model, exchange, { timeoutMs: 300, signal: new AbortController().signal }),
    ).rejects.toThrow(/within 300 ms/)
    await expect.poll(() => fake.titleRequests[0]?.aborted).toBe(true)

    const stop = new AbortController()
    const pending = writeTitle(model, exchange, { timeoutMs: 60_000, signal: stop.signal })
    await expect.poll(() => fake.titleRequests.length).toBe(2)
    stop.abort(new Error('closing'))
    await expect(pending).rejects.toThrow()
    await expect.poll(() => fake.titleRequests[1]?.aborted).toBe(true)
  })
})
