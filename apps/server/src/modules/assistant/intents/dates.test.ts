import { describe, expect, it } from 'vitest'
import { answer, clockAt } from './fake-deps.ts'

const clock = clockAt('2026-11-26T10:00:00Z')

describe('dates, on fake tools', () => {
  it('names a day, counts the days to one, and answers calendar facts', async () => {
    expect((await answer('What day is December 3?', {}, clock)).markdown).toBe(
      'December 3, 2026 is a Thursday, in 7 days.',
    )
    expect((await answer('How many days until Christmas?', {}, clock)).markdown).toBe(
      '**29 days**, until Friday, December 25, 2026.',
    )
    expect((await answer('Is 2028 a leap year?', {}, clock)).markdown).toMatch(
      /^Yes: 2028 will be a leap year/,
    )
  })

  it('counts to the day a memory gives, and cites that memory', async () => {
    const party = { id: 'm1', text: "Ana's party is on December 5", tags: [], date: '2026-12-05' }
    const result = await answer("How many days until Ana's party?", { memories: [party] }, clock)
    expect(result.intent).toBe('days-until')
    expect(result.markdown).toContain('**9 days**, until Saturday, December 5, 2026.')
    expect(result.cited).toEqual([party])
    const unknown = await answer('How many days until the wedding?', {}, clock)
    expect(unknown.markdown).toMatch(/^I don't know when \*\*the wedding\*\* is\./)
    expect(unknown.cited).toEqual([])
  })

  it('gives a holiday its day and the memories that name it', async () => {
    const brunch = { id: 'm2', text: "Easter brunch at Ana's", tags: [], date: null }
    const result = await answer('When is Easter?', { memories: [brunch] }, clock)
    expect(result.markdown.split('\n')[0]).toBe('**Easter** is on Sunday, March 28, 2027, in 122 days.')
    expect(result.cited).toEqual([brunch])
  })
})
