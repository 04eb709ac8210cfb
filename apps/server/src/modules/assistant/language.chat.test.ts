import type { SendMessageResponse } from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/index.ts'

/** Issue 51: the model is told the person's language, through the real @ai-sdk/openai against the fake. */
let model: OpenAIFake
let t: TestApp
beforeAll(async () => {
  model = await startOpenAIFake({ model: 'gpt-test' })
  t = await buildTestApp({ env: model.env, assistant: { maxRetries: 0 } })
})
afterAll(async () => {
  await t.close()
  await model.close()
})
beforeEach(() => model.reset())

async function send(user: Awaited<ReturnType<TestApp['createUser']>>, content: string) {
  const sent = await user.api.post<SendMessageResponse>('/api/chat/send', { content })
  expect(sent.status, sent.text).toBe(200)
  return model.systemPrompt(model.requests[0])
}

describe("the model's prompt names the person's language", () => {
  it('asks a Portuguese user’s model to answer in European Portuguese', async () => {
    model.enqueue(openaiReply.text('Olá! Em que posso ajudar?'))
    const user = await t.createUser({ name: 'Joana Reis' })
    expect((await user.api.put('/api/auth/user/settings', { language: 'pt-PT' })).status).toBe(200)
    const system = await send(user, 'Olá, tudo bem?')
    expect(system).toContain(
      "The user's language is European Portuguese (pt-PT): answer in European Portuguese.",
    )
    expect(system).toContain('talking with Joana Reis')
  })

  it('adds no language line for English, the default every account starts with', async () => {
    model.enqueue(openaiReply.text('Hello!'))
    const user = await t.createUser()
    const system = await send(user, 'Hello there')
    expect(system).not.toContain("The user's language is")
    expect(system).toContain('in the language the user writes in')
  })
})
