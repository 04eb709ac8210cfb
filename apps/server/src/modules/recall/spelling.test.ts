import { describe, expect, it } from 'vitest'
import { correctedSpelling } from './spelling.ts'

const notes = [
  { term: 'allot', memories: 12 },
  { term: 'alloy', memories: 2 },
  { term: 'dentist', memories: 5 },
  { term: 'flow', memories: 3 },
]

describe('a question word spelt as the notes spell it', () => {
  it('reads a slip as the stem of the notes it is one slip from, endings completed ("allotmnet")', () => {
    expect(correctedSpelling('allotmnet', notes)).toBe('allot')
    expect(correctedSpelling('dentsit', notes)).toBe('dentist')
    expect(correctedSpelling('dentits', notes)).toBe('dentist')
  })

  it('leaves alone short words, words too far from any, and another word a stem completes exactly', () => {
    expect(correctedSpelling('alot', notes)).toBeNull()
    expect(correctedSpelling('altogether', notes)).toBeNull()
    // "flower" is "flow" + "er" exactly: a word of its own, not a slip.
    expect(correctedSpelling('flower', notes)).toBeNull()
    expect(correctedSpelling('dentist', [])).toBeNull()
  })

  it('does not choose between two equally close, equally common stems', () => {
    expect(
      correctedSpelling('bakex', [
        { term: 'baker', memories: 2 },
        { term: 'bakey', memories: 2 },
      ]),
    ).toBeNull()
  })
})
