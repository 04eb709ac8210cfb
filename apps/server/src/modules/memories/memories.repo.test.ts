import { addDays, todayIn } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createUsersRepo } from '../auth/index.ts'
import { createMemoriesRepo } from './memories.repo.ts'
import { createMemoriesService, remappedId } from './memories.service.ts'

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
