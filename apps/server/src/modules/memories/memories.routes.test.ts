import { addDays, todayIn, type Memory, type MemoryList } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

type Query = Record<string, string | string[]>

async function create(user: TestUser, payload: Record<string, unknown>): Promise<Memory> {
  const res = await t.app.inject({ method: 'POST', url: '/api/memories', headers: user.headers, payload })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Memory>()
}

/** Undated memories with a chosen createdAt can only be made through import. */
async function importMemories(user: TestUser, memories: Record<string, unknown>[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/memories/import',
    headers: user.headers,
    payload: { format: 'remi-memories', version: 1, memories },
  })
}

async function list(user: TestUser, query: Query = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/api/memories', headers: user.headers, query })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<MemoryList>()
}

const texts = async (user: TestUser, query: Query = {}) => (await list(user, query)).items.map((m) => m.text)

describe('create, get, update, delete', () => {
  it('creates a memory (201) with trimmed text and normalised tags, then reads it back', async () => {
    const user = await t.createUser()
    const created = await create(user, {
      text: '  Dentist at 3pm  ',
      tags: ' Health , health, errands,, ',
      date: '2026-01-05',
    })
    expect(created).toMatchObject({ text: 'Dentist at 3pm', tags: ['Health', 'errands'], date: '2026-01-05' })
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt)

    const res = await t.app.inject({ url: `/api/memories/${created.id}`, headers: user.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(created)
  })

  it('accepts tags as an array and a null date', async () => {
    const user = await t.createUser()
    const created = await create(user, { text: 'No date here', tags: ['a', 'B', 'b'], date: null })
    expect(created.tags).toEqual(['a', 'B'])
    expect(created.date).toBeNull()
    expect((await create(user, { text: 'empty date', date: '' })).date).toBeNull()
  })

  it("defaults the date to today in the user's timezone, not the server's", async () => {
    // Fourteen hours ahead and eleven behind UTC: at any moment these two days differ from each other.
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const user = await t.createUser({ timezone })
      const created = await create(user, { text: 'today', tags: [] })
      expect(created.date).toBe(todayIn(timezone))
    }
  })

  it('updates text and tags, keeps the date unless given, and clears it with null', async () => {
    const user = await t.createUser()
    const m = await create(user, { text: 'first', tags: 'x', date: '2026-03-01' })
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/memories/${m.id}`, headers: user.headers, payload })

    const updated = await put({ text: 'second ', tags: 'y, z' })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ id: m.id, text: 'second', tags: ['y', 'z'], date: '2026-03-01' })
    expect(updated.json<Memory>().updatedAt >= m.updatedAt).toBe(true)

    expect((await put({ text: 'third' })).json()).toMatchObject({ tags: ['y', 'z'], date: '2026-03-01' })
    expect((await put({ text: 'third', date: '2026-04-02' })).json()).toMatchObject({ date: '2026-04-02' })
    expect((await put({ text: 'third', date: null })).json()).toMatchObject({ date: null })
  })

  it('deletes (204), after which the memory is 404 and gone from the list', async () => {
    const user = await t.createUser()
    const m = await create(user, { text: 'to delete' })
    const del = await t.app.inject({ method: 'DELETE', url: `/api/memories/${m.id}`, headers: user.headers })
    expect(del.statusCode).toBe(204)
    expect(del.body).toBe('')
    expect((await t.app.inject({ url: `/api/memories/${m.id}`, headers: user.headers })).statusCode).toBe(404)
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/memories/${m.id}`,
      headers: user.headers,
    })
    expect(again.statusCode).toBe(404)
    expect((await list(user)).totalCount).toBe(0)
  })

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/memories/',
        '/api/memories/tags',
        '/api/memories/export',
        '/api/memories/import',
        '/api/memories/{id}',
      ]),
    )
  })

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/memories' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/memories/tags' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/memories/export' })).statusCode).toBe(401)
  })
})

