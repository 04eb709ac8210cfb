import { describe, expect, it } from 'vitest'
import { createToolRecord } from './record.ts'
import type { AssistantServices } from './types.ts'

/** A promise and the hand that settles it. */
function later<T>() {
  let settle!: (value: T) => void
  const promise = new Promise<T>((resolve) => (settle = resolve))
  return { promise, settle }
}

describe("an answer's record of its calls", () => {
  it('lists calls run side by side in the order they were made, whichever finishes first', async () => {
    const record = createToolRecord({} as AssistantServices, 'user-1', {})
    const search = later<{ found: number }>()
    const calendar = later<{ events: number }>()
    const first = record.run(
      'search_memories',
      { query: 'dentist' },
      { summary: 'Searched memories' },
      () => search.promise,
    )
    // An unasked look is recorded only once it answers, yet keeps its place after the search.
    const second = record.run(
      'get_calendar_events',
      {},
      { summary: 'Read the calendar', unasked: true },
      () => calendar.promise,
    )
    const third = record.run('get_weather', {}, { summary: 'Read the weather' }, async () => ({
      sunny: true,
    }))
    calendar.settle({ events: 1 })
    await Promise.all([second, third])
    search.settle({ found: 2 })
    await first
    expect(record.activity.map((a) => a.tool)).toEqual([
      'search_memories',
      'get_calendar_events',
      'get_weather',
    ])
    expect(record.calls.map((c) => c.tool)).toEqual(['search_memories', 'get_calendar_events', 'get_weather'])
  })

  it('leaves out an unasked look at a source that is off, and keeps the rest in order', async () => {
    const record = createToolRecord({} as AssistantServices, 'user-1', {})
    const search = later<{ found: number }>()
    const first = record.run('search_memories', {}, { summary: 'Searched memories' }, () => search.promise)
    await record.run(
      'get_calendar_events',
      {},
      { summary: 'Read the calendar', unasked: true },
      async () => ({
        error: 'The calendar is off.',
        off: true,
      }),
    )
    await record.run('get_weather', {}, { summary: 'Read the weather' }, async () => ({ sunny: true }))
    search.settle({ found: 0 })
    await first
    expect(record.activity.map((a) => a.tool)).toEqual(['search_memories', 'get_weather'])
    expect(record.calls.map((c) => c.tool)).toEqual(['search_memories', 'get_weather'])
  })
})
