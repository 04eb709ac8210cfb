import { describe, expect, it } from 'vitest'
import { availabilityTime } from './days.ts'

describe('the days and times a question asks about', () => {
  it('reads the time an availability question asks about', () => {
    expect(availabilityTime('Am I free at 3pm tomorrow?')).toBe(15 * 60)
    expect(availabilityTime('am i busy at 10:30')).toBe(10 * 60 + 30)
    expect(availabilityTime('Are we free at 12 a.m.?')).toBe(0)
    expect(availabilityTime('will I be available at noon on Friday?')).toBe(12 * 60)
    expect(availabilityTime('do I have a meeting at 7?')).toBe(7 * 60)
    // Asked today after the morning's 7 o'clock: the evening's; 07:00 when it is still to come.
    expect(availabilityTime('am I free at 7?', 15 * 60)).toBe(19 * 60)
    expect(availabilityTime('am I free at 7:30?', 6 * 60)).toBe(7 * 60 + 30)
    expect(availabilityTime('am I free at 7am?', 15 * 60)).toBe(7 * 60)
    // The calendar is the user's: not Marta's.
    expect(availabilityTime('is Marta free at 7?')).toBeNull()
    expect(availabilityTime('am I free at 4')).toBe(16 * 60)
    expect(availabilityTime('am I free at 25:00')).toBeNull()
    expect(availabilityTime('am I free on Friday?')).toBeNull()
    expect(availabilityTime('what is at 3pm?')).toBeNull()
  })
})
