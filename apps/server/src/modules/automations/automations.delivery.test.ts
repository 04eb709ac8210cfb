/**
 * An automation made in words in the chat runs at its hour (a fixed clock), exactly once with two
 * instances on one database, its answer appended to its own conversation and delivered through the
 * reminders' channels: the in-app event, Web Push to the loopback fake push service (which decrypts the
 * message and checks its VAPID signature) and e-mail to a local SMTP server. Pausing stops it. Runs on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm'
import type { Automation, AutomationList, ChatHistory, PushPayload, SendMessageResponse } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { startFakePushService, type FakePushService } from '../../test/fakes/push-service.ts'
import { startFakeSmtp, type FakeSmtp } from '../../test/fakes/smtp.ts'
import type { HubEvent } from '../reminders/index.ts'
import { instance, type Instance } from './instances.test-support.ts'

let t: TestApp
let push: FakePushService
let smtp: FakeSmtp
let clock = new Date()
const events: HubEvent[] = []

let a: Instance
let b: Instance

beforeAll(async () => {
  push = await startFakePushService()
  smtp = await startFakeSmtp()
  t = await buildTestApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: 'true' } })
  const options = { t, push, smtp, clock: () => clock }
  a = await instance(options)
  b = await instance(options)
})
afterAll(async () => {
  for (const i of [a, b]) await i?.reminders.stop()
  await t?.close()
  await push?.close()
  await smtp?.close()
})

/** Moves the clock and runs, on both instances at once, the jobs due by then. */
async function at(instant: Date) {
  clock = instant
  await Promise.all([a.jobs.runDue(), b.jobs.runDue()])
}

describe('an automation made in the chat, run by two instances', () => {
  it('runs at its hour once, answered in its own conversation and sent by push and e-mail; pausing stops it', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    await t.db.update(users).set({ verifiedEmail: user.email.toLowerCase() }).where(eq(users.id, user.id))
    const phone = push.subscribe()
    await a.reminders.subscribe(user.id, phone.json, 'Firefox on Android')
    for (const i of [a, b]) i.hub.subscribe(user.id, (event) => events.push(event))
    const pushed = () => push.messages.filter((m) => m.subscriptionId === phone.id)
    const mailed = () => smtp.mails.filter((m) => m.to.includes(user.email))

    const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'every Friday at 5pm summarise my week and send it to me',
    })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body.assistantMessage.content).toMatch(
      /^I'll answer “Summarise my week” every Friday at 17:00 and send it to you .*first on Friday, \w+ \d+ at 17:00\./,
    )
    const [made] = (await user.api.get<AutomationList>('/api/automations')).body.automations
    expect(made).toMatchObject({
      prompt: 'Summarise my week',
      schedule: 'FREQ=WEEKLY;BYDAY=FR;BYHOUR=17;BYMINUTE=0',
      timezone: 'Europe/Lisbon',
      channels: ['app', 'push', 'email'],
      paused: false,
      conversationId: null,
    })
    const due = new Date(made!.nextRunAt!)
    expect(due.getUTCDay()).toBe(5)

    // Both instances start (as after a restart): each queues the automation's run.
    await a.automations.start()
    await b.automations.start()
    await at(new Date(due.getTime() - 60_000))
    expect(pushed()).toHaveLength(0)
    await at(due)
    // A second pass: a run the other instance was still making is tried again, and finds it done.
    await at(new Date(due.getTime() + 10_000))

    expect(pushed()).toHaveLength(1)
    const payload = pushed()[0]!.payload as PushPayload
    const listed = (await user.api.get<{ automations: Automation[] }>('/api/automations')).body
      .automations[0]!
    const conversation = listed.conversationId!
    expect(payload).toMatchObject({
      type: 'automation',
      title: 'Summarise my week',
      url: `/chat/${conversation}`,
    })
    expect(mailed()).toHaveLength(1)
    expect(mailed()[0]!.subject).toBe('Remi: Summarise my week')
    // Quoted-printable: its soft line breaks joined.
    expect(mailed()[0]!.raw.replace(/=\r?\n/g, '')).toContain(`${t.env.appUrl}/chat/${conversation}`)
    // One event (on PostgreSQL one NOTIFY, which both instances' hubs hear and pass to their open tabs).
    const toasts = [...new Map(events.filter((e) => e.event === 'automation').map((e) => [e.id, e])).values()]
    expect(toasts).toHaveLength(1)
    expect(toasts[0]!.data).toMatchObject({ automationId: made!.id, url: `/chat/${conversation}` })

    // The answer, in the automation's own conversation: the offline assistant's week summary.
    const history = await user.api.get<ChatHistory>(`/api/chat/history?conversationId=${conversation}`)
    expect(history.body.messages.map((m) => m.isUserMessage)).toEqual([true, false])
    expect(history.body.messages[0]!.content).toBe('Summarise my week')
    expect(history.body.messages[1]!.content).toMatch(/week/i)
    expect(payload.body.length).toBeGreaterThan(0)
    // Next run a week on, and its job queued.
    expect(listed.lastRunAt).toBe(due.toISOString())
    expect(Date.parse(listed.nextRunAt!) - due.getTime()).toBe(7 * 86_400_000)

    // The week after: one more answer, appended to the same conversation.
    const next = new Date(listed.nextRunAt!)
    await at(next)
    await at(new Date(next.getTime() + 10_000))
    expect(pushed()).toHaveLength(2)
    expect(mailed()).toHaveLength(2)
    const again = await user.api.get<ChatHistory>(`/api/chat/history?conversationId=${conversation}`)
    expect(again.body.messages).toHaveLength(4)

    // Paused: its next time comes and nothing is sent.
    const paused = await user.api.patch<Automation>(`/api/automations/${made!.id}`, { paused: true })
    expect(paused.body).toMatchObject({ paused: true, nextRunAt: null })
    await at(new Date(next.getTime() + 7 * 86_400_000 + 60_000))
    expect(pushed()).toHaveLength(2)
    expect(mailed()).toHaveLength(2)
    expect(await a.automations.runsOf(user.id, made!.id)).toHaveLength(2)
  })
})
