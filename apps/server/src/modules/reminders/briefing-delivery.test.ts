/**
 * The daily briefing delivered at the person's chosen time (issue 31), at a fixed clock: the service's
 * own scheduling, with the job queue played by a fake that runs each job once the clock reaches its
 * start, and the outside channels real (web-push to the loopback fake push service, which decrypts the
 * message and checks its VAPID signature; nodemailer to a local SMTP server).
 */
import { readFileSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import type { PushPayload } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryAttempts, notificationDeliveries, users } from '../../db/schema.ts'
import type { JobKindOptions, JobQueue } from '../../jobs/queue.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { startFakePushService, type FakePushService } from '../../test/fakes/push-service.ts'
import { startFakeSmtp, type FakeSmtp } from '../../test/fakes/smtp.ts'
import { createEmailChannel, createPushChannel, loadVapidKeys } from './channels.ts'
import { createEventHub, type EventHub, type HubEvent } from './event-hub.ts'
import { createRemindersRepo } from './reminders.repo.ts'
import { createRemindersService, type RemindersService } from './reminders.service.ts'

const silent = { info() {}, warn() {}, error() {} }

/** The job queue at a fake clock: each job sent waits for the clock to reach its start, then runs once. */
function fakeQueue(clock: () => Date) {
  const kinds = new Map<string, JobKindOptions<object>>()
  const waiting: Array<{ kind: string; data: object; startAt: number }> = []
  const queue: JobQueue = {
    define<T extends object>(name: string, kind: JobKindOptions<T>) {
      kinds.set(name, kind as JobKindOptions<object>)
      return {
        name,
        async send(data: T, options: { startAfterSeconds?: number } = {}) {
          waiting.push({
            kind: name,
            data,
            startAt: clock().getTime() + (options.startAfterSeconds ?? 0) * 1000,
          })
          return String(waiting.length)
        },
      }
    },
    start: async () => {},
    stop: async () => {},
    running: true,
  }
  return {
    queue,
    /** The jobs of a kind not run yet: when each starts, and its data. */
    waiting: (kind: string) =>
      waiting
        .filter((job) => job.kind === kind)
        .map((job) => ({ startAt: new Date(job.startAt).toISOString(), data: job.data })),
    /** Runs, oldest start first, every job whose start the clock has reached (those they send included). */
    async runDue(): Promise<number> {
      let ran = 0
      for (;;) {
        const due = waiting
          .filter((job) => job.startAt <= clock().getTime())
          .sort((a, b) => a.startAt - b.startAt)[0]
        if (!due) return ran
        waiting.splice(waiting.indexOf(due), 1)
        await kinds
          .get(due.kind)!
          .work([{ id: 'job', data: due.data, retryCount: 0, signal: new AbortController().signal }])
        ran += 1
      }
    },
  }
}

let t: TestApp
let push: FakePushService
let smtp: FakeSmtp
let hub: EventHub
let clock = new Date('2027-03-26T20:00:00Z')
let jobs: ReturnType<typeof fakeQueue>
let service: RemindersService

beforeAll(async () => {
  push = await startFakePushService()
  smtp = await startFakeSmtp()
  t = await buildTestApp({ env: { ALLOW_PRIVATE_NETWORK_URLS: 'true' } })
  jobs = fakeQueue(() => clock)
  hub = createEventHub(t.database, silent)
  await hub.start()
  service = createRemindersService({
    repo: createRemindersRepo(t.db),
    env: t.env,
    jobs: jobs.queue,
    hub,
    push: createPushChannel({
      keys: loadVapidKeys(t.env),
      allowPrivate: true,
      ca: readFileSync(push.certFile, 'utf8'),
    }),
    email: createEmailChannel({ url: smtp.url }, t.env.appUrl),
    logger: silent,
    briefing: async () => ({ date: '', content: '# Good morning\n\n**Three** things today.' }),
    now: () => clock,
  })
})
afterAll(async () => {
  await service?.stop()
  await t?.close()
  await push?.close()
  await smtp?.close()
})

/** The person opened a verification link sent to their address (e-mails may go there). */
async function verified(userId: string, email: string) {
  await t.db.update(users).set({ verifiedEmail: email.toLowerCase() }).where(eq(users.id, userId))
}

/** Moves the clock to `instant` and runs the briefing jobs due by then. */
async function at(instant: string) {
  clock = new Date(instant)
  await jobs.runDue()
}

