import { describe, expect, it } from 'vitest'
import { monthDayIn } from './dates.ts'
import { easterIn } from './lexicon.ts'

describe('days written out and days known by name', () => {
  it('reads a month and day written out, and no day no year has', () => {
    expect(monthDayIn("Ana's birthday is May 12")).toEqual({ month: 5, day: 12 })
    expect(monthDayIn('born on 30 January 1985')).toEqual({ month: 1, day: 30 })
    expect(monthDayIn('the 3rd of Sept.')).toEqual({ month: 9, day: 3 })
    expect(monthDayIn('Leap day baby: Feb 29')).toEqual({ month: 2, day: 29 })
    expect(monthDayIn('April 31')).toBeNull()
    expect(monthDayIn('Marta 3')).toBeNull()
    expect(monthDayIn('the meeting in May')).toBeNull()
  })

  it('knows the day of Easter in any year', () => {
    const known = { 1818: '1818-03-22', 1943: '1943-04-25', 2000: '2000-04-23', 2019: '2019-04-21' }
    const more = { 2024: '2024-03-31', 2025: '2025-04-20', 2038: '2038-04-25', 2285: '2285-03-22' }
    for (const [year, day] of Object.entries({ ...known, ...more })) expect(easterIn(Number(year))).toBe(day)
  })
})