describe('ownership', () => {
  it('another user gets 404 for GET, PUT and DELETE of your memory and never sees it', async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    const m = await create(owner, { text: 'secret dentist appointment', tags: 'private', date: '2026-02-01' })

    const get = await t.app.inject({ url: `/api/memories/${m.id}`, headers: other.headers })
    expect(get.statusCode).toBe(404)
    expect(get.json()).toMatchObject({ message: 'Memory not found.' })
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/memories/${m.id}`,
      headers: other.headers,
      payload: { text: 'hijacked' },
    })
    expect(put.statusCode).toBe(404)
    const del = await t.app.inject({ method: 'DELETE', url: `/api/memories/${m.id}`, headers: other.headers })
    expect(del.statusCode).toBe(404)

    expect((await list(other)).totalCount).toBe(0)
    expect((await list(other, { searchTerm: 'dentist' })).totalCount).toBe(0)
    expect((await list(other, { tags: 'private' })).totalCount).toBe(0)
    expect((await list(other, { startDate: '2026-02-01', endDate: '2026-02-01' })).totalCount).toBe(0)
    expect((await t.app.inject({ url: '/api/memories/tags', headers: other.headers })).json()).toEqual([])
    const exported = await t.app.inject({ url: '/api/memories/export', headers: other.headers })
    expect(exported.json()).toMatchObject({ memories: [] })
    const markdown = await t.app.inject({
      url: '/api/memories/export?format=markdown',
      headers: other.headers,
    })
    expect(markdown.body).not.toContain('secret')

    // Untouched for its owner.
    expect((await t.app.inject({ url: `/api/memories/${m.id}`, headers: owner.headers })).json()).toEqual(m)
  })
})

describe('bad input answers 400 naming the problem', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['blank text', { text: '   ' }, /body\.text: Text must not be blank/],
    ['missing text', { tags: 'a' }, /body\.text/],
    ['text over 10 000 characters', { text: 'x'.repeat(10_001) }, /body\.text: Text must be at most 10000/],
    [
      '21 tags',
      { text: 'ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      /body\.tags: At most 20 tags/,
    ],
    [
      'a 51-character tag',
      { text: 'ok', tags: ['y'.repeat(51)] },
      /body\.tags\.0: Each tag must be at most 50/,
    ],
    ['tags of the wrong type', { text: 'ok', tags: 5 }, /body\.tags: Tags must be a list/],
    ['an impossible date', { text: 'ok', date: '2026-02-30' }, /body\.date: Must be a real date/],
    ['a date before 1900', { text: 'ok', date: '1899-12-31' }, /body\.date/],
    ['a date after 2100', { text: 'ok', date: '2101-01-01' }, /body\.date/],
    ['a date in another format', { text: 'ok', date: '05/01/2026' }, /body\.date/],
  ]
  it.each(cases)('create: %s', async (_name, payload, message) => {
    const user = await t.createUser()
    const res = await t.app.inject({ method: 'POST', url: '/api/memories', headers: user.headers, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(message)
    expect((await list(user)).totalCount).toBe(0)
  })

  it('accepts exactly the limits: 10 000 characters, 20 tags of 50 characters, 1900 and 2100', async () => {
    const user = await t.createUser()
    const tags = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 'z'))
    expect((await create(user, { text: 'x'.repeat(10_000), tags, date: '1900-01-01' })).tags).toHaveLength(20)
    expect((await create(user, { text: 'leap', date: '2024-02-29' })).date).toBe('2024-02-29')
    expect((await create(user, { text: 'end', date: '2100-12-31' })).date).toBe('2100-12-31')
  })

  it('update: the same rules apply', async () => {
    const user = await t.createUser()
    const m = await create(user, { text: 'keep me' })
    for (const payload of [
      { text: '' },
      { text: 'ok', tags: ['z'.repeat(51)] },
      { text: 'ok', date: '2026-13-01' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/memories/${m.id}`,
        headers: user.headers,
        payload,
      })
      expect(res.statusCode).toBe(400)
    }
    expect((await t.app.inject({ url: `/api/memories/${m.id}`, headers: user.headers })).json()).toEqual(m)
  })

  it('an id that is not a uuid is a 400 naming the id', async () => {
    const user = await t.createUser()
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/memories/not-a-uuid',
        headers: user.headers,
        ...(method === 'PUT' ? { payload: { text: 'x' } } : {}),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('params.id: id must be a UUID.')
    }
  })

  it('an unknown uuid is a 404', async () => {
    const user = await t.createUser()
    const res = await t.app.inject({
      url: '/api/memories/00000000-0000-4000-8000-000000000000',
      headers: user.headers,
    })
    expect(res.statusCode).toBe(404)
  })

  const queryCases: [string, Query, RegExp][] = [
    ['pageSize 0', { pageSize: '0' }, /querystring\.pageSize: pageSize must be at least 1/],
    ['pageSize 1000', { pageSize: '1000' }, /querystring\.pageSize: pageSize must be at most 100/],
    ['page -1', { page: '-1' }, /querystring\.page: page must be at least 1/],
    ['page 1.5', { page: '1.5' }, /querystring\.page: page must be a whole number/],
    ['page abc', { page: 'abc' }, /querystring\.page: page must be a whole number/],
    ['an impossible startDate', { startDate: '2026-02-30' }, /querystring\.startDate/],
    ['an endDate in another format', { endDate: '2026/01/01' }, /querystring\.endDate/],
    [
      'startDate after endDate',
      { startDate: '2026-02-02', endDate: '2026-02-01' },
      /startDate must not be after endDate/,
    ],
    ['a 51-character tag filter', { tags: 'a'.repeat(51) }, /querystring\.tags/],
    ['a search term over 200 characters', { searchTerm: 's'.repeat(201) }, /querystring\.searchTerm/],
  ]
  it.each(queryCases)('list: %s', async (_name, query, message) => {
    const user = await t.createUser()
    const res = await t.app.inject({ url: '/api/memories', headers: user.headers, query })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' })
    expect(res.json().message).toMatch(message)
  })

  it('a search term made of tsquery and SQL metacharacters is a 200, not an error', async () => {
    const user = await t.createUser()
    await create(user, { text: "100% sure it's (really) fine \\ ok & done | !" })
    for (const searchTerm of [
      "' & | ! :* ( ) \\ %",
      "'",
      '&',
      '!!',
      ':*',
      '\\',
      '%',
      '_',
      "'; drop table memories; --",
      '<->',
      '"',
    ]) {
      const res = await t.app.inject({ url: '/api/memories', headers: user.headers, query: { searchTerm } })
      expect(res.statusCode, searchTerm).toBe(200)
    }
    // % and _ are matched literally, not as wildcards.
    expect(await texts(user, { searchTerm: '100%' })).toHaveLength(1)
    expect(await texts(user, { searchTerm: '0%_' })).toHaveLength(0)
  })

  it('a bad export format is a 400', async () => {
    const user = await t.createUser()
    const res = await t.app.inject({ url: '/api/memories/export?format=pdf', headers: user.headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/querystring\.format/)
  })
})

