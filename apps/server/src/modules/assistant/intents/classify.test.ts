import { todayIn } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { CLAIMED_BY_TWO, GOLDEN } from './golden.test-support.ts'
import { claimants, classify, INTENTS } from './index.ts'

/** Thursday, November 26, 2026, 10:00 in Lisbon: the day most of the offline tests ask on. */
const now = new Date('2026-11-26T10:00:00Z')
const clock = { now, timeZone: 'Europe/Lisbon', today: todayIn('Europe/Lisbon', now) }

/** The intents the memories fall back on, which claim most questions: left out of "claimed by two". */
// 'statement' answers what `told` (keep.ts) claims first, when a chat cannot offer Save as memory.
const CATCH_ALLS = new Set(['noted', 'search', 'related', 'fallback', 'statement'])

const rows = Object.entries(GOLDEN).flatMap(([intent, questions]) =>
  questions.map((q) => [q, intent] as const),
)

describe('the golden classification table', () => {
  it('names only intents of the registry, each once', () => {
    const names = INTENTS.map((i) => i.name)
    expect(new Set(names).size).toBe(names.length)
    expect(Object.keys(GOLDEN).filter((name) => !names.includes(name))).toEqual([])
  })

  it.each(rows)('%j → %s', (question, intent) => {
    expect(classify(question, clock).matched.name).toBe(intent)
  })

  it.each(INTENTS.flatMap((i) => i.examples.map((e) => [e, i.name] as const)))(
    'example %j → %s',
    (example, intent) => {
      expect(classify(example, clock).matched.name).toBe(intent)
    },
  )
})

describe('questions two intents claim', () => {
  it.each(CLAIMED_BY_TWO)('%j: %j, the first answers', (question, expected) => {
    const claiming = claimants(question, clock).filter((name) => !CATCH_ALLS.has(name))
    expect(claiming).toEqual(expected)
    expect(classify(question, clock).matched.name).toBe(expected[0])
  })

  it('lists every question of the table that two intents claim', () => {
    const listed = new Set(CLAIMED_BY_TWO.map(([q]) => q))
    const twice = rows
      .map(([q]) => q)
      .filter((q) => claimants(q, clock).filter((name) => !CATCH_ALLS.has(name)).length > 1)
    expect(twice.filter((q) => !listed.has(q))).toEqual([])
  })
})
