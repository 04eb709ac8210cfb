import { describe, expect, it } from 'vitest'
import { correctedWords, editDistance } from './spelling.ts'

describe('a misspelt word corrected against the words of the memories', () => {
  it('measures edits, a swap of neighbours being one', () => {
    expect(editDistance('dentsit', 'dentist', 2)).toBe(1)
    expect(editDistance('marat', 'marta', 2)).toBe(1)
    expect(editDistance('plumer', 'plumber', 2)).toBe(1)
    expect(editDistance('kitten', 'sitting', 3)).toBe(3)
    expect(editDistance('abc', 'abc', 1)).toBe(0)
    // Past the limit, the limit and one.
    expect(editDistance('garden', 'dentist', 2)).toBe(3)
    expect(editDistance('a', 'abcdef', 2)).toBe(3)
  })

  const texts = [
    'Dentist appointment with Dr. Silva',
    'Marta is allergic to peanuts',
    'Call the dentist about the crown',
    'The plumber can come on Tuesdays',
    'Dental floss and toothpaste',
  ]

  it.each([
    [['dentsit'], ['dentist']],
    [
      ['marat', 'allergies'],
      ['marta', 'allergic'],
    ],
    [['plumer'], ['plumber']],
    // The closest: "dental" (one letter), not "dentist" (three).
    [['dentel'], ['dental']],
  ])('%j → %j', (words, expected) => {
    expect(correctedWords(words, texts)).toEqual(expected)
  })

  it('keeps the words the memories hold, start with, or nothing is close to', () => {
    expect(correctedWords(['dentist', 'marta'], texts)).toBeNull()
    expect(correctedWords(['dent'], texts)).toBeNull()
    expect(correctedWords(['zanzibar'], texts)).toBeNull()
    // Short words allow one letter off only; numbers are never "corrected".
    expect(correctedWords(['cll'], texts)).toEqual(['call'])
    expect(correctedWords(['tusk'], texts)).toBeNull()
    expect(correctedWords(['2026'], texts)).toBeNull()
    // As close to two: the one the memories use more.
    expect(correctedWords(['bon'], ['Pedro was born in Porto', 'Ana was born in May', 'A boon'])).toEqual([
      'born',
    ])
  })
})
