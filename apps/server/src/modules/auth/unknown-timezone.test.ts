import {
  addDays,
  todayIn,
  type Briefing,
  type DashboardStats,
  type Memory,
  type MemoryList,
  type MemoryTagCount,
  type SendMessageResponse,
  type UserSettings,
} from '@remi/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema.ts'
import type { ApiResponse } from '../../test/api.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { startIcsFake, type IcsFake } from '../../test/fakes/ics.ts'
import { startOpenMeteoFake, type OpenMeteoFake } from '../../test/fakes/open-meteo.ts'

/**
 * A stored zone this runtime does not know (an old row, a zone dropped from the tz database, a hand
 * edit) must read as UTC on every route that counts days, never as a 500.
 */
const MARS = 'Mars/Olympus_Mons'

let t: TestApp
let meteo: OpenMeteoFake
let ics: IcsFake
beforeAll(async () => {
  ;[meteo, ics] = await Promise.all([startOpenMeteoFake(), startIcsFake()])
  t = await buildTestApp({
    env: { WEATHER_API_URL: meteo.url, GEOCODING_API_URL: meteo.url, ALLOW_PRIVATE_NETWORK_URLS: 'true' },
  })
})
afterAll(async () => {
  await t?.close()
  await Promise.all([meteo?.close(), ics?.close()])
})

/** A user whose users.timezone holds the unknown zone, written straight into the table. */
async function marsUser(): Promise<TestUser> {
  const user = await t.createUser()
  await t.db.update(users).set({ timezone: MARS }).where(eq(users.id, user.id))
  const [row] = await t.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, user.id))
  expect(row?.timezone).toBe(MARS)
  return user
}

/** Every answer on these routes is checked: never a 500 (the body is printed when it is one). */
async function answered<T>(pending: Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
  const res = await pending
  expect(res.status, res.text).toBeLessThan(500)
  return res
}

/** "Today" in UTC, read around the call so a test running across midnight UTC still passes. */
async function aroundUtcToday<T>(run: () => Promise<T>): Promise<{ result: T; days: string[] }> {
  const before = todayIn('UTC')
  const result = await run()
  return { result, days: [...new Set([before, todayIn('UTC')])] }
}

/*
 * Undated memories are filed under the day of their createdAt in the user's zone. These instants put
 * each one on a different day in UTC, in New York and in Tokyo, so only UTC gives the answer below.
 */
const AROUND_MARCH_FIRST = [
  { text: 'dated March 1', date: '2026-03-01', tags: ['dated'] },
  // UTC: March 1. Tokyo: March 2. New York: March 1.
  { text: 'undated, 23:30 UTC on March 1', date: null, createdAt: '2026-03-01T23:30:00.000Z' },
  // UTC: March 2. New York: March 1 (19:30).
  { text: 'undated, 00:30 UTC on March 2', date: null, createdAt: '2026-03-02T00:30:00.000Z' },
  // UTC: February 28. Tokyo: March 1 (08:59).
  { text: 'undated, 23:59 UTC on February 28', date: null, createdAt: '2026-02-28T23:59:00.000Z' },
]

const textsOf = (list: MemoryList) => list.items.map((m) => m.text).sort()

describe('users.timezoneOf', () => {
  it('reads a known zone as stored and an unknown or missing one as UTC', async () => {
    const known = await t.createUser({ timezone: 'America/St_Johns' })
    const mars = await marsUser()
    expect(await t.services.users.timezoneOf(known.id)).toBe('America/St_Johns')
    expect(await t.services.users.timezoneOf(mars.id)).toBe('UTC')
    expect(await t.services.users.timezoneOf('00000000-0000-4000-8000-000000000000')).toBe('UTC')
  })
})

