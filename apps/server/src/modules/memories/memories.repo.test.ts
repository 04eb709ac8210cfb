import { addDays, todayIn } from '@remi/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createUsersRepo } from '../auth/index.ts'
import { memories } from '../../db/schema.ts'
import { createMemoriesRepo, filterConditions, listOrder, type MemoryQuery } from './memories.repo.ts'
import { createMemoriesService, remappedId } from './memories.service.ts'
import { createMemoryVersionsRepo } from './memory-versions.repo.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('memories repo', () => {
  it('rolls back an import whose later chunk fails in the database: nothing lands', async () => {
    const user = await t.createUser()
    const repo = createMemoriesRepo(t.db)
    // Past the zod schema, the database is the last line: an impossible date in the second chunk.
    const items = Array.from({ length: 1500 }, (_, i) => ({
      id: crypto.randomUUID(),
      text: `row ${i}`,
      tags: [],
      date: i === 1200 ? '2026-02-30' : '2026-01-01',
    }))
    await expect(repo.importAll(user.id, items, (id) => remappedId(user.id, id), 'UTC')).rejects.toThrow()
    expect(await repo.count(user.id, {})).toBe(0)
  })
})

describe('best matches (the assistant and MCP lookups)', () => {
  it('look a sentence up by its whole words, and one word as typed, like the search box', async () => {
    const user = await t.createUser()
    const repo = createMemoriesRepo(t.db)
    const service = createMemoriesService(repo, createUsersRepo(t.db))
    for (const [text, date] of [
      ['Invoice 5 paid', '2026-01-01'],
      ['Invoice 52 due', '2026-01-02'],
      ['Invoice 500 sent', '2026-01-03'],
      ['Dentist on Friday', '2026-01-04'],
    ] as const)
      await service.create(user.id, { text, tags: [], date })
    const best = async (searchTerm: string) =>
      (await service.best(user.id, { searchTerm }, 8)).map((m) => m.text)

    // A question ending in a number: that number, not every number starting with it.
    expect(await best('What about invoice 5?')).toEqual(['Invoice 5 paid'])
    expect(await best('invoice 5')).toEqual(['Invoice 5 paid'])
    // One word is the start of a word, as in the search box ('dent' finds 'Dentist').
    expect(await best('dent')).toEqual(['Dentist on Friday'])
    // (so short a start matches much: newest first)
    expect(await best('5')).toEqual(['Invoice 500 sent', 'Invoice 52 due', 'Invoice 5 paid'])
    // The search box itself still treats the last word as being typed.
    const listed = await service.list(user.id, { searchTerm: 'invoice 5', page: 1, pageSize: 12 })
    expect(listed.items.map((m) => m.text)).toEqual(['Invoice 5 paid', 'Invoice 500 sent', 'Invoice 52 due'])
  })
})

describe("yearly notes (the briefing's birthdays and anniversaries)", () => {
  it("finds the words in text or tags, never a private note or another user's, latest written first", async () => {
    const [user, other] = [await t.createUser(), await t.createUser()]
    const repo = createMemoriesRepo(t.db)
    const at = (day: number) => new Date(Date.UTC(2025, 0, day, 9))
    const notes = [
      ["Mum's birthday is 14 March", [], 1],
      ['Two birthdays this week', [], 2],
      ["Jo's B-Day: 3rd Dec", [], 3],
      ['bday of Rui', [], 4],
      ['Our wedding Anniversary', [], 5],
      ['Ana, 12 May', ['Birthday'], 6],
      ['Leo 29/02', ['family', 'bday'], 7],
      // Not one: other words sharing letters.
      ['Birth certificate renewed', [], 8],
      ['A good day at the beach', [], 9],
      ['b day', [], 10],
    ] as const
    for (const [text, tags, day] of notes)
      await repo.create(user.id, { text, tags: [...tags], date: null, createdAt: at(day) }, 'UTC')
    await repo.create(user.id, { text: 'Secret birthday', tags: [], date: null, private: true }, 'UTC')
    await repo.create(other.id, { text: "Someone else's birthday", tags: [], date: null }, 'UTC')

    const found = await repo.yearlyNotes(user.id, 200)
    expect(found.map((m) => m.text)).toEqual([
      'Leo 29/02',
      'Ana, 12 May',
      'Our wedding Anniversary',
      'bday of Rui',
      "Jo's B-Day: 3rd Dec",
      'Two birthdays this week',
      "Mum's birthday is 14 March",
    ])
    expect(found[0]).toEqual({
      id: expect.any(String),
      text: 'Leo 29/02',
      tags: ['family', 'bday'],
      day: '2025-01-07',
      createdAt: at(7),
    })
    // Bounded: the latest written.
    expect((await repo.yearlyNotes(user.id, 2)).map((m) => m.text)).toEqual(['Leo 29/02', 'Ana, 12 May'])
  })
})

