import { describe, expect, it } from 'vitest'
import { answer, clockAt, fakeDeps } from './fake-deps.ts'
import { remember } from './remember.ts'

const clock = clockAt('2026-11-26T10:00:00Z')
const dentist = { id: 'd1', text: 'Dentist appointment moved to Friday', tags: [], date: '2026-06-05' }
const shoes = { id: 's1', text: 'Bought new running shoes', tags: ['sport'], date: null }

describe('memories, on fake tools', () => {
  it('saves what to remember with its day and tags, and cites it', async () => {
    const text = 'Remember the dentist is on December 3 #health'
    const deps = fakeDeps({}, clock, text)
    const matched = remember.claim(text, clock)!
    const result = await matched.answer({ ...deps, passOn: () => Promise.reject(new Error('not passed on')) })
    expect(deps.created).toEqual([
      { id: 'new-1', text: 'The dentist is on December 3', tags: ['health'], date: '2026-12-03' },
    ])
    expect(result.markdown).toContain('**Date:** Thursday, December 3, 2026')
    expect(result.cited).toEqual(deps.created)
  })

  it('answers a question from the memories holding its words, citing those it shows', async () => {
    const result = await answer('When is the dentist?', { memories: [dentist, shoes] }, clock)
    expect(result.intent).toBe('search')
    expect(result.markdown).toBe(
      [
        "Here's what I found in your memories:",
        '',
        '- **June 5, 2026**: Dentist appointment moved to Friday',
      ].join('\n'),
    )
    expect(result.cited).toEqual([dentist])
  })

  it('lists tagged memories, and passes a word that is no tag of the user on', async () => {
    const tagged = await answer('Show my #sport memories', { memories: [dentist, shoes] }, clock)
    expect(tagged.intent).toBe('tagged')
    expect(tagged.cited).toEqual([shoes])
    // "family" is not one of the user's tags: the intents after "tagged" answer.
    const notATag = await answer('show me my family memories', { memories: [dentist, shoes] }, clock)
    expect(notATag.intent).not.toBe('tagged')
  })

  it('says what it cannot change, and shows the likely memories', async () => {
    const result = await answer('Delete the dentist memory', { memories: [dentist, shoes] }, clock)
    expect(result.intent).toBe('change')
    expect(result.markdown).toMatch(/^I can't change or delete memories\./)
    expect(result.cited).toEqual([dentist])
  })

  it('adds up what the memories give', async () => {
    const runs = [
      { id: 'r1', text: 'Morning run, 5 km in 28 minutes', tags: [], date: '2026-11-24' },
      { id: 'r2', text: 'A run of 8.5 km along the river', tags: [], date: '2026-11-25' },
    ]
    const result = await answer('How far did I run this week?', { memories: runs }, clock)
    expect(result.intent).toBe('total')
    expect(result.markdown.split('\n')[0]).toBe('**13.5 km** in all, from 2 memories for November 22–26:')
    expect(result.cited).toEqual([runs[1], runs[0]])
  })
})