describe('the daily briefing, at the person’s time in their zone', () => {
  it('goes out at the chosen local time each day, once a day, follows changes, and stops when switched off', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    await verified(user.id, user.email)
    const phone = push.subscribe()
    await service.subscribe(user.id, phone.json, 'Firefox on Android')
    const events: HubEvent[] = []
    hub.subscribe(user.id, (event) => events.push(event))
    const pushed = () =>
      push.messages.filter((m) => m.subscriptionId === phone.id).map((m) => m.payload as PushPayload)
    const mailed = () => smtp.mails.filter((m) => m.to.includes(user.email))

    // Friday evening in Lisbon (UTC+0): "Send my briefing at 07:30".
    await service.setPreferences(user.id, { briefingTime: '07:30' })
    expect(jobs.waiting('briefing-delivery')).toEqual([
      {
        startAt: '2027-03-27T07:30:00.000Z',
        data: { userId: user.id, date: '2027-03-27', at: '2027-03-27T07:30:00.000Z' },
      },
    ])

    await at('2027-03-27T07:29:59Z')
    expect(pushed()).toEqual([])
    await at('2027-03-27T07:30:00Z')
    expect(pushed()).toEqual([
      { type: 'briefing', title: 'Your briefing', body: 'Good morning Three things today.', url: '/' },
    ])
    expect(push.refused).toEqual([])
    expect(mailed().map((m) => m.subject)).toEqual(['Your briefing for 2027-03-27'])
    expect(mailed()[0]!.raw).toContain('**Three** things today.')

    // Sunday the clocks go forward (UTC+1): 07:30 in Lisbon is 06:30 UTC.
    expect(jobs.waiting('briefing-delivery').map((j) => j.startAt)).toEqual(['2027-03-28T06:30:00.000Z'])
    await at('2027-03-28T06:30:00Z')
    expect(pushed()).toHaveLength(2)
    expect(mailed().map((m) => m.subject)).toEqual([
      'Your briefing for 2027-03-27',
      'Your briefing for 2027-03-28',
    ])

    // The same time saved again (or a restart scheduling everybody) makes a second job for Monday:
    // Monday's briefing still goes once, and one job carries on to Tuesday.
    await service.setPreferences(user.id, { briefingTime: '07:30' })
    expect(jobs.waiting('briefing-delivery')).toHaveLength(2)
    await at('2027-03-29T06:30:00Z')
    expect(pushed()).toHaveLength(3)
    expect(jobs.waiting('briefing-delivery').map((j) => j.startAt)).toEqual(['2027-03-30T06:30:00.000Z'])

    // Monday 11:00: the time moved to 20:00. Today's went out already: not again tonight.
    clock = new Date('2027-03-29T10:00:00Z')
    await service.setPreferences(user.id, { briefingTime: '20:00' })
    await at('2027-03-29T19:00:00Z')
    expect(pushed()).toHaveLength(3)
    // Monday 21:00: moved to 09:00. The old 07:30 job finds itself stale; Tuesday's goes at 09:00.
    clock = new Date('2027-03-29T20:00:00Z')
    await service.setPreferences(user.id, { briefingTime: '09:00' })
    await at('2027-03-30T06:30:00Z')
    expect(pushed()).toHaveLength(3)
    await at('2027-03-30T07:59:59Z')
    expect(pushed()).toHaveLength(3)
    await at('2027-03-30T08:00:00Z')
    expect(pushed()).toHaveLength(4)
    expect(mailed().at(-1)!.subject).toBe('Your briefing for 2027-03-30')

    // Moving to New York keeps 09:00, now New York's (UTC-4 in spring): 13:00 UTC.
    await at('2027-03-30T12:00:00Z')
    expect((await user.api.put('/api/auth/user/settings', { timezone: 'America/New_York' })).status).toBe(200)
    await service.timezoneChanged(user.id, 'America/New_York')
    await at('2027-03-31T08:00:00Z')
    expect(pushed()).toHaveLength(4)
    await at('2027-03-31T13:00:00Z')
    expect(pushed()).toHaveLength(5)
    expect(mailed().at(-1)!.subject).toBe('Your briefing for 2027-03-31')

    // Switched off: nothing the next days, and no job left waiting.
    await service.setPreferences(user.id, { briefingTime: null })
    await at('2027-04-03T00:00:00Z')
    expect(pushed()).toHaveLength(5)
    expect(mailed()).toHaveLength(5)
    expect(jobs.waiting('briefing-delivery')).toEqual([])
    // The open tabs were told of each (on PostgreSQL by NOTIFY, heard a moment later).
    await expect
      .poll(() => events.map((e) => `${e.event} ${(e.data as { date: string }).date}`))
      .toEqual([
        'briefing 2027-03-27',
        'briefing 2027-03-28',
        'briefing 2027-03-29',
        'briefing 2027-03-30',
        'briefing 2027-03-31',
      ])
  })
})