describe('memories routes with an unknown stored zone', () => {
  const listTexts = async (user: TestUser, query: Record<string, string>) =>
    textsOf((await answered(user.api.get<MemoryList>('/api/memories', query))).body)

  it('files undated memories by their UTC day in date filters', async () => {
    const user = await marsUser()
    const imported = await answered(user.api.memories.import(AROUND_MARCH_FIRST))
    expect(imported.status).toBe(200)
    expect(imported.body).toMatchObject({ imported: 4, created: 4 })

    expect(await listTexts(user, { startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual([
      'dated March 1',
      'undated, 23:30 UTC on March 1',
    ])
    expect(await listTexts(user, { startDate: '2026-03-02' })).toEqual(['undated, 00:30 UTC on March 2'])
    expect(await listTexts(user, { endDate: '2026-02-28' })).toEqual(['undated, 23:59 UTC on February 28'])
    expect(await listTexts(user, { startDate: '2026-02-28', endDate: '2026-03-02', tags: 'dated' })).toEqual([
      'dated March 1',
    ])
  })

  it('gives other answers for the same memories in a real zone (the filters do use the zone)', async () => {
    const tokyo = await t.createUser({ timezone: 'Asia/Tokyo' })
    const newYork = await t.createUser({ timezone: 'America/New_York' })
    for (const user of [tokyo, newYork]) {
      expect((await answered(user.api.memories.import(AROUND_MARCH_FIRST))).status).toBe(200)
    }
    const marchFirst = { startDate: '2026-03-01', endDate: '2026-03-01' }
    expect(await listTexts(tokyo, marchFirst)).toEqual(['dated March 1', 'undated, 23:59 UTC on February 28'])
    expect(await listTexts(newYork, marchFirst)).toEqual([
      'dated March 1',
      'undated, 00:30 UTC on March 2',
      'undated, 23:30 UTC on March 1',
    ])
  })

  it("dates an undated create with today's UTC date, and reads, updates and deletes it", async () => {
    const user = await marsUser()
    const { result: res, days } = await aroundUtcToday(() =>
      answered(user.api.post<Memory>('/api/memories', { text: 'Water the plants', tags: 'home' })),
    )
    expect(res.status).toBe(201)
    const created = res.body
    expect(days).toContain(created.date)

    const read = await answered(user.api.get<Memory>(`/api/memories/${created.id}`))
    expect(read.body).toEqual(created)

    const updated = await answered(
      user.api.put<Memory>(`/api/memories/${created.id}`, {
        text: 'Water the plants twice',
        date: '2026-03-01',
      }),
    )
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ text: 'Water the plants twice', date: '2026-03-01' })
    const listed = await answered(
      user.api.get<MemoryList>('/api/memories', { startDate: '2026-03-01', endDate: '2026-03-01' }),
    )
    expect(listed.body.items.map((m) => m.id)).toEqual([created.id])

    // Losing its date, it is listed again by the UTC day it was created.
    const undated = await answered(
      user.api.put<Memory>(`/api/memories/${created.id}`, { text: 'Undated', date: null }),
    )
    expect(undated.status).toBe(200)
    const createdOn = created.createdAt.slice(0, 10)
    expect(await listTexts(user, { startDate: createdOn, endDate: createdOn })).toEqual(['Undated'])

    expect((await answered(user.api.delete(`/api/memories/${created.id}`))).status).toBe(204)
    expect((await answered(user.api.get(`/api/memories/${created.id}`))).status).toBe(404)
  })

  it('lists tags', async () => {
    const user = await marsUser()
    await answered(user.api.post('/api/memories', { text: 'a', tags: ['Home', 'work'] }))
    await answered(user.api.post('/api/memories', { text: 'b', tags: ['home'] }))
    const res = await answered(user.api.get<MemoryTagCount[]>('/api/memories/tags'))
    expect(res.status).toBe(200)
    expect(res.body.map((c) => [c.name.toLowerCase(), c.count])).toEqual([
      ['home', 2],
      ['work', 1],
    ])
  })

  it("exports JSON and Markdown named for today's UTC date", async () => {
    const user = await marsUser()
    await answered(user.api.memories.import(AROUND_MARCH_FIRST))
    for (const format of ['json', 'markdown']) {
      const { result: res, days } = await aroundUtcToday(() =>
        answered(user.api.get('/api/memories/export', { format })),
      )
      expect(res.status).toBe(200)
      const name = /filename="remi-memories-(\d{4}-\d{2}-\d{2})\.(json|md)"/.exec(
        String(res.headers['content-disposition']),
      )
      expect(days).toContain(name?.[1])
      expect(res.text).toContain('undated, 23:30 UTC on March 1')
    }
  })
})

describe('data-sources routes with an unknown stored zone', () => {
  it('lists and reads both sources', async () => {
    const user = await marsUser()
    const list = await answered(user.api.dataSources.list())
    expect(list.status).toBe(200)
    expect(list.body.map((s) => s.dataSourceType)).toEqual(['calendar', 'weather'])
    expect((await answered(user.api.dataSources.get('weather'))).status).toBe(200)
    expect((await answered(user.api.dataSources.get('calendar'))).status).toBe(200)
  })

  it("tests the weather for today's UTC date, on vacation when that day is in the trip", async () => {
    const user = await marsUser()
    const today = todayIn('UTC')
    const saved = await answered(
      user.api.dataSources.put('weather', {
        isEnabled: true,
        configuration: {
          locationName: 'Lisbon',
          vacationMode: {
            isEnabled: true,
            locationName: 'Paris',
            startDate: `${today}T00:00:00.000Z`,
            endDate: `${addDays(today, 2)}T23:59:59.999Z`,
          },
        },
      }),
    )
    expect(saved.status).toBe(200)
    expect(saved.body.configuration.location?.name).toBe('Lisbon')

    const tested = await answered(user.api.dataSources.test('weather'))
    expect(tested.status).toBe(200)
    expect(tested.body).toMatchObject({
      success: true,
      details: { onVacation: true, place: { name: 'Paris' } },
    })

    // The route does not echo the day it used; the service behind it does.
    const weather = t.services.weather
    const { result: forecast, days } = await aroundUtcToday(() => weather.forecastFor(user.id))
    expect(days).toContain(forecast.ok ? forecast.date : forecast.message)
    expect(await weather.forecastFor(user.id, addDays(today, 2))).toMatchObject({
      ok: true,
      onVacation: true,
    })
    expect(await weather.forecastFor(user.id, addDays(today, 3))).toMatchObject({
      ok: true,
      onVacation: false,
    })
    expect(await weather.forecastFor(user.id, addDays(today, -1))).toMatchObject({
      ok: false,
      reason: 'out_of_range',
    })
  })

  it("tests the calendar with today's UTC day bounds", async () => {
    const user = await marsUser()
    const saved = await answered(
      user.api.dataSources.put('calendar', {
        isEnabled: true,
        configuration: { icsUrl: ics.calendarUrl },
      }),
    )
    expect(saved.status).toBe(200)
    // The feed holds, for today in UTC, an all-day holiday, the 09:00 UTC stand-up and a dentist at
    // 15:00 Lisbon time: all three fall inside today's UTC bounds (a +14 zone's today holds one or two).
    const tested = await answered(user.api.dataSources.test('calendar'))
    expect(tested.status).toBe(200)
    expect(tested.body).toMatchObject({ success: true, message: '3 events today in Family' })
    expect(tested.body.details?.events?.map((e) => e.title)).toEqual([
      'Company holiday',
      'Team standup',
      'Dentist',
    ])
  })
})

describe('settings with an unknown stored zone', () => {
  it('answers the stored value as it is, for the client to match (spec: settings)', async () => {
    const user = await marsUser()
    const res = await answered(user.api.get<UserSettings>('/api/auth/user/settings'))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ timezone: MARS, theme: 'system', language: 'en' })
  })

  it('refuses to store an unknown zone and stores a known one in its place', async () => {
    const user = await marsUser()
    const refused = await answered(user.api.put('/api/auth/user/settings', { timezone: 'Venus/Maxwell' }))
    expect(refused.status).toBe(400)
    expect((refused.body as { message: string }).message).toBe(
      'The time zone must be a time zone name such as Europe/Lisbon.',
    )
    const saved = await answered(
      user.api.put<UserSettings>('/api/auth/user/settings', { timezone: 'Europe/Lisbon' }),
    )
    expect(saved.status).toBe(200)
    expect(saved.body.timezone).toBe('Europe/Lisbon')
    expect(await t.services.users.timezoneOf(user.id)).toBe('Europe/Lisbon')
  })

  it('saves a theme alone and answers the unknown zone it keeps', async () => {
    const user = await marsUser()
    const saved = await answered(user.api.put<UserSettings>('/api/auth/user/settings', { theme: 'dark' }))
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ timezone: MARS, theme: 'dark', language: 'en' })
  })
})

