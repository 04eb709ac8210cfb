import { addDays, startOfLocalDay, todayIn, type DashboardStats } from '@remi/shared'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const HOUR = 60 * 60 * 1000
/** 11:30 UTC: already the 16th in Kiritimati (UTC+14), still the early 15th in Pago Pago (UTC−11). */
const NOW = new Date('2026-03-15T11:30:00.000Z')

async function seed(user: TestUser, zone: string) {
  const today = todayIn(zone, NOW)
  const dated = (offset: number, text: string) =>
    t.factory.memory(user.id, { text, date: addDays(today, offset), createdAt: NOW })
  await dated(-29, '29 days ago')
  await dated(-30, '30 days ago')
  await dated(-31, '31 days ago')
  await dated(0, 'today')
  await dated(1, 'tomorrow')
  // Undated: their day is the day they were created, in the user's zone, a minute either side of the boundary.
  const firstRecentDay = startOfLocalDay(addDays(today, -30), zone)
  await t.factory.memory(user.id, {
    text: 'undated, created 31 days ago',
    date: null,
    createdAt: new Date(firstRecentDay.getTime() - 60_000),
  })
  await t.factory.memory(user.id, {
    text: 'undated, created 30 days ago',
    date: null,
    createdAt: new Date(firstRecentDay.getTime() + 60_000),
  })
  const active = await t.factory.conversation(user.id, { createdAt: new Date(NOW.getTime() - 48 * HOUR) })
  await t.factory.message(active.id, user.id, { createdAt: new Date(NOW.getTime() - 30 * HOUR) })
  await t.factory.message(active.id, user.id, { createdAt: new Date(NOW.getTime() - 23 * HOUR) })
  const stale = await t.factory.conversation(user.id, { createdAt: new Date(NOW.getTime() - 48 * HOUR) })
  await t.factory.message(stale.id, user.id, { createdAt: new Date(NOW.getTime() - 25 * HOUR) })
  // A conversation with no message at all is not active, however new.
  await t.factory.conversation(user.id, { createdAt: NOW })
}

describe('GET /api/dashboard/stats', () => {
  it.each([
    ['Pacific/Kiritimati', '2026-03-16'],
    ['Pacific/Pago_Pago', '2026-03-15'],
  ])('counts recent memories by calendar day in %s (today %s) at a fixed clock', async (zone, today) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    expect(todayIn(zone)).toBe(today)
    const user = await t.createUser({ timezone: zone })
    await seed(user, zone)

    const res = await user.api.get<DashboardStats>('/api/dashboard/stats')
    expect(res.status, res.text).toBe(200)
    // Recent: 29 and 30 days ago, today and the undated one created 30 days ago. Not: 31 days ago
    // (dated or undated) and tomorrow.
    expect(res.body).toEqual({ totalMemories: 7, recentMemories: 4, activeChats: 1 })
  })

  it('moves with the clock: a day later the 30-days-ago memories drop out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    const zone = 'Pacific/Kiritimati'
    const user = await t.createUser({ timezone: zone })
    await seed(user, zone)
    vi.setSystemTime(new Date(NOW.getTime() + 24 * HOUR))
    const res = await user.api.get<DashboardStats>('/api/dashboard/stats')
    // Recent now: 29 days ago (30 now), today (yesterday now) and tomorrow (today now).
    // The messages are 47 h and 48 h old.
    expect(res.body).toEqual({ totalMemories: 7, recentMemories: 3, activeChats: 0 })
  })

  it("counts only the signed-in user's rows", async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    await t.factory.memory(other.id, { text: 'not mine' })
    const conversation = await t.factory.conversation(other.id)
    await t.factory.message(conversation.id, other.id)
    const res = await user.api.get<DashboardStats>('/api/dashboard/stats')
    expect(res.body).toEqual({ totalMemories: 0, recentMemories: 0, activeChats: 0 })
  })

  it('needs a session', async () => {
    const res = await t.anonymous.get('/api/dashboard/stats')
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' })
  })
})
