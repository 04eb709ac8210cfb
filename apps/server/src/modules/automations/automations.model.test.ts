/**
 * An automation made by the chat's model through create_automation (the real @ai-sdk/openai provider
 * against the tool-calling fake model), run at its hour by a fixed clock: the model answers the prompt
 * again at the run, and the answer reaches the fake push service and the SMTP server once.
 */
import { eq } from 'drizzle-orm'
import type { AutomationList, PushPayload, SendMessageResponse } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/index.ts'
import { startFakePushService, type FakePushService } from '../../test/fakes/push-service.ts'
import { startFakeSmtp, type FakeSmtp } from '../../test/fakes/smtp.ts'
import { instance, type Instance } from './instances.test-support.ts'

let model: OpenAIFake
let t: TestApp
let push: FakePushService
let smtp: FakeSmtp
let clock = new Date()
let a: Instance
let b: Instance

beforeAll(async () => {
  ;[model, push, smtp] = await Promise.all([
    startOpenAIFake({ model: 'gpt-test' }),
    startFakePushService(),
    startFakeSmtp(),
  ])
  t = await buildTestApp({
    env: { ...model.env, ALLOW_PRIVATE_NETWORK_URLS: 'true' },
    assistant: { maxRetries: 0 },
  })
  const options = { t, push, smtp, clock: () => clock }
  a = await instance(options)
  b = await instance(options)
})
afterAll(async () => {
  for (const i of [a, b]) await i?.reminders.stop()
  await t?.close()
  await Promise.all([model?.close(), push?.close(), smtp?.close()])
})

describe('create_automation, the model’s tool', () => {
  it('makes the automation the person asked for, which runs at its hour through the model, once', async () => {
    const user = await t.createUser({ timezone: 'Europe/Berlin' })
    await t.db.update(users).set({ verifiedEmail: user.email.toLowerCase() }).where(eq(users.id, user.id))
    const phone = push.subscribe()
    await a.reminders.subscribe(user.id, phone.json, 'Chrome on Android')
    model.enqueue(
      openaiReply.toolCall('create_automation', {
        prompt: 'What is due today?',
        schedule: 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0',
      }),
      openaiReply.text('Done: every morning at 07:00 I will tell you what is due.'),
    )
    const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: "every morning at 7 tell me what's due today",
    })
    expect(sent.status, sent.text).toBe(200)
    expect((model.requests[0]!.tools ?? []).map((tool) => tool.function.name)).toContain('create_automation')
    expect(sent.body.assistantMessage.activity).toEqual([
      { tool: 'create_automation', summary: 'Scheduled a request' },
    ])
    const [made] = (await user.api.get<AutomationList>('/api/automations')).body.automations
    expect(made).toMatchObject({
      prompt: 'What is due today?',
      timezone: 'Europe/Berlin',
      scheduleText: 'every day at 07:00',
    })

    // A rule more often than hourly: the tool answers the model in words, and nothing is made.
    model.enqueue(
      openaiReply.toolCall('create_automation', { prompt: 'Ping', schedule: 'FREQ=MINUTELY;INTERVAL=10' }),
      openaiReply.text('I cannot run it that often.'),
    )
    await user.api.post('/api/chat/send', { content: 'ping me every 10 minutes' })
    expect(JSON.stringify(model.requests.at(-1)!.messages)).toContain('may run at most every hour')
    expect((await user.api.get<AutomationList>('/api/automations')).body.automations).toHaveLength(1)

    // At 07:00 in Berlin: the model answers the prompt in the automation's own conversation.
    model.reset()
    model.enqueue(openaiReply.text('Due today: the dentist at 10:00 and the library books.'))
    await a.automations.start()
    await b.automations.start()
    clock = new Date(made!.nextRunAt!)
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()])
    clock = new Date(clock.getTime() + 10_000)
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()])

    expect(model.requests).toHaveLength(1)
    const pushed = push.messages
      .filter((m) => m.subscriptionId === phone.id)
      .map((m) => m.payload as PushPayload)
    expect(pushed).toEqual([
      expect.objectContaining({
        type: 'automation',
        title: 'What is due today?',
        body: 'Due today: the dentist at 10:00 and the library books.',
      }),
    ])
    expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(1)
  })
})