describe('the other routes that read the stored zone', () => {
  it('answers the current user', async () => {
    const user = await marsUser()
    expect((await answered(user.api.get('/api/auth/user'))).status).toBe(200)
  })

  it("counts the dashboard's recent memories and writes today's briefing in UTC", async () => {
    const user = await marsUser()
    await user.api.memories.create({ text: 'Dentist on Friday', tags: 'health' })
    const stats = await answered(user.api.get<DashboardStats>('/api/dashboard/stats'))
    expect(stats.status).toBe(200)
    expect(stats.body.totalMemories).toBe(1)
    expect(stats.body.recentMemories).toBe(1)
    const { result: briefing, days } = await aroundUtcToday(() =>
      answered(user.api.get<Briefing>('/api/dashboard/briefing')),
    )
    expect(briefing.status).toBe(200)
    expect(days).toContain(briefing.body.date)
    const again = await answered(user.api.post<Briefing>('/api/dashboard/briefing/regenerate'))
    expect(again.status).toBe(200)
  })

  it("answers the chat's date question with today's UTC date", async () => {
    const user = await marsUser()
    const { result: res, days } = await aroundUtcToday(() =>
      answered(user.api.post<SendMessageResponse>('/api/chat/send', { content: 'What is the date today?' })),
    )
    expect(res.status).toBe(200)
    const monthDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })
    const said = days.map((day) => monthDay.format(new Date(`${day}T12:00:00Z`)))
    expect(said.some((text) => res.body.assistantMessage.content.includes(text))).toBe(true)
  })

  it('exports the account with the stored zone in its settings', async () => {
    const user = await marsUser()
    const res = await answered(user.api.get('/api/auth/user/export?format=json'))
    expect(res.status).toBe(200)
    expect(JSON.parse(res.text).settings).toEqual({ timezone: MARS, theme: 'system', language: 'en' })
  })
})
