import { addDays, todayIn } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createUsersRepo } from '../auth/users.repo.ts'
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