describe("in the person's language (issue 51)", () => {
  it('a Portuguese reminder and briefing: push texts and e-mails in Portuguese; English stays as it was', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    await verified(user.id, user.email)
    expect((await user.api.put('/api/auth/user/settings', { language: 'pt-PT' })).status).toBe(200)
    await service.setPreferences(user.id, { emailReminders: true })
    const phone = push.subscribe()
    await service.subscribe(user.id, phone.json, 'Firefox on Android')
    const pushed = () =>
      push.messages.filter((m) => m.subscriptionId === phone.id).map((m) => m.payload as PushPayload)
    const mailed = () => smtp.mails.filter((m) => m.to.includes(user.email))

    // Reminders' jobs are timed by the real clock (reminders.service.ts): one due in a second.
    const remindNow = async (text: string) => {
      clock = new Date()
      await service.create(user.id, { text, dueAt: new Date(clock.getTime() + 1000).toISOString() })
      await at(new Date(clock.getTime() + 2000).toISOString())
    }
    await remindNow('ligar à mãe')
    expect(pushed()).toEqual([
      expect.objectContaining({ type: 'reminder', title: 'Lembrete', body: 'ligar à mãe' }),
    ])
    expect(mailed().map((m) => m.subject)).toEqual(['Lembrete: ligar à mãe'])
    // "Para segunda-feira, 7 de junho às 17:00." (Lisbon's time).
    expect(mailed()[0]!.text).toMatch(
      /^ligar à mãe\r?\n\r?\nPara [a-zçáéíóú-]+, \d{1,2} de [a-zç]+ às \d\d:\d\d\.\r?\n/,
    )
    expect(mailed()[0]!.text).toContain(`Abra os seus lembretes: ${t.env.appUrl}/reminders`)

    clock = new Date('2027-06-07T07:00:00Z')
    await service.setPreferences(user.id, { briefingTime: '08:00' })
    await at('2027-06-08T07:00:00Z')
    expect(pushed().at(-1)).toEqual({
      type: 'briefing',
      title: 'O seu resumo do dia',
      body: 'Good morning Three things today.',
      url: '/',
    })
    expect(mailed().at(-1)!.subject).toBe('O seu resumo do dia 2027-06-08')
    await service.setPreferences(user.id, { briefingTime: null })

    // Back in English: the texts as they always were.
    expect((await user.api.put('/api/auth/user/settings', { language: 'en' })).status).toBe(200)
    await remindNow('call mum')
    expect(pushed().at(-1)).toMatchObject({ type: 'reminder', title: 'Reminder', body: 'call mum' })
    expect(mailed().at(-1)!.subject).toBe('Reminder: call mum')
    expect(mailed().at(-1)!.text).toMatch(
      /^call mum\r?\n\r?\nDue [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2} at \d\d:\d\d\.\r?\n/,
    )
  })
})

