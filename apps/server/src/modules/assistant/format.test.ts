import { describe, expect, it } from 'vitest'
import { mentionsDay } from './format.ts'

describe('mentionsDay', () => {
  it('finds the day written out in the usual ways, whatever the year', () => {
    for (const text of [
      'Dentist on December 3',
      'Dentist on 3 Dec. at 9',
      'the 3rd of December',
      'Dec 3rd: dentist',
      'December the 3rd',
      'dentist (3 december 2024)',
    ]) {
      expect(mentionsDay(text, '2026-12-03'), text).toBe(true)
    }
  })

  it('does not take another day, or a word that starts like the month, for it', () => {
    for (const text of [
      'December 30',
      '13 December',
      '3 Decimal places',
      'December 23',
      'Dec 3.5 kg',
      'November 3',
    ]) {
      expect(mentionsDay(text, '2026-12-03'), text).toBe(false)
    }
  })
})
