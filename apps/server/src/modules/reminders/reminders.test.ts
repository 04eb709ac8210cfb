import { sql } from 'drizzle-orm'
import type { ApiErrorBody, Reminder, ReminderList } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ background: true, reminders: { pollingIntervalSeconds: 0.5 } })
})
afterAll(() => t.close())

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString()

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

let address: Promise<string> | undefined
/** The app on a loopback port (once), for the event stream read as a browser reads it. */
const listening = () => (address ??= t.app.listen({ port: 0, host: '127.0.0.1' }))

/** The user's /api/events stream: `next(name)` resolves with the data of the next event of that name. */
async function openEvents(cookie: string) {
  const controller = new AbortController()
  const response = await fetch(`${await listening()}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  })
  const reader = response.body!.getReader()
  let text = ''
  return {
    response,
    async next(name: string): Promise<Record<string, unknown>> {
      return waitFor(`the ${name} event`, async () => {
        const match = new RegExp(`(?:^|\n)event: ${name}\ndata: (.*)\n\n`).exec(text)
        if (match) {
          text = text.slice(match.index + match[0].length)
          return JSON.parse(match[1]!) as Record<string, unknown>
        }
        const chunk = await reader.read()
        text += new TextDecoder().decode(chunk.value)
        return undefined
      })
    },
    close: () => controller.abort(),
  }
}

describe('reminders API', () => {
  it('creates, lists, edits, snoozes, ends and deletes a reminder', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const created = await user.api.post<Reminder>('/api/reminders', {
      text: 'Call mum',
      dueAt: inMinutes(60),
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      text: 'Call mum',
      timezone: 'Europe/Lisbon',
      status: 'scheduled',
      recurrence: null,
      memoryId: null,
      late: false,
    })
    expect(created.body.nextAt).toBe(created.body.dueAt)
    const id = created.body.id

    const listed = await user.api.get<ReminderList>(
      `/api/reminders?status=scheduled&from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(inMinutes(7 * 24 * 60))}`,
    )
    expect(listed.body.reminders.map((r) => r.id)).toEqual([id])
    const outside = await user.api.get<ReminderList>(
      `/api/reminders?status=scheduled&to=${encodeURIComponent(inMinutes(30))}`,
    )
    expect(outside.body.reminders).toEqual([])

    const edited = await user.api.request<Reminder>('PATCH', `/api/reminders/${id}`, {
      payload: { text: 'Call mum back', recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=MO' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ text: 'Call mum back', recurrence: 'FREQ=WEEKLY;BYDAY=MO' })

    const snoozed = await user.api.request<Reminder>('PATCH', `/api/reminders/${id}`, {
      payload: { snooze: { minutes: 15 } },
    })
    expect(snoozed.body.status).toBe('scheduled')
    expect(Date.parse(snoozed.body.snoozedUntil!) - Date.now()).toBeGreaterThan(14 * 60_000)
    expect(snoozed.body.nextAt).toBe(snoozed.body.snoozedUntil)

    // Made a one-off again (a repeating reminder's Done finishes one occurrence: 'a repeating reminder'),
    // Done ends it.
    const once = await user.api.request<Reminder>('PATCH', `/api/reminders/${id}`, {
      payload: { recurrence: null },
    })
    expect(once.body).toMatchObject({ status: 'scheduled', recurrence: null, snoozedUntil: null })
    const done = await user.api.request<Reminder>('PATCH', `/api/reminders/${id}`, {
      payload: { status: 'done' },
    })
    expect(done.body).toMatchObject({ status: 'done', nextAt: null })
    expect((await user.api.get<ReminderList>('/api/reminders?status=done')).body.reminders).toHaveLength(1)

    expect((await user.api.delete(`/api/reminders/${id}`)).status).toBe(204)
    expect((await user.api.get<ReminderList>('/api/reminders')).body.reminders).toEqual([])
  })

  it("answers 404 for another user's reminder, on every method", async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    const { body } = await owner.api.post<Reminder>('/api/reminders', { text: 'Mine', dueAt: inMinutes(60) })
    expect((await other.api.get(`/api/reminders/${body.id}`)).status).toBe(404)
    expect(
      (await other.api.request('PATCH', `/api/reminders/${body.id}`, { payload: { text: 'x' } })).status,
    ).toBe(404)
    expect((await other.api.delete(`/api/reminders/${body.id}`)).status).toBe(404)
    expect((await other.api.get<ReminderList>('/api/reminders')).body.reminders).toEqual([])
    expect((await owner.api.get(`/api/reminders/${body.id}`)).status).toBe(200)
  })

  it.each([
    [{ text: '', dueAt: inMinutes(5) }, /^The text must not be blank\.$/],
    [{ text: 'x'.repeat(501), dueAt: inMinutes(5) }, /^The text must be at most 500 characters\.$/],
    [{ text: 'a', dueAt: 'tomorrow' }, /^The reminder's time must be an ISO date-time/],
    [{ text: 'a', dueAt: inMinutes(-10) }, /^The reminder's time must be in the future\.$/],
    [
      { text: 'a', dueAt: new Date(Date.now() + 11 * 365 * 86_400_000).toISOString() },
      /^The reminder's time must be within 10 years\.$/,
    ],
    [
      { text: 'a', dueAt: inMinutes(5), recurrence: 'FREQ=MINUTELY;INTERVAL=2' },
      /^A reminder may repeat at most every 5 minutes/,
    ],
    [
      { text: 'a', dueAt: inMinutes(5), recurrence: 'FREQ=SECONDLY' },
      /^A reminder may repeat at most every 5 minutes/,
    ],
    [
      { text: 'a', dueAt: inMinutes(5), recurrence: 'FREQ=HOURLY;BYMINUTE=0,1,2' },
      /^A reminder may repeat at most every 5 minutes/,
    ],
    // Rules rrule would search for ever on the server's one thread: a clear 400 at once.
    [{ text: 'a', dueAt: inMinutes(5), recurrence: 'FREQ=DAILY;INTERVAL=-1' }, /^INTERVAL must be/],
    [
      { text: 'a', dueAt: inMinutes(5), recurrence: 'FREQ=HOURLY;INTERVAL=7;BYHOUR=1' },
      /^With FREQ=HOURLY and BYHOUR, INTERVAL must divide 24/,
    ],
    [{ text: 'a', dueAt: inMinutes(5), recurrence: 'BYDAY=MO' }, /^The repeat rule must be an RRULE/],
    [{ text: 'a', dueAt: inMinutes(5), recurrence: 'FREQ=FORTNIGHTLY' }, /^This is not an RRULE/],
    [{ text: 'a', dueAt: inMinutes(5), timezone: 'Mars/Olympus' }, /^The time zone 'Mars\/Olympus' is not/],
    [{ text: 'a', dueAt: inMinutes(5), memoryId: 'nope' }, /^The memory id must be a UUID\.$/],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const user = await t.createUser()
    const res = await user.api.post<ApiErrorBody>('/api/reminders', body)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(message)
    expect((await user.api.get<ReminderList>('/api/reminders')).body.reminders).toEqual([])
  })

  it('accepts a recurrence every 5 minutes, the shortest allowed', async () => {
    const user = await t.createUser()
    const res = await user.api.post<Reminder>('/api/reminders', {
      text: 'stretch',
      dueAt: inMinutes(60),
      recurrence: 'FREQ=MINUTELY;INTERVAL=5',
    })
    expect(res.status).toBe(201)
  })

  it('refuses the 501st scheduled reminder, and takes one again once another is done', async () => {
    const user = await t.createUser()
    // 499 stored directly (500 requests take long), the 500th through the API: the limit counts them all.
    const repo = (await import('./reminders.repo.ts')).createRemindersRepo(t.db)
    for (let i = 0; i < 499; i++) {
      const dueAt = new Date(Date.now() + (600 + i) * 60_000)
      await repo.insertWithin(500, {
        userId: user.id,
        text: `r${i}`,
        dueAt,
        timezone: 'UTC',
        status: 'scheduled',
        nextAt: dueAt,
      })
    }
    expect((await user.api.post('/api/reminders', { text: 'r499', dueAt: inMinutes(1200) })).status).toBe(201)
    const over = await user.api.post<ApiErrorBody>('/api/reminders', {
      text: 'one more',
      dueAt: inMinutes(60),
    })
    expect(over.status).toBe(400)
    expect(over.body.message).toMatch(/^You already have 500 scheduled reminders/)
    const first = (await user.api.get<ReminderList>('/api/reminders?status=scheduled&limit=1')).body
      .reminders[0]!
    await user.api.request('PATCH', `/api/reminders/${first.id}`, { payload: { status: 'done' } })
    expect((await user.api.post('/api/reminders', { text: 'one more', dueAt: inMinutes(60) })).status).toBe(
      201,
    )
  })

  it("carries a memory's id, and refuses another user's memory as not found", async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    const memory = await user.api.post<{ id: string }>('/api/memories', { text: 'Dentist on Friday' })
    const theirs = await other.api.post<{ id: string }>('/api/memories', { text: 'Theirs' })
    const res = await user.api.post<Reminder>('/api/reminders', {
      text: 'Dentist',
      dueAt: inMinutes(60),
      memoryId: memory.body.id,
    })
    expect(res.body.memoryId).toBe(memory.body.id)
    const refused = await user.api.post('/api/reminders', {
      text: 'x',
      dueAt: inMinutes(60),
      memoryId: theirs.body.id,
    })
    expect(refused.status).toBe(404)
  })

  it("lists a memory's reminders by ?memoryId, only the user's, and refuses a bad id by name", async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    const memory = await user.api.post<{ id: string }>('/api/memories', { text: 'Dentist on Friday' })
    const another = await user.api.post<{ id: string }>('/api/memories', { text: 'Car insurance' })
    const linked = await user.api.post<Reminder>('/api/reminders', {
      text: 'Dentist',
      dueAt: inMinutes(60),
      memoryId: memory.body.id,
    })
    await user.api.post('/api/reminders', {
      text: 'Insurance',
      dueAt: inMinutes(90),
      memoryId: another.body.id,
    })
    await user.api.post('/api/reminders', { text: 'Unlinked', dueAt: inMinutes(30) })

    const listed = await user.api.get<ReminderList>(`/api/reminders?memoryId=${memory.body.id}`)
    expect(listed.status).toBe(200)
    expect(listed.body.reminders.map((r) => r.id)).toEqual([linked.body.id])
    expect(
      (await user.api.get<ReminderList>(`/api/reminders?memoryId=${memory.body.id}&status=done`)).body
        .reminders,
    ).toEqual([])
    // Someone else asking by that memory's id sees none of them.
    const theirs = await other.api.get<ReminderList>(`/api/reminders?memoryId=${memory.body.id}`)
    expect(theirs.status).toBe(200)
    expect(theirs.body.reminders).toEqual([])

    const bad = await user.api.get<ApiErrorBody>('/api/reminders?memoryId=not-a-uuid')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^The memory id must be a UUID\.$/)
  })

  it('tells the other open tabs when a reminder is answered (Done, Snooze, cancelled, deleted), and only the owner’s', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    const tab = await openEvents(user.headers.cookie)
    const theirs = await openEvents(other.headers.cookie)
    const make = async (text: string) =>
      (await user.api.post<Reminder>('/api/reminders', { text, dueAt: inMinutes(60) })).body.id
    const [a, b, c] = [await make('a'), await make('b'), await make('c')]

    await user.api.request('PATCH', `/api/reminders/${a}`, { payload: { snooze: { minutes: 10 } } })
    expect(await tab.next('reminder-updated')).toEqual({ reminderId: a, change: 'snoozed' })
    await user.api.request('PATCH', `/api/reminders/${a}`, { payload: { status: 'done' } })
    expect(await tab.next('reminder-updated')).toEqual({ reminderId: a, change: 'done' })
    // An edit of its words is not an answer: no event; the next one is the cancel.
    await user.api.request('PATCH', `/api/reminders/${b}`, { payload: { text: 'b again' } })
    await user.api.request('PATCH', `/api/reminders/${b}`, { payload: { status: 'cancelled' } })
    expect(await tab.next('reminder-updated')).toEqual({ reminderId: b, change: 'cancelled' })
    await user.api.delete(`/api/reminders/${c}`)
    expect(await tab.next('reminder-updated')).toEqual({ reminderId: c, change: 'deleted' })

    // The other person's stream heard none of it: its next event is its own.
    const own = (await other.api.post<Reminder>('/api/reminders', { text: 'x', dueAt: inMinutes(60) })).body
    await other.api.delete(`/api/reminders/${own.id}`)
    expect(await theirs.next('reminder-updated')).toEqual({ reminderId: own.id, change: 'deleted' })
    tab.close()
    theirs.close()
  })

  it('refuses a write without the CSRF token', async () => {
    const user = await t.createUser()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reminders',
      headers: { cookie: user.headers.cookie },
      payload: { text: 'x', dueAt: inMinutes(5) },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<ApiErrorBody>().code).toBe('INVALID_CSRF_TOKEN')
    expect((await user.api.get<ReminderList>('/api/reminders')).body.reminders).toEqual([])
  })

  it('keeps future reminders at their local time when the timezone changes', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    // 09:00 in Lisbon on a winter day (UTC+0).
    const due = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 9, 0)).toISOString()
    const { body } = await user.api.post<Reminder>('/api/reminders', { text: 'x', dueAt: due })
    await user.api.put('/api/auth/user/settings', { timezone: 'America/New_York' })
    const after = (await user.api.get<Reminder>(`/api/reminders/${body.id}`)).body
    expect(after.timezone).toBe('America/New_York')
    // 09:00 in New York in January is 14:00 UTC.
    expect(new Date(after.dueAt).getUTCHours()).toBe(14)
    expect(after.nextAt).toBe(after.dueAt)
  })
})

describe('delivery', () => {
  it('delivers a due reminder once, to the open event stream, and records the attempt', async () => {
    const user = await t.createUser()
    const controller = new AbortController()
    const response = await fetch(`${await listening()}/api/events`, {
      headers: { cookie: user.headers.cookie },
      signal: controller.signal,
    })
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/)
    const reader = response.body!.getReader()
    let text = ''
    const { body } = await user.api.post<Reminder>('/api/reminders', {
      text: 'Take the cake out',
      dueAt: new Date(Date.now() + 1500).toISOString(),
    })
    const data = await waitFor('the reminder event', async () => {
      const chunk = await reader.read()
      text += new TextDecoder().decode(chunk.value)
      const match = /event: reminder\ndata: (.*)\n/.exec(text)
      return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined
    })
    controller.abort()
    expect(data).toMatchObject({ reminderId: body.id, text: 'Take the cake out', late: false })
    expect(text).toMatch(/^id: /m)

    const sent = await waitFor('status sent', async () => {
      const r = (await user.api.get<Reminder>(`/api/reminders/${body.id}`)).body
      return r.status === 'sent' ? r : undefined
    })
    expect(sent.lastSentAt).not.toBeNull()
    const repo = (await import('./reminders.repo.ts')).createRemindersRepo(t.db)
    const deliveries = await repo.deliveriesOf(body.id)
    expect(deliveries).toHaveLength(1)
    expect((await repo.attempts(deliveries[0]!.id)).map((a) => [a.channel, a.outcome])).toEqual([
      ['app', 'sent'],
    ])
    // A second run of the same occurrence (another instance, a retried job) finds it taken.
    await t.app.reminders.deliverReminder(body.id, new Date(body.dueAt))
    expect(await repo.deliveriesOf(body.id)).toHaveLength(1)

    // Done from the toast: the action token alone, no session, no CSRF token; once.
    const action = await t.app.inject({
      method: 'POST',
      url: '/api/reminders/actions',
      payload: { token: data.actionToken, action: 'done' },
    })
    expect(action.statusCode).toBe(200)
    expect(action.json<Reminder>().status).toBe('done')
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/reminders/actions',
      payload: { token: data.actionToken, action: 'snooze' },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json<ApiErrorBody>().message).toMatch(/^This link has expired or was already used\.$/)
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/reminders/actions',
      payload: { token: `${String(data.actionToken).slice(0, -3)}AAA`, action: 'done' },
    })
    expect(forged.statusCode).toBe(400)
  })

  it('lets one sender at a time take a delivery: a second waits until the first completes or its lease runs out', async () => {
    const user = await t.createUser()
    const repo = (await import('./reminders.repo.ts')).createRemindersRepo(t.db)
    const { body } = await user.api.post<Reminder>('/api/reminders', {
      text: 'Take the bins out',
      dueAt: new Date(Date.now() + 1500).toISOString(),
    })
    const delivery = await waitFor('the delivery', async () => {
      const [d] = await repo.deliveriesOf(body.id)
      return d?.completedAt ? d : undefined
    })
    // Completed: nobody takes it again (a duplicate job for the same occurrence sends nothing).
    expect(await repo.takeSending(delivery.id, 60_000)).toBe(false)
    await t.db.execute(
      sql`update notification_deliveries set completed_at = null, sending_until = null where id = ${delivery.id}`,
    )
    // Unfinished (a sender died mid-way): one instance takes it, a second at the same time does not.
    expect(await repo.takeSending(delivery.id, 60_000)).toBe(true)
    expect(await repo.takeSending(delivery.id, 60_000)).toBe(false)
    // Once the lease has run out (that sender died too), it can be taken again.
    await t.db.execute(
      sql`update notification_deliveries set sending_until = now() - interval '1 second' where id = ${delivery.id}`,
    )
    expect(await repo.takeSending(delivery.id, 60_000)).toBe(true)
    // The service's own run finds it held and says so (its job is tried again later).
    expect(await t.app.reminders.deliverReminder(body.id, new Date(body.dueAt))).toBe(false)
  })

  it('gives a reconnecting tab only what it missed: not the delivery it saw last, nor one answered meanwhile', async () => {
    const user = await t.createUser()
    const repo = (await import('./reminders.repo.ts')).createRemindersRepo(t.db)
    const before = new Date(Date.now() - 1000).toISOString()
    const made = []
    for (const [text, ms] of [
      ['First', 1500],
      ['Second', 2500],
    ] as const) {
      made.push(
        (
          await user.api.post<Reminder>('/api/reminders', {
            text,
            dueAt: new Date(Date.now() + ms).toISOString(),
          })
        ).body,
      )
    }
    const deliveries = []
    for (const r of made) {
      deliveries.push(
        await waitFor(`the delivery of ${r.text}`, async () => (await repo.deliveriesOf(r.id))[0]),
      )
    }
    // Event ids are the deliveries' times to the millisecond (PostgreSQL keeps microseconds).
    const [first, second] = deliveries.map((d) => d!.createdAt.toISOString())
    const missed = async (lastEventId: string) =>
      (await t.app.reminders.missedEvents(user.id, lastEventId)).map((e) => (e.data as { text: string }).text)
    expect(await missed(first!)).toEqual(['Second'])
    expect(await missed(second!)).toEqual([])
    expect(await missed(before)).toEqual(['First', 'Second'])
    // Done on the first from another tab: a tab coming back has no toast of it to show.
    const token = (await t.app.reminders.missedEvents(user.id, before))[0]!.data as { actionToken: string }
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/reminders/actions',
      payload: { token: token.actionToken, action: 'done' },
    })
    expect(done.statusCode).toBe(200)
    expect(await missed(before)).toEqual(['Second'])
  })

  it('sends a reminder that fell due while nothing ran, marked late, and moves a recurring one on', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const { body } = await user.api.post<Reminder>('/api/reminders', {
      text: 'Water the plants',
      dueAt: inMinutes(60),
      recurrence: 'FREQ=DAILY',
    })
    // As if Remi had been down since an hour before its time: the stored time is two hours ago.
    const repo = (await import('./reminders.repo.ts')).createRemindersRepo(t.db)
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * 3600_000)
    await repo.update(user.id, body.id, { dueAt: past, nextAt: past })
    expect(await t.app.reminders.sweep()).toBeGreaterThanOrEqual(1)
    const moved = await waitFor('the late delivery', async () => {
      const r = (await user.api.get<Reminder>(`/api/reminders/${body.id}`)).body
      return r.lastSentAt ? r : undefined
    })
    expect(moved).toMatchObject({ status: 'scheduled', late: true })
    // The next occurrence: the same local time, the next day after now.
    expect(Date.parse(moved.nextAt!)).toBeGreaterThan(Date.now())
    expect(Date.parse(moved.nextAt!) - past.getTime()).toBe(24 * 3600_000)
    const deliveries = await repo.deliveriesOf(body.id)
    expect(deliveries.map((d) => d.late)).toEqual([true])
  })
})

describe('a repeating reminder', () => {
  it('Done finishes one occurrence, never the series; Cancel ends it', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const events = await openEvents(user.headers.cookie)
    const get = async (id: string) => (await user.api.get<Reminder>(`/api/reminders/${id}`)).body
    const day = 24 * 3600_000
    const { body } = await user.api.post<Reminder>('/api/reminders', {
      text: 'Water the plants',
      dueAt: new Date(Date.now() + 1500).toISOString(),
      recurrence: 'FREQ=DAILY',
    })
    const first = Date.parse(body.dueAt)
    const delivered = await events.next('reminder')
    const sent = await waitFor('the next occurrence', async () => {
      const r = await get(body.id)
      return r.lastSentAt ? r : undefined
    })
    expect(sent).toMatchObject({ status: 'scheduled', nextAt: new Date(first + day).toISOString() })

    // Done from the toast (its delivery's token) answers the occurrence that went out: tomorrow's stays.
    const action = await t.app.inject({
      method: 'POST',
      url: '/api/reminders/actions',
      payload: { token: delivered.actionToken, action: 'done' },
    })
    expect(action.statusCode).toBe(200)
    expect(action.json<Reminder>()).toMatchObject({
      status: 'scheduled',
      nextAt: new Date(first + day).toISOString(),
    })
    // The other tabs drop their toast of it all the same.
    expect(await events.next('reminder-updated')).toEqual({ reminderId: body.id, change: 'done' })

    // Done from the list or the dashboard (they show the coming occurrence): that one is skipped.
    const skipped = await user.api.request<Reminder>('PATCH', `/api/reminders/${body.id}`, {
      payload: { status: 'done' },
    })
    expect(skipped.status).toBe(200)
    expect(skipped.body).toMatchObject({
      status: 'scheduled',
      nextAt: new Date(first + 2 * day).toISOString(),
    })

    // Snoozed, then Done: the snooze goes and the series goes on from now (tomorrow's occurrence).
    await user.api.request('PATCH', `/api/reminders/${body.id}`, { payload: { snooze: { minutes: 10 } } })
    const resumed = await user.api.request<Reminder>('PATCH', `/api/reminders/${body.id}`, {
      payload: { status: 'done' },
    })
    expect(resumed.body).toMatchObject({
      status: 'scheduled',
      snoozedUntil: null,
      nextAt: new Date(first + day).toISOString(),
    })

    // Cancel ends the series.
    const cancelled = await user.api.request<Reminder>('PATCH', `/api/reminders/${body.id}`, {
      payload: { status: 'cancelled' },
    })
    expect(cancelled.body).toMatchObject({ status: 'cancelled', nextAt: null })
    events.close()
  })

  it("a new rule without a new time starts at the next time shown, not at the series' first", async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const repo = (await import('./reminders.repo.ts')).createRemindersRepo(t.db)
    const day = 24 * 3600_000
    const make = async () => {
      const { body } = await user.api.post<Reminder>('/api/reminders', {
        text: 'Stretch',
        dueAt: inMinutes(60),
        recurrence: 'FREQ=DAILY',
      })
      // As if it had started two weeks ago: its first time is past, the next is tomorrow's.
      const next = new Date(Date.parse(body.dueAt) + day)
      await repo.update(user.id, body.id, { dueAt: new Date(next.getTime() - 15 * day), nextAt: next })
      return { id: body.id, next: next.toISOString() }
    }
    // "Does not repeat": once, at the time the form showed (not two weeks ago, sent at once as late).
    const once = await make()
    const single = await user.api.request<Reminder>('PATCH', `/api/reminders/${once.id}`, {
      payload: { recurrence: null },
    })
    expect(single.status, single.text).toBe(200)
    expect(single.body).toMatchObject({
      status: 'scheduled',
      recurrence: null,
      dueAt: once.next,
      nextAt: once.next,
    })
    // "Every week" instead of "every day": weekly from the day shown.
    const weekly = await make()
    const changed = await user.api.request<Reminder>('PATCH', `/api/reminders/${weekly.id}`, {
      payload: { recurrence: 'FREQ=WEEKLY' },
    })
    expect(changed.body).toMatchObject({ recurrence: 'FREQ=WEEKLY', dueAt: weekly.next, nextAt: weekly.next })
  })

  it('is done when its rule has no occurrence left', async () => {
    const user = await t.createUser()
    const { body } = await user.api.post<Reminder>('/api/reminders', {
      text: 'Twice only',
      dueAt: inMinutes(60),
      recurrence: 'FREQ=DAILY;COUNT=2',
    })
    const once = await user.api.request<Reminder>('PATCH', `/api/reminders/${body.id}`, {
      payload: { status: 'done' },
    })
    expect(once.body).toMatchObject({
      status: 'scheduled',
      nextAt: new Date(Date.parse(body.dueAt) + 24 * 3600_000).toISOString(),
    })
    const twice = await user.api.request<Reminder>('PATCH', `/api/reminders/${body.id}`, {
      payload: { status: 'done' },
    })
    expect(twice.body).toMatchObject({ status: 'done', nextAt: null })
  })
})

describe('notification settings and devices', () => {
  it('keeps e-mail reminders and the briefing time, refusing a bad time by name', async () => {
    const user = await t.createUser()
    // The address e-mail would go to, not verified yet (a local account's never is at first).
    const address = { email: user.email, emailVerified: false }
    expect((await user.api.get('/api/auth/user/settings/notifications')).body).toEqual({
      emailReminders: false,
      briefingTime: null,
      emailAvailable: false,
      ...address,
    })
    const put = await user.api.put('/api/auth/user/settings/notifications', {
      emailReminders: true,
      briefingTime: '07:30',
    })
    expect(put.body).toEqual({
      emailReminders: true,
      briefingTime: '07:30',
      emailAvailable: false,
      ...address,
    })
    const bad = await user.api.put<ApiErrorBody>('/api/auth/user/settings/notifications', {
      briefingTime: '7:30',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^The briefing time must be HH:MM/)
  })

  it('gives the VAPID public key, and refuses push endpoints that are not https or are private', async () => {
    const user = await t.createUser()
    const key = await user.api.get<{ publicKey: string }>('/api/notifications/vapid-public-key')
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65)
    const keys = { p256dh: key.body.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' }
    for (const [endpoint, message] of [
      ['http://push.example.com/x', /https/],
      ['https://127.0.0.1/x', /private or local/],
      ['https://10.1.2.3/x', /private or local/],
      ['https://localhost/x', /this machine/],
    ] as const) {
      const res = await user.api.post<ApiErrorBody>('/api/notifications/subscriptions', { endpoint, keys })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^[A-Z]/)
      expect(res.body.message).toMatch(message)
    }
    const ok = await user.api.post<{ id: string; endpointHost: string }>('/api/notifications/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys,
    })
    expect(ok.status).toBe(201)
    expect(ok.body.endpointHost).toBe('fcm.googleapis.com')
    const same = await user.api.post('/api/notifications/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys,
      label: 'Phone',
    })
    expect(same.status).toBe(200)
    const list = await user.api.get<{ subscriptions: Array<{ id: string; label: string }> }>(
      '/api/notifications/subscriptions',
    )
    expect(list.body.subscriptions).toEqual([expect.objectContaining({ id: ok.body.id, label: 'Phone' })])
    const other = await t.createUser()
    expect((await other.api.delete(`/api/notifications/subscriptions/${ok.body.id}`)).status).toBe(404)
    expect((await user.api.delete(`/api/notifications/subscriptions/${ok.body.id}`)).status).toBe(204)
  })

  it("another person's endpoint is not taken over without its keys (the same browser's are)", async () => {
    const [owner, stranger] = [await t.createUser(), await t.createUser()]
    const { publicKey } = (await owner.api.get<{ publicKey: string }>('/api/notifications/vapid-public-key'))
      .body
    const endpoint = 'https://fcm.googleapis.com/fcm/send/owners-phone'
    const keys = { p256dh: publicKey, auth: 'b3duZXJzLWF1dGgtc2VjcmV0' }
    expect((await owner.api.post('/api/notifications/subscriptions', { endpoint, keys })).status).toBe(201)
    const devices = async (user: typeof owner) =>
      (await user.api.get<{ subscriptions: unknown[] }>('/api/notifications/subscriptions')).body
        .subscriptions

    const taken = await stranger.api.post<ApiErrorBody>('/api/notifications/subscriptions', {
      endpoint,
      keys: { ...keys, auth: 'c3RyYW5nZXJzLWd1ZXNzLTE' },
    })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe(
      'This device already gets the notifications of another account. Sign in to that account and remove it under Settings → Notifications first.',
    )
    expect(await devices(owner)).toHaveLength(1)
    expect(await devices(stranger)).toHaveLength(0)

    // A shared browser whose last person's sign-out could not remove it: its own keys move it.
    const moved = await stranger.api.post('/api/notifications/subscriptions', { endpoint, keys })
    expect(moved.status).toBe(200)
    expect(await devices(owner)).toHaveLength(0)
    expect(await devices(stranger)).toHaveLength(1)
  })
})

describe('issue 43: repeat rules, private memories, action links', () => {
  it('refuses a repeat rule too complex to work out at once and in words, on create and on edit', async () => {
    const user = await t.createUser()
    // rrule walked these to the year 9999: the first never answered, the second after 9–14 s.
    for (const recurrence of ['FREQ=MINUTELY;BYSETPOS=2', 'FREQ=DAILY;BYSETPOS=2']) {
      const res = await user.api.post<ApiErrorBody>('/api/reminders', {
        text: 'x',
        dueAt: inMinutes(60),
        recurrence,
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/repeat rule is too complex to work out/i)
    }
    const made = await user.api.post<Reminder>('/api/reminders', {
      text: 'x',
      dueAt: inMinutes(60),
      recurrence: 'FREQ=DAILY',
    })
    const edited = await user.api.request<ApiErrorBody>('PATCH', `/api/reminders/${made.body.id}`, {
      payload: { recurrence: 'FREQ=MINUTELY;BYSETPOS=2' },
    })
    expect(edited.status).toBe(400)
    expect(edited.body.message).toMatch(/repeat rule is too complex to work out/i)
    expect((await user.api.get<Reminder>(`/api/reminders/${made.body.id}`)).body.recurrence).toBe(
      'FREQ=DAILY',
    )
  })

  it("keeps a private memory's reminder private when the memory is deleted and brought back", async () => {
    const user = await t.createUser()
    const privateAtOnce = await user.api.post<{ id: string }>('/api/memories', {
      text: 'Clinic',
      private: true,
    })
    const privateLater = await user.api.post<{ id: string }>('/api/memories', { text: 'Lawyer' })
    const reminders = []
    for (const memory of [privateAtOnce.body, privateLater.body]) {
      const made = await user.api.post<Reminder>('/api/reminders', {
        text: 'Call about the results',
        dueAt: inMinutes(60),
        memoryId: memory.id,
      })
      reminders.push(made.body.id)
    }
    // Made private after its reminder: the reminder follows.
    const patched = await user.api.request('PUT', `/api/memories/${privateLater.body.id}`, {
      payload: { text: 'Lawyer', private: true },
    })
    expect(patched.status).toBe(200)
    for (const memory of [privateAtOnce.body, privateLater.body]) {
      expect((await user.api.request('DELETE', `/api/memories/${memory.id}`)).status).toBe(204)
      expect((await user.api.post(`/api/memories/${memory.id}/undo`, {})).status).toBe(200)
    }
    // The link went with the deletion; the privacy did not.
    for (const id of reminders) {
      expect((await user.api.get<Reminder>(`/api/reminders/${id}`)).body.memoryId).toBeNull()
      await expect(t.app.reminders.get(user.id, id, { hidePrivate: true })).rejects.toMatchObject({
        statusCode: 404,
      })
    }
    // What MCP's list_reminders and the model read.
    const seen = await t.app.reminders.list(user.id, { limit: 50, hidePrivate: true })
    expect(seen.map((r) => r.id)).toEqual([])
  })

  it('leaves an action link usable when its action is refused (a snooze past 500 scheduled)', async () => {
    const user = await t.createUser()
    const repo = (await import('./reminders.repo.ts')).createRemindersRepo(t.db)
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000)
    const reminder = (await repo.insertWithin(500, {
      userId: user.id,
      text: 'Water the plants',
      dueAt: at,
      timezone: 'UTC',
      status: 'scheduled',
      nextAt: at,
    }))!
    await t.app.reminders.deliverReminder(reminder.id, at)
    const events = await t.app.reminders.missedEvents(user.id, new Date(Date.now() - 60_000).toISOString())
    const { actionToken } = events.find((e) => e.event === 'reminder')!.data as { actionToken: string }
    await t.db.execute(sql`
      insert into reminders (user_id, text, due_at, timezone, status, next_at)
      select ${user.id}, 'r' || n, now() + interval '1 day', 'UTC', 'scheduled', now() + interval '1 day'
      from generate_series(1, 500) n`)
    const act = (action: string) =>
      t.app.inject({ method: 'POST', url: '/api/reminders/actions', payload: { token: actionToken, action } })
    const snooze = await act('snooze')
    expect(snooze.statusCode).toBe(400)
    expect(snooze.json<ApiErrorBody>().message).toMatch(/500 scheduled reminders/)
    const done = await act('done')
    expect(done.statusCode).toBe(200)
    expect(done.json<Reminder>().status).toBe('done')
    expect((await act('done')).json<ApiErrorBody>().message).toMatch(/expired or was already used/)
  })
})
