import { knownTimeZone, todayIn } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { browserTimeZone } from '../../../lib/settings'
import { formatMemoryDate } from './dates'

// Week ranges and "today" are tested with the time module (packages/shared/src/time.test.ts).
describe("today in the user's zone", () => {
  it('falls back to the browser zone for an unknown one', () => {
    const zone = knownTimeZone('Nowhere/Land', browserTimeZone())
    expect(zone).toBe(browserTimeZone())
    expect(todayIn(zone, new Date('2026-06-15T12:00:00Z'))).toMatch(/^2026-06-1[456]$/)
  })
})

describe('card date display', () => {
  it("shows 'No date' when missing", () => {
    expect(formatMemoryDate(null)).toBe('No date')
    expect(formatMemoryDate(undefined)).toBe('No date')
    expect(formatMemoryDate('')).toBe('No date')
  })
  it("shows 'Invalid date' when unreadable", () => {
    expect(formatMemoryDate('not a date')).toBe('Invalid date')
    expect(formatMemoryDate('2026-02-30')).toBe('Invalid date')
  })
  it("formats like 'Jan 5, 2026', a calendar day as that very day", () => {
    expect(formatMemoryDate('2026-01-05')).toBe('Jan 5, 2026')
    expect(formatMemoryDate('2026-12-31')).toBe('Dec 31, 2026')
  })
  it('formats a timestamp as its day in the given zone', () => {
    expect(formatMemoryDate('2026-01-05T23:30:00Z', 'UTC')).toBe('Jan 5, 2026')
    expect(formatMemoryDate('2026-01-05T23:30:00Z', 'Asia/Tokyo')).toBe('Jan 6, 2026')
  })
})
