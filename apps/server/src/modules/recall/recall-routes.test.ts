import { sql } from 'drizzle-orm'
import { describe, expect, it, afterAll, beforeAll } from 'vitest'
import type { ApiErrorBody, MemoryList } from '@remi/shared'
import { TOO_MANY_REQUESTS_MESSAGE } from '@remi/shared'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createUserLimit } from '../../lib/user-limit.ts'
import { AppError } from '../../lib/errors.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('the memories screen: the closest matches when no memory holds every word', () => {
  it('answers the closest matches, said so; an ordinary search stays as it is', async () => {
    const user = await t.createUser()
    // Saved hours apart, as unrelated notes are (notes saved within a minute are one exchange, whose
    // turns recall brings along with a match).
    for (const [i, text] of ['Dentist on Friday at 10', 'Marta likes orchids', 'Buy oat milk'].entries()) {
      const memory = await user.api.memories.create({ text })
      await t.db.execute(
        sql`update memories set created_at = ${new Date(Date.UTC(2026, 0, 1, i * 3)).toISOString()}::timestamptz where id = ${memory.id}`,
      )
    }
    const ordinary = await user.api.memories.list({ searchTerm: 'dentist' })
    expect(ordinary.items.map((m) => m.text)).toEqual(['Dentist on Friday at 10'])
    expect(ordinary.closest).toBeUndefined()

    const closest = await user.api.memories.list({ searchTerm: 'dentist appointment tomorrow' })
    expect(closest).toMatchObject({ closest: true, totalCount: 1, page: 1 })
    expect(closest.items.map((m) => m.text)).toEqual(['Dentist on Friday at 10'])

    const nothing = await user.api.memories.list({ searchTerm: 'zebra' })
    expect(nothing).toMatchObject({ items: [], totalCount: 0 })
    expect(nothing.closest).toBeUndefined()
  })

  it('a 200-character search of matching words answers (not 500) with its first words', async () => {
    const user = await t.createUser()
    await user.api.memories.create({ text: 'garden plan for the spring: tomatoes, basil and beans' })
    const words = 'garden plan tomatoes basil beans spring '
    const searchTerm = words.repeat(10).slice(0, 200)
    const res = await user.api.get<MemoryList>('/api/memories', { searchTerm })
    expect(res.status).toBe(200)
    expect(res.body.items.map((m) => m.text)).toEqual([
      'garden plan for the spring: tomatoes, basil and beans',
    ])
    // Its words past the twelfth are not looked for: a thirteenth that no memory holds changes nothing.
    const thirteenth = `${'garden plan tomatoes '.repeat(4)}zebra`
    const capped = await user.api.get<MemoryList>('/api/memories', { searchTerm: thirteenth })
    expect(capped.status).toBe(200)
    expect(capped.body.totalCount).toBe(1)
    expect(capped.body.closest).toBeUndefined()
  })
})

describe("one user's searches at once", () => {
  it('runs two of a user’s searches at once, the third waits its turn; other users never wait', async () => {
    const limit = createUserLimit({ max: 2, waitMs: 1000 })
    const order: string[] = []
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const slow = (name: string) => limit.run('ana', async () => (await gate, order.push(name)))
    const first = slow('first')
    const second = slow('second')
    const third = slow('third')
    expect(limit.running('ana')).toBe(2)
    await limit.run('bruno', async () => order.push('bruno'))
    expect(order).toEqual(['bruno'])
    open()
    await Promise.all([first, second, third])
    expect(order).toEqual(['bruno', 'first', 'second', 'third'])
    expect(limit.running('ana')).toBe(0)
  })

  it("answers the spec's 429 when a search waited too long for its turn", async () => {
    const limit = createUserLimit({ max: 2, waitMs: 50 })
    const never = new Promise<void>(() => {})
    void limit.run('ana', () => never)
    void limit.run('ana', () => never)
    const third = limit.run('ana', async () => 'ran')
    await expect(third).rejects.toBeInstanceOf(AppError)
    await expect(third).rejects.toMatchObject({ statusCode: 429, message: TOO_MANY_REQUESTS_MESSAGE })
    expect(await limit.run('bruno', async () => 'ran')).toBe('ran')
  })

  it('through the API: three long searches of one user at once answer, none a 500', async () => {
    const user = await t.createUser()
    await user.api.memories.create({ text: 'garden plan for the spring' })
    const long = 'garden plan spring tomatoes '.repeat(8).slice(0, 200)
    const answers = await Promise.all(
      [1, 2, 3].map(() => user.api.get<MemoryList | ApiErrorBody>('/api/memories', { searchTerm: long })),
    )
    for (const res of answers) expect([200, 429]).toContain(res.status)
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2)
  })
})
