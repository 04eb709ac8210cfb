/**
 * Reminder delivery through the production server (src/main.ts in a child process), against loopback
 * fakes that speak the wire formats: a Web Push service over https (a self-signed certificate the
 * server trusts through NODE_EXTRA_CA_CERTS; it checks the VAPID JWT and decrypts the aes128gcm body
 * with keys this test made, as a browser makes them) and an SMTP server (smtp-server).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { PushPayload, PushSubscriptionList, Reminder } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase, withDatabaseName } from '../../test/db.ts'
import { startFakePushService, type FakePushService } from '../../test/fakes/push-service.ts'
import { startFakeSmtp, type FakeSmtp } from '../../test/fakes/smtp.ts'
import { Browser } from '../../test/http-client.ts'
import { killAllServers, startProductionServer, type ProductionServer } from '../../test/production-server.ts'
import { localSignIn } from '../../test/sign-in.ts'

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL
const SECRET = 'reminders-process-test-secret-0123456789'

let push: FakePushService
let smtp: FakeSmtp
const cleanups: Array<() => Promise<void>> = []

beforeAll(async () => {
  push = await startFakePushService()
  smtp = await startFakeSmtp()
})
afterAll(async () => {
  await killAllServers()
  for (const cleanup of cleanups.reverse()) await cleanup()
  await push.close()
  await smtp.close()
})

/** A database for the servers: a fresh PostgreSQL database, or (PGlite) the data directory's own. */
async function databaseUrl(): Promise<string | undefined> {
  if (!onPostgres) return undefined
  const name = `remi_reminders_${randomBytes(5).toString('hex')}`
  const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, name, { poolSize: 1 })
  cleanups.push(() => database.close())
  return withDatabaseName(process.env.TEST_DATABASE_URL!, name)
}

async function startServer(dataDir: string, url: string | undefined, port?: number) {
  return startProductionServer({
    dataDir,
    databaseUrl: url,
    sessionSecret: SECRET,
    logFile: join(dataDir, 'server.log'),
    ...(port && { port }),
    env: {
      NODE_EXTRA_CA_CERTS: push.certFile,
      // The fake push service is on loopback: the SSRF guard lets it through only with this.
      ALLOW_PRIVATE_NETWORK_URLS: 'true',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Remi <remi@example.test>',
      // The burst below e-mails 200 reminders in a minute: past the default cap (20 an hour) on purpose.
      EMAILS_PER_HOUR: '1000',
      VAPID_SUBJECT: 'mailto:admin@example.test',
      LOG_LEVEL: 'warn',
    },
  })
}

/** A signed-in person on a running server: JSON requests with the session cookie and CSRF token. */
async function signIn(server: { baseUrl: string }, email: string) {
  const browser = new Browser()
  await localSignIn(browser, server.baseUrl, { email, name: 'Reminded' })
  const csrf = (await (await browser.request(`${server.baseUrl}/api/auth/csrf-token`)).json()) as {
    csrfToken: string
  }
  return async <T>(method: string, path: string, body?: unknown, base = server.baseUrl) => {
    const res = await browser.request(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.csrfToken },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
  }
}

const isVerification = (m: { subject: string | undefined }) =>
  Boolean(m.subject?.startsWith('Confirm your e-mail address'))

