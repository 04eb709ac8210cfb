import { describe, expect, it } from 'vitest'
import { describeRange, formatDay, mentionsDay, savedSpan } from './format.ts'

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

describe('days as the app writes them (en-US)', () => {
  it('spells a day with or without its weekday and year', () => {
    expect(formatDay('2026-12-03')).toBe('December 3, 2026')
    expect(formatDay('2026-12-03', { weekday: true })).toBe('Thursday, December 3, 2026')
    expect(formatDay('2026-12-03', { weekday: true, year: false })).toBe('Thursday, December 3')
  })

  it('names a range of days, with the year only when it is not this one', () => {
    const today = '2026-11-25'
    expect(describeRange('2026-11-25', '2026-11-25', today)).toBe('today')
    expect(describeRange('2026-11-15', '2026-11-21', today)).toBe('November 15–21')
    expect(describeRange('2026-11-29', '2026-12-05', today)).toBe('November 29 – December 5')
    expect(describeRange('2027-01-03', '2027-01-09', today)).toBe('January 3–9, 2027')
    expect(describeRange('2026-12-27', '2027-01-02', today)).toBe('December 27, 2026 – January 2, 2027')
  })
})

describe('savedSpan', () => {
  it('says when memories were saved, from a day, up to today, or between two days', () => {
    const today = '2026-11-25' // a Wednesday
    expect(savedSpan(today, today, today)).toBe('today')
    expect(savedSpan('2026-11-24', '2026-11-24', today)).toBe('yesterday')
    expect(savedSpan('2026-11-20', '2026-11-20', today)).toBe('on Friday, November 20')
    expect(savedSpan('2026-11-22', today, today)).toBe('since Sunday, November 22')
    expect(savedSpan('2026-11-22', undefined, today)).toBe('since Sunday, November 22')
    expect(savedSpan('2026-11-15', '2026-11-21', today)).toBe('between November 15 and November 21')
    expect(savedSpan('2025-12-01', '2026-01-05', today)).toBe('between December 1, 2025 and January 5')
    expect(savedSpan(undefined, '2026-11-21', today)).toBe('by November 21')
  })
})
