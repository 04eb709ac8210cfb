import fc from 'fast-check'
import type { MemoryList } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { FALLBACK_NOTE, OFFLINE_INTRODUCTION } from './offline.ts'
import { t, ics, ask, LISBON, offlineAt, startTheApp } from './intents/through-the-app.test-support.ts'

/** Cross-family behaviour through the app; each family's answers are in intents/<family>.test.ts. */
startTheApp()

describe('the offline assistant', () => {
  it('is the app assistant when no model is configured, and says so', () => {
    expect(t.services.assistant.info).toEqual({ name: 'Remi', model: null })
  })

  it('introduces itself once per conversation, saying how to connect a model', async () => {
    const user = await t.createUser()
    const first = await ask(user, 'hi', { offlineIntroduced: false })
    expect(first.answer.content).toContain(OFFLINE_INTRODUCTION)
    expect(first.answer.content).toContain('without a language model')
    expect(first.answer.content).toContain('`AI_PROVIDER`')
    const later = await ask(user, 'hi', { offlineIntroduced: true })
    expect(later.answer.content).not.toContain('without a language model')
    expect(later.answer.content).not.toContain(FALLBACK_NOTE)
  })

  it('streams its reply as a few delta events that add up to the answer, and reports tool activity', async () => {
    const user = await t.createUser()
    await t.factory.memory(user.id, { text: 'Ana loves tulips' })
    await t.factory.memory(user.id, { text: 'Ana plays the cello' })
    const { answer, deltas, events } = await ask(user, 'What do I know about Ana?', {
      offlineIntroduced: false,
    })
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe(answer.content)
    expect(events[0]).toEqual({
      type: 'activity',
      status: 'started',
      activity: { tool: 'search_memories', summary: "Searched memories for 'ana'" },
    })
    expect(events[1]).toMatchObject({ type: 'activity', status: 'finished' })
    expect(events.slice(2).every((e) => e.type === 'delta')).toBe(true)
  })

  it('answers nothing and saves nothing once the request was already aborted', async () => {
    const user = await t.createUser()
    const controller = new AbortController()
    controller.abort()
    const { answer } = await ask(user, 'remember the milk', { signal: controller.signal })
    expect(answer).toMatchObject({ content: '', stopped: true, mode: 'offline' })
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(0)
  })
})

describe('any message', () => {
  /** The words the offline assistant reads, and some it must not trip on. */
  const WORDS = `how many much far long days weeks between and from to until since what when where who is it
    that this there her his him she he they them the a my remember remind me note save what's will rain stop
    sunny warmest coldest good day for run walk picnic free next last week month year today tomorrow
    yesterday Monday Friday December March 3 12 2027 1,200 45.20 € $ euros km miles hours minutes spend
    spent paid cost owe Ana Pedro's Paris dentist birthday born old gift get buy weather umbrella coat
    calendar meeting am I busy at 9 7pm + - * / % of ( ) ? ! , . # and Christmas Easter brief me did I`
    .split(/\s+/)
    .filter(Boolean)
  /** Phrases that lead somewhere: a follow-up, a total, a span of days, a weather decision. */
  const PHRASES = [
    'how far did I run',
    'how much did I spend on',
    'how many hours did I work',
    'how many days between',
    'how many weeks from now to',
    'where is it',
    'is it today',
    'when is her birthday',
    "what's the weather there",
    'when will it stop raining',
    'is tomorrow a good day for a walk',
    'when is my next free day',
    'which days am I free',
    'remind me what',
    'and tomorrow',
    'what about Pedro',
    'this week',
    'in November',
  ]
  const sentence = fc
    .array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...PHRASES)), { minLength: 1, maxLength: 10 })
    .map((w) => w.join(' '))

  it('gets an answer in words, whatever mix of those words it is sent, after whatever came before', async () => {
    const user = await t.createUser()
    await t.factory.dataSource(user.id, 'weather', {
      configuration: { locationName: 'Lisbon', location: LISBON },
    })
    await t.factory.dataSource(user.id, 'calendar', { configuration: { icsUrl: ics.calendarUrl } })
    await t.factory.memory(user.id, { text: "Ana's birthday is May 12", date: null })
    await t.factory.memory(user.id, { text: 'Ran 5 km, spent 12 euros on a coffee', date: '2026-11-24' })
    const assistant = offlineAt('2026-11-26T10:00:00Z')
    await fc.assert(
      fc.asyncProperty(sentence, fc.array(sentence, { maxLength: 2 }), async (content, before) => {
        const { answer } = await ask(user, content, { assistant, before })
        expect(answer.mode).toBe('offline')
        expect(answer.content.trim().length).toBeGreaterThan(0)
        expect(answer.content).not.toMatch(/\b(?:undefined|NaN|null|Infinity)\b|\[object /)
      }),
      { numRuns: 150 },
    )
  })
})

describe('another user', () => {
  it("never sees or cites someone else's memories", async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    await t.factory.memory(owner.id, { text: 'The safe code is hidden under the stairs' })
    const { answer } = await ask(other, 'Where is the safe code?')
    expect(answer.citations).toEqual([])
    expect(answer.content).not.toContain('stairs')
  })
})