describe('e-mail only to a verified address, and at most 20 an hour', () => {
  it('an unverified address gets no e-mail (the app and push still do); past the hourly cap neither', async () => {
    const user = await t.createUser({ timezone: 'UTC' })
    const phone = push.subscribe()
    await service.subscribe(user.id, phone.json, 'Firefox on Android')
    const pushed = () => push.messages.filter((m) => m.subscriptionId === phone.id)
    const mailed = () => smtp.mails.filter((m) => m.to.includes(user.email))
    const notVerified = await service.preferences(user.id)
    expect(notVerified).toMatchObject({ email: user.email, emailVerified: false })

    clock = new Date('2027-05-03T06:00:00Z')
    await service.setPreferences(user.id, { briefingTime: '07:00' })
    await at('2027-05-03T07:00:00Z')
    expect(pushed()).toHaveLength(1)
    expect(mailed()).toEqual([])
    const [skipped] = await t.db
      .select({ outcome: deliveryAttempts.outcome, detail: deliveryAttempts.detail })
      .from(deliveryAttempts)
      .innerJoin(notificationDeliveries, eq(notificationDeliveries.id, deliveryAttempts.deliveryId))
      .where(and(eq(notificationDeliveries.userId, user.id), eq(deliveryAttempts.channel, 'email')))
    expect(skipped).toEqual({ outcome: 'skipped', detail: 'the address is not verified' })

    await verified(user.id, user.email)
    expect(await service.preferences(user.id)).toMatchObject({ emailVerified: true })
    await at('2027-05-04T07:00:00Z')
    expect(mailed()).toHaveLength(1)

    // 20 e-mails within the hour already (reminders, say): the next briefing goes by push only.
    const [delivery] = await t.db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, user.id))
    await t.db.insert(deliveryAttempts).values(
      Array.from({ length: 19 }, (_, i) => ({
        deliveryId: delivery!.id,
        channel: 'email' as const,
        target: `earlier-${i}@example.test`,
        outcome: 'sent' as const,
      })),
    )
    await at('2027-05-05T07:00:00Z')
    expect(pushed()).toHaveLength(3)
    expect(mailed()).toHaveLength(1)
    await service.setPreferences(user.id, { briefingTime: null })
  })
})

describe('the hourly e-mail cap, counted across instances', () => {
  it('lets exactly the e-mails left under the cap go when several deliveries reserve at once', async () => {
    const user = await t.createUser({ timezone: 'UTC' })
    const repo = createRemindersRepo(t.db)
    const deliveries = await t.db
      .insert(notificationDeliveries)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          userId: user.id,
          kind: 'briefing' as const,
          key: `cap-test-${i}`,
          occurrenceAt: new Date(Date.UTC(2030, 0, 1, 9, i)),
          title: 'Your briefing',
          body: 'Briefing',
        })),
      )
      .returning({ id: notificationDeliveries.id })
    // Two of three already gone within the hour: one left.
    await t.db.insert(deliveryAttempts).values(
      [0, 1].map((i) => ({
        deliveryId: deliveries[i]!.id,
        channel: 'email' as const,
        target: user.email,
        outcome: 'sent' as const,
      })),
    )
    const since = new Date(Date.now() - 3_600_000)
    const reserve = (deliveryId: string, cap: number) =>
      repo.reserveEmail({ userId: user.id, deliveryId, target: user.email, since, cap })
    const taken = await Promise.all(deliveries.slice(2).map((d) => reserve(d.id, 3)))
    expect(taken.filter((r) => typeof r === 'object')).toHaveLength(1)
    expect(taken.filter((r) => r === 'over')).toHaveLength(3)
    // The same delivery's e-mail is never taken twice; a failed one no longer counts.
    const kept = taken.find((r) => typeof r === 'object') as { reserved: string }
    expect(await reserve(deliveries[0]!.id, 10)).toBe('done')
    await repo.emailFailed(kept.reserved, 'SMTP said no')
    const after = await reserve(deliveries[5]!.id, 3)
    expect(typeof after).toBe('object')
  })

  it('sends again an e-mail taken but never confirmed (its sender killed), counted once; a confirmed one never', async () => {
    const user = await t.createUser({ timezone: 'UTC' })
    const repo = createRemindersRepo(t.db)
    const [delivery] = await t.db
      .insert(notificationDeliveries)
      .values({
        userId: user.id,
        kind: 'briefing' as const,
        key: 'killed-sender',
        occurrenceAt: new Date(Date.UTC(2030, 0, 2, 9)),
        title: 'Your briefing',
        body: 'Briefing',
      })
      .returning({ id: notificationDeliveries.id })
    const since = new Date(Date.now() - 3_600_000)
    const reserve = (cap: number) =>
      repo.reserveEmail({ userId: user.id, deliveryId: delivery!.id, target: user.email, since, cap })
    const first = (await reserve(1)) as { reserved: string }
    expect(first).toEqual({ reserved: expect.any(String) })
    // The sender died before confirming: the next one takes the same attempt, though the cap (1) is reached.
    expect([...(await repo.sentTargets(delivery!.id))]).toEqual([])
    expect(await reserve(1)).toEqual(first)
    await repo.emailSent(first.reserved)
    expect([...(await repo.sentTargets(delivery!.id))]).toEqual([`email:${user.email}`])
    expect(await reserve(1)).toBe('done')
  })
})