describe('memories service summary', () => {
  it("counts recent memories (date, or createdAt when undated, within 30 days) in the user's timezone", async () => {
    const timezone = 'Pacific/Kiritimati'
    const user = await t.createUser({ timezone })
    const repo = createMemoriesRepo(t.db)
    const service = createMemoriesService(repo, createUsersRepo(t.db))
    const today = todayIn(timezone)
    const now = Date.now()
    await repo.importAll(
      user.id,
      [
        { text: 'today', tags: [], date: today },
        { text: '30 days ago', tags: [], date: addDays(today, -30) },
        { text: '31 days ago', tags: [], date: addDays(today, -31) },
        { text: 'tomorrow', tags: [], date: addDays(today, 1) },
        { text: 'undated, an hour ago', tags: [], date: null, createdAt: new Date(now - 3600_000) },
        { text: 'undated, 40 days ago', tags: [], date: null, createdAt: new Date(now - 40 * 86400_000) },
      ],
      (id) => id,
      timezone,
    )
    expect(await service.summary(user.id)).toEqual({ totalMemories: 6, recentMemories: 3 })
  })

  it('falls back to UTC for a stored zone the runtime does not know', async () => {
    const user = await t.createUser({ timezone: 'Mars/Olympus_Mons' })
    const service = createMemoriesService(createMemoriesRepo(t.db), createUsersRepo(t.db))
    const created = await service.create(user.id, { text: 'x', tags: [], date: undefined })
    expect(created.date).toBe(todayIn('UTC'))
  })
})

/**
 * Issue 47: a search with many matches ranks a bounded set and estimates its count. Every answer is
 * compared with a straightforward query over all matches (the way the list and search answered before):
 * the same pages, orders and exact counts up to the bound; past it, the newest candidates ranked and
 * then the list order, with a count said to be an estimate.
 */
