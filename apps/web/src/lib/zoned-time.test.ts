import { describe, expect, it } from 'vitest'
import { formatDue, zonedInstant, zonedParts } from './zoned-time'

describe('zonedInstant', () => {
  it('reads a date and a time in the zone', () => {
    expect(zonedInstant('2026-11-27', '09:00', 'Europe/Lisbon')?.toISOString()).toBe(
      '2026-11-27T09:00:00.000Z',
    )
    expect(zonedInstant('2026-07-27', '09:00', 'Europe/Lisbon')?.toISOString()).toBe(
      '2026-07-27T08:00:00.000Z',
    )
    expect(zonedInstant('2026-11-27', '17:00', 'America/New_York')?.toISOString()).toBe(
      '2026-11-27T22:00:00.000Z',
    )
  })

  it('moves a time the zone skips (spring forward) on by the gap', () => {
    // Lisbon goes from 01:00 to 02:00 on 29 March 2026: 01:30 is 02:30 WEST.
    expect(zonedInstant('2026-03-29', '01:30', 'Europe/Lisbon')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    )
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
  })

  it('is null until both the date and the time are filled in', () => {
    expect(zonedInstant('', '09:00', 'UTC')).toBeNull()
    expect(zonedInstant('2026-11-27', '', 'UTC')).toBeNull()
  })

  it('falls back to UTC for a zone this runtime does not know', () => {
    expect(zonedInstant('2026-11-27', '09:00', 'Mars/Olympus')?.toISOString()).toBe(
      '2026-11-27T09:00:00.000Z',
    )
  })
})

describe('zonedParts', () => {
  it('gives the day and time an instant shows in the zone', () => {
    expect(zonedParts('2026-11-27T23:30:00Z', 'Europe/Berlin')).toEqual({ day: '2026-11-28', time: '00:30' })
    expect(zonedParts('2026-11-27T23:30:00Z', 'America/New_York')).toEqual({
      day: '2026-11-27',
      time: '18:30',
    })
  })
})

describe('formatDue', () => {
  const now = new Date('2026-11-26T12:00:00Z')
  it.each([
    ['2026-11-26T17:00:00Z', 'Today at 17:00'],
    ['2026-11-27T09:00:00Z', 'Tomorrow at 09:00'],
    ['2026-11-25T09:00:00Z', 'Yesterday at 09:00'],
    ['2026-11-28T17:00:00Z', 'Saturday, November 28 at 17:00'],
    ['2027-01-04T08:05:00Z', 'Monday, January 4, 2027 at 08:05'],
  ])('%s is %s', (iso, text) => {
    expect(formatDue(iso, 'UTC', now)).toBe(text)
  })

  it('says today and tomorrow in lower case inside a sentence, and days in the zone', () => {
    expect(formatDue('2026-11-26T23:30:00Z', 'Europe/Berlin', now, true)).toBe('tomorrow at 00:30')
    expect(formatDue('2026-11-26T23:30:00Z', 'UTC', now, true)).toBe('today at 23:30')
  })

  it('says an unreadable time is invalid', () => {
    expect(formatDue('soon', 'UTC', now)).toBe('Invalid date')
  })
})