describe('list', () => {
  it('pages by day desc (undated: the day created), then createdAt desc, with the total', async () => {
    const user = await t.createUser()
    // Created in 2024, so listed under 2024: below every dated one here.
    await importMemories(user, [{ text: 'undated', date: null, createdAt: '2024-05-01T10:00:00.000Z' }])
    await create(user, { text: 'old', date: '2025-01-01' })
    await create(user, { text: 'new', date: '2026-06-01' })
    await create(user, { text: 'new, created later', date: '2026-06-01' })
    await create(user, { text: 'middle', date: '2025-06-01' })

    const all = await list(user)
    expect(all).toMatchObject({ totalCount: 5, page: 1, pageSize: 12 })
    expect(all.items.map((m) => m.text)).toEqual(['new, created later', 'new', 'middle', 'old', 'undated'])

    const page2 = await list(user, { page: '2', pageSize: '2' })
    expect(page2).toMatchObject({ totalCount: 5, page: 2, pageSize: 2 })
    expect(page2.items.map((m) => m.text)).toEqual(['middle', 'old'])
    expect((await list(user, { page: '4', pageSize: '2' })).items).toEqual([])
  })

  it('lists an undated memory by the day it was created: today above yesterday, below tomorrow', async () => {
    const timezone = 'Pacific/Kiritimati' // UTC+14: most of a UTC day is already tomorrow there
    const user = await t.createUser({ timezone })
    const today = todayIn(timezone)
    await create(user, { text: 'last month', date: addDays(today, -30) })
    await create(user, { text: 'yesterday', date: addDays(today, -1) })
    await create(user, { text: 'tomorrow', date: addDays(today, 1) })
    await create(user, { text: 'undated, created today', date: null })
    expect(await texts(user)).toEqual(['tomorrow', 'undated, created today', 'yesterday', 'last month'])
    // Dated ones keep their day whenever they were written; an undated one its creation day.
    expect(await texts(user, { startDate: today, endDate: today })).toEqual(['undated, created today'])

    // Losing its date, a memory goes back to the day it was created (today).
    const old = await create(user, { text: 'was dated last year', date: addDays(today, -365) })
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/memories/${old.id}`,
      headers: user.headers,
      payload: { text: 'was dated last year', date: null },
    })
    expect(put.statusCode, put.body).toBe(200)
    expect((await texts(user)).slice(0, 3)).toEqual([
      'tomorrow',
      'was dated last year',
      'undated, created today',
    ])
  })

  it("takes an undated memory's day in the user's zone, not UTC's", async () => {
    const user = await t.createUser({ timezone: 'Pacific/Kiritimati' })
    const imported = await importMemories(user, [
      // 12:00 UTC on March 1 is 02:00 on March 2 in Kiritimati.
      { text: 'undated, March 2 there', date: null, createdAt: '2026-03-01T12:00:00.000Z' },
      // Written later, so it would come first if the undated one counted as March 1.
      { text: 'March 1', date: '2026-03-01', createdAt: '2026-03-05T00:00:00.000Z' },
      { text: 'March 3', date: '2026-03-03', createdAt: '2026-03-01T00:00:00.000Z' },
    ])
    expect(imported.statusCode, imported.body).toBe(200)
    expect(await texts(user)).toEqual(['March 3', 'undated, March 2 there', 'March 1'])
  })

  it('pages without overlap when many memories share a date and createdAt', async () => {
    const user = await t.createUser()
    // One import writes every row in one transaction: same now() for all, no dates.
    await importMemories(
      user,
      Array.from({ length: 30 }, (_, i) => ({ text: `same ${i}` })),
    )
    const seen: string[] = []
    for (let page = 1; page <= 5; page++) {
      seen.push(...(await list(user, { page: String(page), pageSize: '7' })).items.map((m) => m.id))
    }
    expect(seen).toHaveLength(30)
    expect(new Set(seen).size).toBe(30)
  })

  it('defaults to 12 per page', async () => {
    const user = await t.createUser()
    await importMemories(
      user,
      Array.from({ length: 13 }, (_, i) => ({
        text: `m${i}`,
        date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      })),
    )
    const page = await list(user)
    expect(page.items).toHaveLength(12)
    expect(page.totalCount).toBe(13)
    expect((await list(user, { page: '2' })).items.map((m) => m.text)).toEqual(['m0'])
  })
})

describe('search', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await t.createUser()
    await create(user, { text: 'Team meeting about the roadmap', tags: 'work', date: '2026-01-10' })
    await create(user, { text: 'Dentist appointment next Tuesday', tags: 'health', date: '2026-01-11' })
    await create(user, { text: 'Buy running shoes', tags: 'shopping', date: '2026-01-12' })
    await create(user, { text: 'Call grandma', tags: 'family, Birthday', date: '2026-01-13' })
    await create(user, { text: 'Dinner with Ana', tags: 'meeting', date: '2026-01-14' })
  })

  it('finds whole words with stemming', async () => {
    expect(await texts(user, { searchTerm: 'meetings' })).toContain('Team meeting about the roadmap')
    expect(await texts(user, { searchTerm: 'appointments' })).toEqual(['Dentist appointment next Tuesday'])
    expect(await texts(user, { searchTerm: 'run' })).toEqual(['Buy running shoes'])
  })

  it('finds partial words as typed', async () => {
    expect(await texts(user, { searchTerm: 'dent' })).toEqual(['Dentist appointment next Tuesday'])
    expect(await texts(user, { searchTerm: 'De' })).toEqual(['Dentist appointment next Tuesday'])
    // The stem of "running" is "run", shorter than what was typed: still found.
    expect(await texts(user, { searchTerm: 'runnin' })).toEqual(['Buy running shoes'])
    expect(await texts(user, { searchTerm: 'grand' })).toEqual(['Call grandma'])
    expect(await texts(user, { searchTerm: 'next tues' })).toEqual(['Dentist appointment next Tuesday'])
  })

  it('finds words in tags, and ranks a match in the text above a match in a tag', async () => {
    expect(await texts(user, { searchTerm: 'birthday' })).toEqual(['Call grandma'])
    expect(await texts(user, { searchTerm: 'SHOPPING' })).toEqual(['Buy running shoes'])
    // "Dinner with Ana" is newer, but only its tag says meeting.
    expect(await texts(user, { searchTerm: 'meeting' })).toEqual([
      'Team meeting about the roadmap',
      'Dinner with Ana',
    ])
  })

  it('ranks by relevance before date', async () => {
    const u = await t.createUser()
    await create(u, { text: 'garden', date: '2026-05-01' })
    await create(u, { text: 'garden garden garden: the garden plan', date: '2020-01-01' })
    expect(await texts(u, { searchTerm: 'garden' })).toEqual([
      'garden garden garden: the garden plan',
      'garden',
    ])
  })

  it('finds nothing for words that are nowhere, and treats blank as no search', async () => {
    expect(await texts(user, { searchTerm: 'zebra' })).toEqual([])
    expect((await list(user, { searchTerm: '   ' })).totalCount).toBe(5)
  })
})

describe('tag filter', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await t.createUser()
    await create(user, { text: 'a', tags: 'Work, Urgent', date: '2026-01-01' })
    await create(user, { text: 'b', tags: 'work', date: '2026-01-02' })
    await create(user, { text: 'c', tags: 'home, urgent', date: '2026-01-03' })
    await create(user, { text: 'd', tags: [], date: '2026-01-04' })
  })

  it('keeps memories carrying all the tags, in any case', async () => {
    expect(await texts(user, { tags: 'work' })).toEqual(['b', 'a'])
    expect(await texts(user, { tags: 'URGENT' })).toEqual(['c', 'a'])
    expect(await texts(user, { tags: 'work,urgent' })).toEqual(['a'])
    expect(await texts(user, { tags: ['work', 'urgent'] })).toEqual(['a'])
    expect(await texts(user, { tags: 'work, home' })).toEqual([])
    expect(await texts(user, { tags: 'wor' })).toEqual([])
  })

  it('lists tags with counts, most used first, grouped case-insensitively', async () => {
    const res = await t.app.inject({ url: '/api/memories/tags', headers: user.headers })
    expect(res.statusCode).toBe(200)
    const tags = res.json<{ name: string; count: number }[]>()
    expect(tags).toHaveLength(3)
    expect(tags[2]).toEqual({ name: 'home', count: 1 })
    expect(tags.slice(0, 2).map((x) => x.count)).toEqual([2, 2])
    expect(
      tags
        .slice(0, 2)
        .map((x) => x.name.toLowerCase())
        .sort(),
    ).toEqual(['urgent', 'work'])
  })
})

describe('date filters', () => {
  it('are inclusive on date, and use createdAt in the user timezone when date is null', async () => {
    const user = await t.createUser({ timezone: 'Asia/Tokyo' })
    await create(user, { text: 'before', date: '2026-02-28' })
    await create(user, { text: 'first day', date: '2026-03-01' })
    await create(user, { text: 'last day', date: '2026-03-31' })
    await create(user, { text: 'after', date: '2026-04-01' })
    // 16:00 UTC on Feb 28 is already March 1 in Tokyo; 14:59 UTC on March 31 is still March 31 there.
    const imported = await importMemories(user, [
      { text: 'undated, March 1 in Tokyo', date: null, createdAt: '2026-02-28T16:00:00.000Z' },
      { text: 'undated, Feb 28 in Tokyo', date: null, createdAt: '2026-02-28T14:59:59.000Z' },
      { text: 'undated, March 31 in Tokyo', date: null, createdAt: '2026-03-31T14:59:59.000Z' },
      { text: 'undated, April 1 in Tokyo', date: null, createdAt: '2026-03-31T15:00:00.000Z' },
    ])
    expect(imported.statusCode, imported.body).toBe(200)

    const march = await texts(user, { startDate: '2026-03-01', endDate: '2026-03-31' })
    expect(march.sort()).toEqual([
      'first day',
      'last day',
      'undated, March 1 in Tokyo',
      'undated, March 31 in Tokyo',
    ])
    expect((await texts(user, { startDate: '2026-04-01' })).sort()).toEqual([
      'after',
      'undated, April 1 in Tokyo',
    ])
    expect((await texts(user, { endDate: '2026-02-28' })).sort()).toEqual([
      'before',
      'undated, Feb 28 in Tokyo',
    ])
    expect(await texts(user, { startDate: '2026-03-31', endDate: '2026-03-31' })).toEqual([
      'last day',
      'undated, March 31 in Tokyo',
    ])
  })

  it('read the same instants differently for a user in another timezone', async () => {
    const user = await t.createUser({ timezone: 'America/New_York' })
    await importMemories(user, [{ text: 'late evening', date: null, createdAt: '2026-03-01T03:00:00.000Z' }])
    expect(await texts(user, { startDate: '2026-02-28', endDate: '2026-02-28' })).toEqual(['late evening'])
    expect(await texts(user, { startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual([])
  })
})

describe('filter combinations', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await t.createUser()
    const rows = [
      ['Project meeting notes', 'work, notes', '2026-01-05'],
      ['Project kickoff meeting', 'work', '2026-01-20'],
      ['Meeting the neighbours', 'home', '2026-01-06'],
      ['Dentist meeting? no, appointment', 'health, work', '2026-01-07'],
      ['Quarterly meeting', 'Work', '2025-12-30'],
      ['Unrelated note', 'work', '2026-01-06'],
    ]
    for (const [text, tags, date] of rows) await create(user, { text, tags, date })
  })

  it('search + tags', async () => {
    expect((await texts(user, { searchTerm: 'meeting', tags: 'work' })).sort()).toEqual([
      'Dentist meeting? no, appointment',
      'Project kickoff meeting',
      'Project meeting notes',
      'Quarterly meeting',
    ])
  })

  it('search + dates', async () => {
    expect(
      (await texts(user, { searchTerm: 'meet', startDate: '2026-01-01', endDate: '2026-01-07' })).sort(),
    ).toEqual(['Dentist meeting? no, appointment', 'Meeting the neighbours', 'Project meeting notes'])
  })

  it('tags + dates', async () => {
    expect((await texts(user, { tags: 'work', startDate: '2026-01-06' })).sort()).toEqual([
      'Dentist meeting? no, appointment',
      'Project kickoff meeting',
      'Unrelated note',
    ])
  })

  it('search + tags + dates + paging', async () => {
    const query = {
      searchTerm: 'meeting',
      tags: 'WORK',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      pageSize: '2',
    }
    const first = await list(user, query)
    expect(first.totalCount).toBe(3)
    expect(first.items).toHaveLength(2)
    const second = await list(user, { ...query, page: '2' })
    expect(second.items).toHaveLength(1)
    expect([...first.items, ...second.items].map((m) => m.text).sort()).toEqual([
      'Dentist meeting? no, appointment',
      'Project kickoff meeting',
      'Project meeting notes',
    ])
  })
})
