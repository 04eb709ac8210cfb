import { describe, expect, it } from 'vitest'
import { namesInMemory, overlap, periodIn, readQuestion, withoutNearDuplicates } from './question.ts'

// Wednesday 15 April 2026, noon in Lisbon.
const NOW = new Date('2026-04-15T11:00:00Z')
const ZONE = 'Europe/Lisbon'
const read = (text: string) => readQuestion(text, ZONE, NOW)

describe('reading a question: what it is about', () => {
  it('never looks for its scaffolding', () => {
    expect(read('When did I go to the dentist?').words).toEqual(['dentist'])
    // "Said" may be what a memory says ("GP says…"): looked for, too lightly to drive the ranking.
    const said = read('Do you remember what Ana said about the trip?')
    expect(said.words).toEqual(['ana', 'said', 'trip'])
    expect(said.terms).toContainEqual({ word: 'said', weight: 0.3, of: 'said' })
    expect(read("What's my wifi password?").words).toEqual(['wifi', 'password'])
    expect(read('How long has Caroline had her group of friends?').words).toEqual([
      'caroline',
      'group',
      'friends',
    ])
    expect(read('what is the when did you do').words).toEqual([])
    expect(read('?!?... ,,, ;;;').words).toEqual([])
  })

  it('weighs names more and related words less, each standing for its word', () => {
    const terms = read('Where does Tiago park his car?').terms
    expect(terms).toContainEqual({ word: 'tiago', weight: 1.5, of: 'tiago' })
    expect(terms).toContainEqual({ word: 'car', weight: 1, of: 'car' })
    expect(terms).toContainEqual({ word: 'parked', weight: 0.6, of: 'car' })
    // A verb's other forms count as the word itself.
    expect(read('when did I buy shoes?').terms).toContainEqual({ word: 'bought', weight: 1, of: 'buy' })
  })

  it('looks for "like" (a stop word) lightly when the question asks what someone likes', () => {
    expect(read('what flowers does mum like').terms).toContainEqual({ word: 'like', weight: 0.3, of: 'like' })
    expect(read('does Tom like coriander?').terms).toContainEqual({ word: 'like', weight: 0.3, of: 'like' })
    expect(read('what is the weather like in Porto?').terms.some((t) => t.word === 'like')).toBe(true)
    expect(read('what does Greta dislike?').terms.some((t) => t.word === 'like')).toBe(false)
  })

  it('caps the words of a long question', () => {
    expect(
      read(
        'dentist garden invoice plumber recipe tyre mechanic camping mountain pharmacy sleep mood book friend',
      ).words,
    ).toHaveLength(12)
  })

  it('tells a question about now and one asking for several', () => {
    expect(read('Where does Tiago work now?').present).toBe(true)
    expect(read("what's the wifi password?").present).toBe(true)
    expect(read('Where did Tiago work in 2020?').present).toBe(false)
    expect(read('What is Bia allergic to?').several).toBe(true)
    expect(read('list my gift ideas').several).toBe(true)
    expect(read('what books did Ana recommend?').several).toBe(true)
    expect(read('When is the dentist?').several).toBe(false)
  })
})

describe('reading a question: the period it names', () => {
  it('reads the days a period covers in the user’s zone, and drops its words from the search', () => {
    expect(periodIn('what did I do in Scotland last month?', ZONE, NOW)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    })
    expect(periodIn('in May 2023', ZONE, NOW)).toEqual({ from: '2023-05-01', to: '2023-05-31' })
    expect(periodIn('where did we go last spring?', ZONE, NOW)).toEqual({
      from: '2025-03-01',
      to: '2025-05-31',
    })
    expect(periodIn('last winter', ZONE, NOW)).toEqual({ from: '2025-12-01', to: '2026-02-28' })
    expect(periodIn('what have I read this year?', ZONE, NOW)).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    })
    expect(periodIn('what did I eat yesterday?', ZONE, NOW)).toEqual({ from: '2026-04-14', to: '2026-04-14' })
    expect(periodIn('the concert two weeks ago', ZONE, NOW)).toEqual({ from: '2026-03-28', to: '2026-04-05' })
    expect(periodIn('holiday photos from 2024', ZONE, NOW)).toEqual({ from: '2024-01-01', to: '2024-12-31' })
    expect(periodIn('may I ask about the dentist?', ZONE, NOW)).toBeNull()
    expect(periodIn('where does Tiago work?', ZONE, NOW)).toBeNull()
    expect(read('what did I do in Scotland in May 2023?').words).toEqual(['scotland'])
  })
})

describe('near-duplicates and names', () => {
  it('tells the same note saved twice or with a word changed, not two different ones', () => {
    expect(overlap('Bia is allergic to peanuts', 'Bia is allergic to peanuts!')).toBe(1)
    expect(overlap('Bia is allergic to peanuts', 'Bia is allergic to cats')).toBeLessThan(0.7)
    const kept = withoutNearDuplicates(
      ['Buy oat milk', 'buy oat milk', 'Buy oat milk and bread', 'Call mum'].map((text) => ({ text })),
    )
    expect(kept.map((k) => k.text)).toEqual(['Buy oat milk', 'Buy oat milk and bread', 'Call mum'])
  })

  it('finds the names a memory gives: a sentence opening with one that says something of them, not an order', () => {
    expect(namesInMemory('Marta is my sister', ['sister'])).toEqual(['marta'])
    expect(namesInMemory('Tiago works at Spotify now', [])).toEqual(['tiago', 'spotify'])
    expect(namesInMemory("Rita's phone number is 912", [])).toEqual(['rita'])
    expect(namesInMemory('Buy a birthday gift for Bruno', [])).toEqual(['bruno'])
    expect(namesInMemory('Call Marta in March', ['marta'])).toEqual([])
  })
})
