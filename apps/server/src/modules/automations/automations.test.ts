/**
 * /api/automations (issue 50): made, listed, paused, edited, run now and deleted by their owner only,
 * with the limits said in words (no more often than hourly, 50 a person, a known time zone). Runs on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import {
  AUTOMATION_LIMITS,
  type Automation,
  type AutomationList,
  type ChatHistory,
  type SendMessageResponse,
} from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { automations as automationsTable } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

const weekly = { prompt: 'Summarise my week', schedule: 'FREQ=WEEKLY;BYDAY=FR;BYHOUR=17;BYMINUTE=0' }

describe('/api/automations', () => {
  it('makes one in the person’s zone, says its schedule in words and lists it', async () => {
    const user = await t.createUser({ timezone: 'America/New_York' })
    const made = await user.api.post<Automation>('/api/automations', {
      ...weekly,
      channels: ['push', 'push'],
    })
    expect(made.status, made.text).toBe(201)
    expect(made.body).toMatchObject({
      ...weekly,
      scheduleText: 'every Friday at 17:00',
      timezone: 'America/New_York',
      channels: ['push'],
      paused: false,
      lastRunAt: null,
    })
    const next = new Date(made.body.nextRunAt!)
    expect(next.getTime()).toBeGreaterThan(Date.now())
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next),
    ).toBe('Friday 17:00')

    const daily = await user.api.post<Automation>('/api/automations', {
      prompt: 'What is due today?',
      schedule: 'RRULE:FREQ=DAILY;BYHOUR=7',
      timezone: 'Europe/Lisbon',
    })
    expect(daily.body).toMatchObject({
      scheduleText: 'every day at 07:00',
      channels: ['app', 'push', 'email'],
    })
    const listed = await user.api.get<AutomationList>('/api/automations')
    expect(listed.body.automations.map((a) => a.prompt).sort()).toEqual([
      'Summarise my week',
      'What is due today?',
    ])
  })

  it('moves with the person to another zone, keeping its local time (a paused one stays paused)', async () => {
    const user = await t.createUser({ timezone: 'America/New_York' })
    const weeklyOne = (await user.api.post<Automation>('/api/automations', weekly)).body
    const paused = (
      await user.api.post<Automation>('/api/automations', {
        prompt: 'Later',
        schedule: 'FREQ=DAILY;BYHOUR=9',
      })
    ).body
    await user.api.patch(`/api/automations/${paused.id}`, { paused: true })
    const moved = await user.api.put('/api/auth/user/settings', { timezone: 'Asia/Tokyo' })
    expect(moved.status, moved.text).toBe(200)
    const after = await user.api.get<Automation>(`/api/automations/${weeklyOne.id}`)
    expect(after.body).toMatchObject({ timezone: 'Asia/Tokyo', scheduleText: 'every Friday at 17:00' })
    const next = new Date(after.body.nextRunAt!)
    expect(next.getTime()).toBeGreaterThan(Date.now())
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Tokyo',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next),
    ).toBe('Friday 17:00')
    expect((await user.api.get<Automation>(`/api/automations/${paused.id}`)).body).toMatchObject({
      timezone: 'Asia/Tokyo',
      paused: true,
      nextRunAt: null,
    })
  })

  it('refuses in words: more often than hourly, an unknown zone, a bad rule, no prompt', async () => {
    const user = await t.createUser()
    const refused = async (body: object) => {
      const res = await user.api.post<{ message: string }>('/api/automations', body)
      expect(res.status, res.text).toBe(400)
      return res.body.message
    }
    expect(await refused({ prompt: 'x', schedule: 'FREQ=MINUTELY;INTERVAL=30' })).toMatch(
      /^An automation may run at most every hour\.$/,
    )
    expect(await refused({ prompt: 'x', schedule: 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0,30' })).toMatch(
      /at most every hour/,
    )
    expect(await refused({ prompt: 'x', schedule: 'FREQ=HOURLY', timezone: 'Mars/Olympus' })).toMatch(
      /'Mars\/Olympus' is not a time zone this server knows/,
    )
    expect(await refused({ prompt: 'x', schedule: 'every friday' })).toMatch(/^schedule must be an RRULE/i)
    expect(await refused({ prompt: '  ', schedule: 'FREQ=DAILY' })).toMatch(/^prompt must not be blank/i)
    expect(await refused({ prompt: 'x', schedule: 'FREQ=DAILY', channels: [] })).toMatch(
      /at least one channel/,
    )
    // Hourly itself is allowed.
    const hourly = await user.api.post<Automation>('/api/automations', {
      prompt: 'x',
      schedule: 'FREQ=HOURLY',
    })
    expect(hourly.status, hourly.text).toBe(201)
    expect(hourly.body.scheduleText).toBe('every hour')
  })

  it('keeps at most 50 a person: the 51st is refused in words', async () => {
    const user = await t.createUser()
    await t.db.insert(automationsTable).values(
      Array.from({ length: AUTOMATION_LIMITS.perUser - 1 }, (_, i) => ({
        userId: user.id,
        prompt: `Question ${i}`,
        schedule: 'FREQ=DAILY',
        timezone: 'UTC',
        anchorAt: new Date(),
        paused: true,
      })),
    )
    const fiftieth = await user.api.post<Automation>('/api/automations', weekly)
    expect(fiftieth.status, fiftieth.text).toBe(201)
    const over = await user.api.post<{ message: string }>('/api/automations', weekly)
    expect(over.status).toBe(400)
    expect(over.body.message).toBe(
      'You already have 50 automations, the most one person may keep; delete one first.',
    )
    // Another person is not counted with them.
    const other = await t.createUser()
    expect((await other.api.post('/api/automations', weekly)).status).toBe(201)
  })

  it('pauses, resumes, edits, runs now and deletes; another person sees none of it', async () => {
    const owner = await t.createUser({ timezone: 'Europe/Lisbon' })
    const other = await t.createUser()
    const { body: made } = await owner.api.post<Automation>('/api/automations', weekly)
    const url = `/api/automations/${made.id}`

    // Another person: not listed, and every route answers 404.
    expect((await other.api.get<AutomationList>('/api/automations')).body.automations).toEqual([])
    expect((await other.api.get(url)).status).toBe(404)
    expect((await other.api.patch(url, { paused: true })).status).toBe(404)
    expect((await other.api.post(`${url}/run`)).status).toBe(404)
    expect((await other.api.delete(url)).status).toBe(404)

    const paused = await owner.api.patch<Automation>(url, { paused: true })
    expect(paused.body).toMatchObject({
      paused: true,
      nextRunAt: null,
      scheduleText: 'every Friday at 17:00',
    })
    const resumed = await owner.api.patch<Automation>(url, { paused: false })
    expect(resumed.body.nextRunAt).toBe(made.nextRunAt)
    const edited = await owner.api.patch<Automation>(url, {
      prompt: 'What is due today?',
      schedule: 'FREQ=DAILY;BYHOUR=7;BYMINUTE=30',
      channels: ['app'],
    })
    expect(edited.body).toMatchObject({
      prompt: 'What is due today?',
      scheduleText: 'every day at 07:30',
      channels: ['app'],
    })
    expect(
      (await owner.api.patch<{ message: string }>(url, { schedule: 'FREQ=MINUTELY' })).body.message,
    ).toMatch(/at most every hour/)
    expect((await owner.api.patch<{ message: string }>(url, {})).status).toBe(400)

    // Run now (the queue is off in this app: it runs in the request); the answer lands in its conversation.
    const ran = await owner.api.post<Automation>(`${url}/run`)
    expect(ran.status, ran.text).toBe(200)
    expect(ran.body.lastRunAt).not.toBeNull()
    const conversation = ran.body.conversationId!
    const history = await owner.api.get<ChatHistory>(`/api/chat/history?conversationId=${conversation}`)
    expect(history.body.messages.map((m) => m.content.slice(0, 18))).toEqual([
      'What is due today?',
      expect.any(String),
    ])
    expect((await other.api.get(`/api/chat/history?conversationId=${conversation}`)).status).toBe(404)

    expect((await owner.api.delete(url)).status).toBe(204)
    expect((await owner.api.get(url)).status).toBe(404)
    expect((await owner.api.get<AutomationList>('/api/automations')).body.automations).toEqual([])
  })

  it('"every morning at 7 tell me what\'s due today" offline: made in words, run now it lists today\'s reminders', async () => {
    // A zone where it is midday now, so a reminder two hours on is today's.
    let offset = 12 - new Date().getUTCHours()
    if (offset < -12) offset += 24
    if (offset > 14) offset -= 24
    const zone = offset === 0 ? 'UTC' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`
    const user = await t.createUser({ timezone: zone })
    const dueAt = new Date(Date.now() + 2 * 3600_000).toISOString()
    expect((await user.api.post('/api/reminders', { text: 'Pay the rent', dueAt })).status).toBe(201)
    const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: "every morning at 7 tell me what's due today",
    })
    expect(sent.body.assistantMessage.content).toMatch(
      /^I'll answer “Tell me what's due today” every day at 07:00/,
    )
    const [made] = (await user.api.get<AutomationList>('/api/automations')).body.automations
    expect(made).toMatchObject({ schedule: 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0', timezone: zone })

    const ran = await user.api.post<Automation>(`/api/automations/${made!.id}/run`)
    const history = await user.api.get<ChatHistory>(
      `/api/chat/history?conversationId=${ran.body.conversationId}`,
    )
    expect(history.body.messages[1]!.content).toMatch(/^Reminders due:\n\n- \d\d:\d\d Pay the rent\n/)

    // A tab that was away gets the run's toast when it reconnects (Last-Event-ID), once.
    const missed = async (since: string) =>
      (await t.app.reminders.missedEvents(user.id, since)).filter((e) => e.event === 'automation')
    const [toast] = await missed(new Date(Date.now() - 60_000).toISOString())
    expect(toast?.data).toMatchObject({
      automationId: made!.id,
      title: "Tell me what's due today",
      url: `/chat/${ran.body.conversationId}`,
    })
    expect((toast?.data as { body: string }).body).toMatch(/^Reminders due: - \d\d:\d\d Pay the rent/)
    expect(await missed(toast!.id)).toEqual([])
    // Another person's tab is given none of it.
    const other = await t.createUser()
    expect(await t.app.reminders.missedEvents(other.id, new Date(Date.now() - 60_000).toISOString())).toEqual(
      [],
    )
  })
})