describe('list and search answers against a reference query', () => {
  const BOUND = 25
  const CANDIDATES = 8
  const WORDS = ['meeting', 'garden', 'dentist', 'invoice', 'coffee', 'plan', 'review', 'tomato']
  let userId: string
  let repo: ReturnType<typeof createMemoriesRepo>

  beforeAll(async () => {
    userId = (await t.createUser()).id
    repo = createMemoriesRepo(t.db, { countBound: BOUND, candidates: CANDIDATES })
    for (let i = 0; i < 90; i++) {
      // Ties on purpose: days repeat, and many memories share the plain rank of one 'meeting' in the text.
      const words = [WORDS[i % 8]!, WORDS[(i * 3) % 8]!, i % 2 ? 'meeting' : 'notes']
      if (i % 9 === 0) words.push('meeting', 'meetings')
      if (i % 10 === 0) words.push('🎂')
      await repo.create(
        userId,
        {
          text: `${words.join(' ')} ${i}`,
          tags: i % 7 === 0 ? ['meeting'] : i % 5 === 0 ? ['Garden'] : [],
          date: i % 6 === 0 ? null : `2026-0${1 + (i % 9)}-1${i % 4}`,
          private: i % 11 === 0,
        },
        'UTC',
      )
    }
  })

  /** Every match in the old order: relevance (when ranked) then the list order; the count is all of them. */
  async function reference(q: MemoryQuery) {
    const { where, rank } = filterConditions(userId, q)
    const result = await t.db.execute(
      sql`select id::text, ${rank ?? sql`0`}::real as rank from ${memories} where ${where}
        order by rank desc, ${listOrder()}`,
    )
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)
  }
  /** The same matches in the list order alone. */
  async function newestFirst(q: MemoryQuery) {
    const { where } = filterConditions(userId, q)
    const result = await t.db.execute(
      sql`select id::text from ${memories} where ${where} order by ${listOrder()}`,
    )
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)
  }
  async function pages(q: MemoryQuery, pageSize: number, count: number, list = repo) {
    const out = []
    for (let page = 1; page <= count; page++) out.push(await list.list(userId, q, page, pageSize))
    return out
  }

  it('lists every page as the reference does, counts exact (no filter, tags, dates, without private)', async () => {
    for (const q of [
      { withPrivate: true },
      { withPrivate: false },
      { withPrivate: true, tags: ['garden'] },
      { withPrivate: true, startDate: '2026-02-01', endDate: '2026-05-31' },
    ] satisfies MemoryQuery[]) {
      const expected = await reference(q)
      const got = await pages(q, 12, Math.ceil(expected.length / 12) + 1)
      expect(got.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected)
      for (const p of got) expect(p).toMatchObject({ totalCount: expected.length })
      expect(got.some((p) => 'totalCountIsEstimate' in p)).toBe(false)
    }
  })

  it('answers a search with at most the bound of matches exactly: results, order, count', async () => {
    for (const searchTerm of ['dentist', 'dent', 'garden plan', 'invoice', 'tomatoes', 'zzz']) {
      const q = { withPrivate: true, searchTerm }
      const expected = await reference(q)
      expect(expected.length).toBeLessThanOrEqual(BOUND)
      const got = await pages(q, 5, Math.ceil(expected.length / 5) + 1)
      expect(
        got.flatMap((p) => p.rows.map((r) => r.id)),
        searchTerm,
      ).toEqual(expected)
      for (const p of got)
        expect(p, searchTerm).toEqual(expect.objectContaining({ totalCount: expected.length }))
      expect(got.some((p) => p.totalCountIsEstimate)).toBe(false)
    }
    // A common word (its stem in more memories than the bound) that other filters narrow to the bound
    // or fewer: counted, not taken to be past the bound from the user's word counts.
    for (const q of [
      { withPrivate: true, searchTerm: 'meeting', startDate: '2026-03-01', endDate: '2026-04-30' },
      { withPrivate: true, searchTerm: 'meeting', tags: ['meeting'] },
      { withPrivate: true, searchTerm: 'meeting 🎂' },
      { withPrivate: false, searchTerm: 'meetings', endDate: '2026-02-28' },
    ] satisfies MemoryQuery[]) {
      const expected = await reference(q)
      expect(expected.length, JSON.stringify(q)).toBeGreaterThan(0)
      expect(expected.length).toBeLessThanOrEqual(BOUND)
      const [first] = await pages(q, 50, 1)
      expect(first!.rows.map((r) => r.id)).toEqual(expected)
      expect(first).toEqual(expect.objectContaining({ totalCount: expected.length }))
      expect(first!.totalCountIsEstimate).toBeUndefined()
    }
    // The count the assistant is told stays exact past the bound too.
    expect(await repo.count(userId, { withPrivate: true, searchTerm: 'meeting' })).toBe(
      (await reference({ withPrivate: true, searchTerm: 'meeting' })).length,
    )
  })

  /**
   * The newest candidates ranked, then the list order; the count an estimate, near the real one where
   * the matches are spread evenly (`spread`): it is their density among the newest, times the memories.
   */
  async function expectPastTheBound(q: MemoryQuery, { bound = BOUND, list = repo, spread = true } = {}) {
    const all = await newestFirst(q)
    expect(all.length).toBeGreaterThan(bound)
    const ranked = await reference(q)
    const candidates = new Set(all.slice(0, CANDIDATES))
    const expected = [...ranked.filter((id) => candidates.has(id)), ...all.slice(CANDIDATES)]
    const got = await pages(q, 5, Math.ceil(all.length / 5) + 1, list)
    expect(got.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected)
    for (const p of got) {
      expect(p.totalCountIsEstimate).toBe(true)
      expect(p.totalCount).toBeGreaterThan(bound)
      if (spread) expect(Math.abs(p.totalCount - all.length)).toBeLessThanOrEqual(all.length * 0.5)
    }
  }

  it('past the bound by several words that the memories holding them all whole pass', async () => {
    // 20 memories hold both 'meeting' and 'notes' (in text or tags); a bound of 10 is passed by those alone.
    const q = { withPrivate: true, searchTerm: 'meeting notes' }
    expect((await reference(q)).length).toBe(20)
    // Most of them are among the newest, so the estimate is well above 20.
    const list = createMemoriesRepo(t.db, { countBound: 10, candidates: CANDIDATES })
    await expectPastTheBound(q, { bound: 10, list, spread: false })
  })

  it('past the bound: the newest candidates ranked, then the list order; the count an estimate', async () => {
    for (const q of [
      { withPrivate: true, searchTerm: 'meeting' },
      { withPrivate: true, searchTerm: 'meetings' },
      { withPrivate: false, searchTerm: 'meet' },
      // A word being typed whose stems are past the bound (the user's term counts say so).
      { withPrivate: true, searchTerm: 'meet' },
      { withPrivate: true, searchTerm: 'MEE' },
      // Words of one stem, which the user's word counts say is past the bound.
      { withPrivate: true, searchTerm: 'meeting meetings' },
      { withPrivate: true, searchTerm: 'meeting', startDate: '2026-01-01', endDate: '2026-08-31' },
    ] satisfies MemoryQuery[])
      await expectPastTheBound(q)
  })

  it("carries each page memory's last change, as the versions' own lookup gives it, on every path", async () => {
    const versions = createMemoryVersionsRepo(t.db)
    const all = await newestFirst({ withPrivate: true })
    for (const id of all.filter((_, i) => i % 3 === 0)) {
      const row = (await repo.get(userId, id))!
      await versions.record(userId, id, 'updated', row, { by: 'token', name: 'Laptop' })
    }
    for (const q of [
      { withPrivate: true },
      { withPrivate: true, searchTerm: 'dentist' },
      { withPrivate: true, searchTerm: 'meeting' },
    ] satisfies MemoryQuery[]) {
      for (const page of [1, 2]) {
        const got = await repo.list(userId, q, page, 5)
        const ids = got.rows.map((r) => r.id)
        expect(ids.length).toBeGreaterThan(0)
        expect(got.lastChanges).toEqual(await versions.latest(userId, ids))
      }
    }
  })

  it("finds emoji and symbols, which the text search's words leave out", async () => {
    const texts = async (searchTerm: string) =>
      (await repo.list(userId, { withPrivate: true, searchTerm }, 1, 50)).rows.map((r) => r.text)
    const withCake = (await newestFirst({ withPrivate: true })).length
    expect(withCake).toBe(90)
    const cakes = await texts('🎂')
    expect(cakes).toHaveLength(9)
    for (const text of cakes) expect(text).toContain('🎂')
    // With words, both must be there: the seven with a cake that are tagged Garden.
    const gardenCakes = await texts('garden 🎂')
    expect(gardenCakes).toHaveLength(7)
    for (const text of gardenCakes) expect(cakes).toContain(text)
    expect(await texts('☕')).toEqual([])
    const user = await t.createUser()
    await repo.create(user.id, { text: 'Great job 👍 on the ❤ cake', tags: ['☕'], date: null }, 'UTC')
    const find = async (searchTerm: string) =>
      (await repo.list(user.id, { withPrivate: true, searchTerm }, 1, 12)).rows.length
    // A skin tone or a variation selector typed with one is not asked for; tags count too.
    expect([await find('👍🏽'), await find('❤️'), await find('☕'), await find('🎂')]).toEqual([1, 1, 1, 0])
  })
})
