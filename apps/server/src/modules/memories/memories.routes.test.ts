import { addDays, MemoryList, todayIn, type ApiErrorBody, type Memory } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

type Query = Record<string, string | string[]>

const texts = async (user: TestUser, query: Query = {}) =>
  (await user.api.memories.list(query)).items.map((m) => m.text)

describe('create, get, update, delete', () => {
  it('creates a memory (201) with trimmed text and normalised tags, then reads it back', async () => {
    const user = await t.createUser()
    const created = await user.api.memories.create({
      text: '  Dentist at 3pm  ',
      tags: ' Health , health, errands,, ',
      date: '2026-01-05',
    })
    expect(created).toMatchObject({ text: 'Dentist at 3pm', tags: ['Health', 'errands'], date: '2026-01-05' })
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt)

    const res = await user.api.get(`/api/memories/${created.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(created)
  })

  it('accepts tags as an array and a null date', async () => {
    const user = await t.createUser()
    const created = await user.api.memories.create({
      text: 'No date here',
      tags: ['a', 'B', 'b'],
      date: null,
    })
    expect(created.tags).toEqual(['a', 'B'])
    expect(created.date).toBeNull()
    expect((await user.api.memories.create({ text: 'empty date', date: '' })).date).toBeNull()
  })

  it("defaults the date to today in the user's timezone, not the server's", async () => {
    // Fourteen hours ahead and eleven behind UTC: at any moment these two days differ from each other.
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const user = await t.createUser({ timezone })
      const created = await user.api.memories.create({ text: 'today', tags: [] })
      expect(created.date).toBe(todayIn(timezone))
    }
  })

  it('updates text and tags, keeps the date unless given, and clears it with null', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'first', tags: 'x', date: '2026-03-01' })
    const put = (payload: Record<string, unknown>) => user.api.put<Memory>(`/api/memories/${m.id}`, payload)

    const updated = await put({ text: 'second ', tags: 'y, z' })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ id: m.id, text: 'second', tags: ['y', 'z'], date: '2026-03-01' })
    expect(updated.body.updatedAt >= m.updatedAt).toBe(true)

    expect((await put({ text: 'third' })).body).toMatchObject({ tags: ['y', 'z'], date: '2026-03-01' })
    expect((await put({ text: 'third', date: '2026-04-02' })).body).toMatchObject({ date: '2026-04-02' })
    expect((await put({ text: 'third', date: null })).body).toMatchObject({ date: null })
  })

  it('deletes (204), after which the memory is 404 and gone from the list', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'to delete' })
    const del = await user.api.delete(`/api/memories/${m.id}`)
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect((await user.api.get(`/api/memories/${m.id}`)).status).toBe(404)
    const again = await user.api.delete(`/api/memories/${m.id}`)
    expect(again.status).toBe(404)
    expect((await user.api.memories.list()).totalCount).toBe(0)
  })

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.anonymous.get<{ paths: Record<string, unknown> }>('/api/docs/json')).body
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
    expect((await t.anonymous.get('/api/memories')).status).toBe(401)
    expect((await t.anonymous.get('/api/memories/tags')).status).toBe(401)
    expect((await t.anonymous.get('/api/memories/export')).status).toBe(401)
  })
})

describe('ownership', () => {
  it('another user gets 404 for GET, PUT and DELETE of your memory and never sees it', async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    const m = await owner.api.memories.create({
      text: 'secret dentist appointment',
      tags: 'private',
      date: '2026-02-01',
    })

    const get = await other.api.get(`/api/memories/${m.id}`)
    expect(get.status).toBe(404)
    expect(get.body).toMatchObject({ message: 'Memory not found.' })
    const put = await other.api.put(`/api/memories/${m.id}`, { text: 'hijacked' })
    expect(put.status).toBe(404)
    const del = await other.api.delete(`/api/memories/${m.id}`)
    expect(del.status).toBe(404)

    expect((await other.api.memories.list()).totalCount).toBe(0)
    expect((await other.api.memories.list({ searchTerm: 'dentist' })).totalCount).toBe(0)
    expect((await other.api.memories.list({ tags: 'private' })).totalCount).toBe(0)
    expect(
      (await other.api.memories.list({ startDate: '2026-02-01', endDate: '2026-02-01' })).totalCount,
    ).toBe(0)
    expect((await other.api.get('/api/memories/tags')).body).toEqual([])
    const exported = await other.api.get('/api/memories/export')
    expect(exported.body).toMatchObject({ memories: [] })
    const markdown = await other.api.get('/api/memories/export', { format: 'markdown' })
    expect(markdown.text).not.toContain('secret')

    // Untouched for its owner.
    expect((await owner.api.get(`/api/memories/${m.id}`)).body).toEqual(m)
  })
})

describe('bad input answers 400 naming the problem', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['blank text', { text: '   ' }, /^Text must not be blank\.$/],
    ['missing text', { tags: 'a' }, /^Text is required\.$/],
    [
      'text over 10 000 characters',
      { text: 'x'.repeat(10_001) },
      /^Text must be at most 10000 characters\.$/,
    ],
    [
      '21 tags',
      { text: 'ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      /^At most 20 tags are allowed\.$/,
    ],
    [
      'a 51-character tag',
      { text: 'ok', tags: ['y'.repeat(51)] },
      /^Item 1: Each tag must be at most 50 characters\.$/,
    ],
    ['tags of the wrong type', { text: 'ok', tags: 5 }, /^Tags must be a list/],
    ['an impossible date', { text: 'ok', date: '2026-02-30' }, /^The date must be a real date/],
    ['a date before 1900', { text: 'ok', date: '1899-12-31' }, /^The date must be a real date/],
    ['a date after 2100', { text: 'ok', date: '2101-01-01' }, /^The date must be a real date/],
    ['a date in another format', { text: 'ok', date: '05/01/2026' }, /^The date must be a real date/],
  ]
  it.each(cases)('create: %s', async (_name, payload, message) => {
    const user = await t.createUser()
    const res = await user.api.post<ApiErrorBody>('/api/memories', payload)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(message)
    expect((await user.api.memories.list()).totalCount).toBe(0)
  })

  it('accepts exactly the limits: 10 000 characters, 20 tags of 50 characters, 1900 and 2100', async () => {
    const user = await t.createUser()
    const tags = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 'z'))
    expect(
      (await user.api.memories.create({ text: 'x'.repeat(10_000), tags, date: '1900-01-01' })).tags,
    ).toHaveLength(20)
    expect((await user.api.memories.create({ text: 'leap', date: '2024-02-29' })).date).toBe('2024-02-29')
    expect((await user.api.memories.create({ text: 'end', date: '2100-12-31' })).date).toBe('2100-12-31')
  })

  it('update: the same rules apply', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'keep me' })
    for (const payload of [
      { text: '' },
      { text: 'ok', tags: ['z'.repeat(51)] },
      { text: 'ok', date: '2026-13-01' },
    ]) {
      expect((await user.api.put(`/api/memories/${m.id}`, payload)).status).toBe(400)
    }
    expect((await user.api.get(`/api/memories/${m.id}`)).body).toEqual(m)
  })

  it('an id that is not a uuid is a 400 naming the id', async () => {
    const user = await t.createUser()
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await user.api.request<ApiErrorBody>(method, '/api/memories/not-a-uuid', {
        payload: method === 'PUT' ? { text: 'x' } : undefined,
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('The id must be a UUID.')
    }
  })

  it('an unknown uuid is a 404', async () => {
    const user = await t.createUser()
    const res = await user.api.get('/api/memories/00000000-0000-4000-8000-000000000000')
    expect(res.status).toBe(404)
  })

  const queryCases: [string, Query, RegExp][] = [
    ['pageSize 0', { pageSize: '0' }, /^The page size must be at least 1\.$/],
    ['pageSize 1000', { pageSize: '1000' }, /^The page size must be at most 100\.$/],
    ['page -1', { page: '-1' }, /^The page number must be at least 1\.$/],
    ['page 1.5', { page: '1.5' }, /^The page number must be a whole number\.$/],
    ['page abc', { page: 'abc' }, /^The page number must be a whole number\.$/],
    ['an impossible startDate', { startDate: '2026-02-30' }, /^The start date must be a real date/],
    ['an endDate in another format', { endDate: '2026/01/01' }, /^The end date must be a real date/],
    [
      'startDate after endDate',
      { startDate: '2026-02-02', endDate: '2026-02-01' },
      /^The start date must not be after the end date\.$/,
    ],
    [
      'a 51-character tag filter',
      { tags: 'a'.repeat(51) },
      /^Item 1: Each tag must be at most 50 characters\.$/,
    ],
    [
      'a search term over 200 characters',
      { searchTerm: 's'.repeat(201) },
      /^The search must be at most 200 characters\.$/,
    ],
  ]
  it.each(queryCases)('list: %s', async (_name, query, message) => {
    const user = await t.createUser()
    const res = await user.api.get<ApiErrorBody>('/api/memories', query)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' })
    expect(res.body.message).toMatch(message)
  })

  it('a search term made of tsquery and SQL metacharacters is a 200, not an error', async () => {
    const user = await t.createUser()
    await user.api.memories.create({ text: "100% sure it's (really) fine \\ ok & done | !" })
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
      const res = await user.api.get('/api/memories', { searchTerm })
      expect(res.status, searchTerm).toBe(200)
    }
    // % and _ are matched literally, not as wildcards.
    expect(await texts(user, { searchTerm: '100%' })).toHaveLength(1)
    expect(await texts(user, { searchTerm: '0%_' })).toHaveLength(0)
  })

  it('a bad export format is a 400', async () => {
    const user = await t.createUser()
    const res = await user.api.get<ApiErrorBody>('/api/memories/export', { format: 'pdf' })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^The format must be 'json' or 'markdown'\.$/)
  })
})

describe('list', () => {
  it('pages by day desc (undated: the day created), then createdAt desc, with the total', async () => {
    const user = await t.createUser()
    // Created in 2024, so listed under 2024: below every dated one here.
    await user.api.memories.import([{ text: 'undated', date: null, createdAt: '2024-05-01T10:00:00.000Z' }])
    await user.api.memories.create({ text: 'old', date: '2025-01-01' })
    await user.api.memories.create({ text: 'new', date: '2026-06-01' })
    await user.api.memories.create({ text: 'new, created later', date: '2026-06-01' })
    await user.api.memories.create({ text: 'middle', date: '2025-06-01' })

    const all = await user.api.memories.list()
    expect(all).toMatchObject({ totalCount: 5, page: 1, pageSize: 12 })
    expect(all.items.map((m) => m.text)).toEqual(['new, created later', 'new', 'middle', 'old', 'undated'])

    const page2 = await user.api.memories.list({ page: '2', pageSize: '2' })
    expect(page2).toMatchObject({ totalCount: 5, page: 2, pageSize: 2 })
    expect(page2.items.map((m) => m.text)).toEqual(['middle', 'old'])
    expect((await user.api.memories.list({ page: '4', pageSize: '2' })).items).toEqual([])
  })

  it('lists an undated memory by the day it was created: today above yesterday, below tomorrow', async () => {
    const timezone = 'Pacific/Kiritimati' // UTC+14: most of a UTC day is already tomorrow there
    const user = await t.createUser({ timezone })
    const today = todayIn(timezone)
    await user.api.memories.create({ text: 'last month', date: addDays(today, -30) })
    await user.api.memories.create({ text: 'yesterday', date: addDays(today, -1) })
    await user.api.memories.create({ text: 'tomorrow', date: addDays(today, 1) })
    await user.api.memories.create({ text: 'undated, created today', date: null })
    expect(await texts(user)).toEqual(['tomorrow', 'undated, created today', 'yesterday', 'last month'])
    // Dated ones keep their day whenever they were written; an undated one its creation day.
    expect(await texts(user, { startDate: today, endDate: today })).toEqual(['undated, created today'])

    // Losing its date, a memory goes back to the day it was created (today).
    const old = await user.api.memories.create({ text: 'was dated last year', date: addDays(today, -365) })
    const put = await user.api.put(`/api/memories/${old.id}`, { text: 'was dated last year', date: null })
    expect(put.status, put.text).toBe(200)
    expect((await texts(user)).slice(0, 3)).toEqual([
      'tomorrow',
      'was dated last year',
      'undated, created today',
    ])
  })

  it("takes an undated memory's day in the user's zone, not UTC's", async () => {
    const user = await t.createUser({ timezone: 'Pacific/Kiritimati' })
    const imported = await user.api.memories.import([
      // 12:00 UTC on March 1 is 02:00 on March 2 in Kiritimati.
      { text: 'undated, March 2 there', date: null, createdAt: '2026-03-01T12:00:00.000Z' },
      // Written later, so it would come first if the undated one counted as March 1.
      { text: 'March 1', date: '2026-03-01', createdAt: '2026-03-05T00:00:00.000Z' },
      { text: 'March 3', date: '2026-03-03', createdAt: '2026-03-01T00:00:00.000Z' },
    ])
    expect(imported.status, imported.text).toBe(200)
    expect(await texts(user)).toEqual(['March 3', 'undated, March 2 there', 'March 1'])
  })

  it('pages without overlap when many memories share a date and createdAt', async () => {
    const user = await t.createUser()
    // One import writes every row in one transaction: same now() for all, no dates.
    await user.api.memories.import(Array.from({ length: 30 }, (_, i) => ({ text: `same ${i}` })))
    const seen: string[] = []
    for (let page = 1; page <= 5; page++) {
      seen.push(
        ...(await user.api.memories.list({ page: String(page), pageSize: '7' })).items.map((m) => m.id),
      )
    }
    expect(seen).toHaveLength(30)
    expect(new Set(seen).size).toBe(30)
  })

  it('defaults to 12 per page', async () => {
    const user = await t.createUser()
    await user.api.memories.import(
      Array.from({ length: 13 }, (_, i) => ({
        text: `m${i}`,
        date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      })),
    )
    const page = await user.api.memories.list()
    expect(page.items).toHaveLength(12)
    expect(page.totalCount).toBe(13)
    expect((await user.api.memories.list({ page: '2' })).items.map((m) => m.text)).toEqual(['m0'])
  })
})

describe('the list answer', () => {
  it('is written from its schema (fast-json-stringify) as the zod serializer wrote it', async () => {
    const user = await t.createUser()
    const a = await user.api.memories.create({ text: 'Plain one', tags: ['x'], date: null })
    const b = await user.api.memories.create({
      text: 'Private "quoted" \\ one 🎂',
      tags: [],
      date: '2026-01-05',
    })
    await user.api.put(`/api/memories/${b.id}`, { text: 'Private "quoted" \\ one 🎂', private: true })
    expect(a.id).toBeTruthy()
    const res = await t.app.inject({ url: '/api/memories?pageSize=5', headers: user.headers })
    expect(res.statusCode).toBe(200)
    const body = res.json<MemoryList>()
    // One just created (a change without a 'before'), one edited since (its change has one).
    expect(body.items.map((m) => m.lastChange?.action)).toEqual(['created', 'updated'])
    expect(res.body).toBe(JSON.stringify(MemoryList.encode(body)))
  })
})

describe('search', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await t.createUser()
    await user.api.memories.create({
      text: 'Team meeting about the roadmap',
      tags: 'work',
      date: '2026-01-10',
    })
    await user.api.memories.create({
      text: 'Dentist appointment next Tuesday',
      tags: 'health',
      date: '2026-01-11',
    })
    await user.api.memories.create({ text: 'Buy running shoes', tags: 'shopping', date: '2026-01-12' })
    await user.api.memories.create({ text: 'Call grandma', tags: 'family, Birthday', date: '2026-01-13' })
    await user.api.memories.create({ text: 'Dinner with Ana', tags: 'meeting', date: '2026-01-14' })
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
    // The start of a tag, too ('birt' is no stem of 'birthday').
    expect(await texts(user, { searchTerm: 'birt' })).toEqual(['Call grandma'])
    expect(await texts(user, { searchTerm: 'shopp' })).toEqual(['Buy running shoes'])
  })

  it('treats only the last word as typed: the words before it are whole', async () => {
    const u = await t.createUser()
    await u.api.memories.create({ text: 'the garden plan', date: '2026-01-01' })
    await u.api.memories.create({ text: 'gardening plans for spring', date: '2026-01-02' })
    await u.api.memories.create({ text: 'a gardenia in the window', date: '2026-01-03' })
    expect((await texts(u, { searchTerm: 'garden pla' })).sort()).toEqual([
      'gardening plans for spring',
      'the garden plan',
    ])
    // No memory holds both: what comes back is the closest matches, said so (recall).
    expect((await u.api.memories.list({ searchTerm: 'gard plan' })).closest).toBe(true)
  })

  it('ranks whole-word matches above matches on the start of a word, then newest first', async () => {
    const u = await t.createUser()
    await u.api.memories.create({ text: 'the plan for Monday', date: '2026-01-01' })
    await u.api.memories.create({ text: 'plant the tomatoes', date: '2026-03-01' })
    await u.api.memories.create({ text: 'planets at night', date: '2026-02-01' })
    expect(await texts(u, { searchTerm: 'plan' })).toEqual([
      'the plan for Monday',
      'plant the tomatoes',
      'planets at night',
    ])
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
    await u.api.memories.create({ text: 'garden', date: '2026-05-01' })
    await u.api.memories.create({ text: 'garden garden garden: the garden plan', date: '2020-01-01' })
    expect(await texts(u, { searchTerm: 'garden' })).toEqual([
      'garden garden garden: the garden plan',
      'garden',
    ])
  })

  it('finds nothing for words that are nowhere, and treats blank as no search', async () => {
    expect(await texts(user, { searchTerm: 'zebra' })).toEqual([])
    expect((await user.api.memories.list({ searchTerm: '   ' })).totalCount).toBe(5)
  })
})

describe('tag filter', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await t.createUser()
    await user.api.memories.create({ text: 'a', tags: 'Work, Urgent', date: '2026-01-01' })
    await user.api.memories.create({ text: 'b', tags: 'work', date: '2026-01-02' })
    await user.api.memories.create({ text: 'c', tags: 'home, urgent', date: '2026-01-03' })
    await user.api.memories.create({ text: 'd', tags: [], date: '2026-01-04' })
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
    const res = await user.api.get<{ name: string; count: number }[]>('/api/memories/tags')
    expect(res.status).toBe(200)
    const tags = res.body
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
    await user.api.memories.create({ text: 'before', date: '2026-02-28' })
    await user.api.memories.create({ text: 'first day', date: '2026-03-01' })
    await user.api.memories.create({ text: 'last day', date: '2026-03-31' })
    await user.api.memories.create({ text: 'after', date: '2026-04-01' })
    // 16:00 UTC on Feb 28 is already March 1 in Tokyo; 14:59 UTC on March 31 is still March 31 there.
    const imported = await user.api.memories.import([
      { text: 'undated, March 1 in Tokyo', date: null, createdAt: '2026-02-28T16:00:00.000Z' },
      { text: 'undated, Feb 28 in Tokyo', date: null, createdAt: '2026-02-28T14:59:59.000Z' },
      { text: 'undated, March 31 in Tokyo', date: null, createdAt: '2026-03-31T14:59:59.000Z' },
      { text: 'undated, April 1 in Tokyo', date: null, createdAt: '2026-03-31T15:00:00.000Z' },
    ])
    expect(imported.status, imported.text).toBe(200)

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
    await user.api.memories.import([
      { text: 'late evening', date: null, createdAt: '2026-03-01T03:00:00.000Z' },
    ])
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
    for (const [text, tags, date] of rows) await user.api.memories.create({ text, tags, date })
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
    const first = await user.api.memories.list(query)
    expect(first.totalCount).toBe(3)
    expect(first.items).toHaveLength(2)
    const second = await user.api.memories.list({ ...query, page: '2' })
    expect(second.items).toHaveLength(1)
    expect([...first.items, ...second.items].map((m) => m.text).sort()).toEqual([
      'Dentist meeting? no, appointment',
      'Project kickoff meeting',
      'Project meeting notes',
    ])
  })
})