/** Verifies the account's address as the person would: asks for the link, opens it from the e-mail. */
async function verifyEmail(api: Awaited<ReturnType<typeof signIn>>, email: string) {
  expect((await api('POST', '/api/auth/user/email-verification', {})).status).toBe(202)
  const isLink = (m: { to: string[]; subject: string | undefined }) =>
    m.to.includes(email) && isVerification(m)
  await waitFor('the verification e-mail', () => smtp.mails.some(isLink), 10_000)
  // Quoted-printable: soft line breaks and '=' written as =3D.
  const text = smtp.mails
    .find(isLink)!
    .raw.replace(/=\r?\n/g, '')
    .replaceAll('=3D', '=')
  const link = /https?:\/\/\S+\/api\/auth\/email\/verify\?token=[\w-]+/.exec(text)![0]
  const opened = await fetch(link, { redirect: 'manual' })
  expect(opened.headers.get('location')).toMatch(/\/settings\?email=verified$/)
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('delivery by Web Push and e-mail, from the production server', () => {
  it('pushes an encrypted, VAPID-signed notification and an e-mail; drops a gone device; Done works from the token alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'remi-reminders-'))
    const server = await startServer(dataDir, await databaseUrl())
    const email = `push-${Date.now()}@example.test`
    const api = await signIn(server, email)

    const phone = push.subscribe()
    const gone = push.subscribe()
    push.answerWith(gone.id, 410)
    expect(
      (await api('POST', '/api/notifications/subscriptions', { ...phone.json, label: 'Phone' })).status,
    ).toBe(201)
    expect((await api('POST', '/api/notifications/subscriptions', gone.json)).status).toBe(201)
    expect(
      (await api('PUT', '/api/auth/user/settings/notifications', { emailReminders: true })).body,
    ).toMatchObject({
      emailReminders: true,
      emailAvailable: true,
      emailVerified: false,
    })
    await verifyEmail(api, email)
    expect((await api('GET', '/api/auth/user/settings/notifications')).body).toMatchObject({
      emailVerified: true,
    })
    const { body: publicKey } = await api<{ publicKey: string }>('GET', '/api/notifications/vapid-public-key')

    const created = await api<Reminder>('POST', '/api/reminders', {
      text: 'Renew the car insurance',
      dueAt: new Date(Date.now() + 2000).toISOString(),
    })
    expect(created.status).toBe(201)
    const id = created.body.id

    await waitFor('the push message', () => push.messages.some((m) => m.subscriptionId === phone.id), 30_000)
    const message = push.messages.find((m) => m.subscriptionId === phone.id)!
    const payload = message.payload as PushPayload
    expect(payload).toMatchObject({
      type: 'reminder',
      title: 'Reminder',
      body: 'Renew the car insurance',
      url: '/reminders',
      reminderId: id,
    })
    expect(payload.actionToken).toEqual(expect.any(String))
    // Signed with the key the browser was given; the fake refused nothing.
    expect(message.vapidKey).toBe(publicKey.publicKey)
    expect(message.urgency).toBe('high')
    expect(push.refused).toEqual([])

    const reminderMail = (m: (typeof smtp.mails)[number]) => m.to.includes(email) && !isVerification(m)
    await waitFor('the e-mail', () => smtp.mails.some(reminderMail), 30_000)
    const mail = smtp.mails.find(reminderMail)!
    expect(mail.subject).toContain('Renew the car insurance')
    expect(mail.raw).toContain(`/reminders`)
    expect(mail.messageId).toMatch(/^<[0-9a-f-]+@127\.0\.0\.1>$/)

    // The device the push service answered 410 for is gone; the phone stays.
    await waitFor(
      'the gone device to be dropped',
      async () =>
        (await api<PushSubscriptionList>('GET', '/api/notifications/subscriptions')).body.subscriptions
          .length === 1,
      10_000,
    )
    const listed = (await api<PushSubscriptionList>('GET', '/api/notifications/subscriptions')).body
    expect(listed.subscriptions[0]).toMatchObject({ label: 'Phone' })
    expect(listed.subscriptions[0]!.lastSuccessAt).not.toBeNull()

    // The notification's Done: no cookie, no CSRF token, just the token; a second use is refused.
    const act = (action: string) =>
      fetch(`${server.baseUrl}/api/reminders/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: payload.actionToken, action }),
      })
    const done = await act('done')
    expect(done.status).toBe(200)
    expect(((await done.json()) as Reminder).status).toBe('done')
    expect((await act('snooze')).status).toBe(400)
    expect((await api<Reminder>('GET', `/api/reminders/${id}`)).body.status).toBe('done')
    await server.stop()
  }, 120_000)
})

describe.runIf(onPostgres)('two instances on one PostgreSQL (PostgreSQL only: PGlite is one process)', () => {
  it('deliver a burst of 200 due reminders once each, with one instance killed -9 mid-burst', async () => {
    const url = await databaseUrl()
    // Both instances share the VAPID keys (and the session secret), as a real deployment must.
    const shared = mkdtempSync(join(tmpdir(), 'remi-reminders-pair-'))
    const a: ProductionServer = await startServer(shared, url)
    const b: ProductionServer = await startServer(shared, url)
    const email = `burst-${Date.now()}@example.test`
    const api = await signIn(a, email)
    const device = push.subscribe()
    expect((await api('POST', '/api/notifications/subscriptions', device.json)).status).toBe(201)
    await api('PUT', '/api/auth/user/settings/notifications', { emailReminders: true })
    await verifyEmail(api, email)

    const due = new Date(Date.now() + 15_000).toISOString()
    const ids = new Set<string>()
    for (let i = 0; i < 200; i++) {
      const res = await api<Reminder>('POST', '/api/reminders', { text: `burst ${i}`, dueAt: due })
      expect(res.status).toBe(201)
      ids.add(res.body.id)
    }
    const pushed = () => push.messages.filter((m) => m.subscriptionId === device.id)
    const mailed = () => smtp.mails.filter((m) => m.to.includes(email) && !isVerification(m))

    // Mid-burst: some delivered, most not yet.
    await waitFor('the burst to start', () => pushed().length >= 20, 60_000)
    await a.kill()
    const atKill = pushed().length
    expect(atKill).toBeLessThan(200)

    const reminderOf = (m: { payload: unknown }) => (m.payload as PushPayload).reminderId!
    await waitFor(
      'every reminder at the push service and by e-mail',
      () =>
        new Set(pushed().map(reminderOf)).size === 200 &&
        new Set(mailed().map((m) => m.messageId)).size === 200,
      240_000,
    )
    // Give a stray repeat time to arrive before counting.
    await new Promise((r) => setTimeout(r, 3000))
    const pushes = pushed()
    const mails = mailed()
    const byReminder = new Map<string, number>()
    for (const m of pushes) byReminder.set(reminderOf(m), (byReminder.get(reminderOf(m)) ?? 0) + 1)
    expect(new Set(byReminder.keys())).toEqual(ids)
    // Exactly once each, except (see reminders.service.ts) a message the push service or the SMTP server
    // had accepted in the instant before the killed instance recorded it: each instance sends one message
    // at a time, so at most one per channel, and it carries the same notification topic / Message-ID.
    const repeatedPushes = pushes.length - 200
    const repeatedMails = mails.length - 200
    console.info(
      `burst: killed at ${atKill}/200 pushes; repeats after the kill: push ${repeatedPushes}, e-mail ${repeatedMails}`,
    )
    expect(repeatedPushes).toBeLessThanOrEqual(1)
    expect(repeatedMails).toBeLessThanOrEqual(1)
    for (const [, n] of byReminder) expect(n).toBeLessThanOrEqual(2)
    if (repeatedPushes === 1) {
      const [twice] = [...byReminder].find(([, n]) => n === 2)!
      const topics = pushes.filter((m) => reminderOf(m) === twice).map((m) => m.topic)
      expect(new Set(topics).size).toBe(1)
    }

    // In the database: one delivery per reminder, every one complete, every reminder sent. A delivery the
    // killed instance had sent both ways but not yet marked is completed by the other once its sending
    // lease (SENDING_LEASE_MS, 30 s) runs out: its messages are all in by then, its mark comes later.
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const count = async () =>
      (
        await client.query<{ n: string; complete: string; sent: string }>(
          `select count(*) as n, count(d.completed_at) as complete,
                  count(*) filter (where r.status = 'sent') as sent
             from reminders r join notification_deliveries d on d.reminder_id = r.id
            where r.id = any($1::uuid[])`,
          [[...ids]],
        )
      ).rows[0]
    await waitFor('every delivery marked complete', async () => (await count())?.complete === '200', 90_000)
    expect(await count()).toEqual({ n: '200', complete: '200', sent: '200' })
    await client.end()
    await b.stop()
  }, 400_000)
})
