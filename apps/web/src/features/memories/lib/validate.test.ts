import { describe, expect, it } from 'vitest'
import { memoryFieldErrors } from './validate'

describe('memoryFieldErrors (the server rules, before the save)', () => {
  it('accepts 20 tags of up to 50 characters and a date between 1900 and 2100, or none', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`).join(', ')
    expect(memoryFieldErrors(twenty, '2100-12-31')).toEqual({})
    expect(memoryFieldErrors('x'.repeat(50), '1900-01-01')).toEqual({})
    expect(memoryFieldErrors('', '')).toEqual({})
  })

  it('says what is wrong with 25 tags, a 120-character tag or the year 9999', () => {
    const many = Array.from({ length: 25 }, (_, i) => `t${i}`).join(', ')
    expect(memoryFieldErrors(many, '').tags).toBe('At most 20 tags are allowed (this has 25).')
    expect(memoryFieldErrors(`a, ${'y'.repeat(120)}`, '').tags).toMatch(
      /^Each tag must be at most 50 characters \(.* has 120\)\.$/,
    )
    expect(memoryFieldErrors('', '9999-12-31').date).toBe('Choose a date between 1900 and 2100.')
  })

  it('counts tags as the server does: repeats in another case are one tag', () => {
    const repeated = Array.from({ length: 25 }, (_, i) => (i % 2 ? 'Work' : 'work')).join(', ')
    expect(memoryFieldErrors(repeated, '')).toEqual({})
  })
})
