import { describe, expect, it } from 'vitest'
import { addDays, formatMemoryDate, quickDateRange, todayIn } from './dates'

describe('week and month ranges (spec §9)', () => {
  // 2026-01-07 is a Wednesday.
  it('last week runs from the Sunday before last to the Saturday ending last week', () => {
    expect(quickDateRange('lastWeek', '2026-01-07')).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    })
  })
  it('this week starts at this week’s Sunday, with no end', () => {
    expect(quickDateRange('thisWeek', '2026-01-07')).toEqual({ startDate: '2026-01-04' })
  })
  it('this month starts on the 1st, with no end', () => {
    expect(quickDateRange('thisMonth', '2026-01-07')).toEqual({ startDate: '2026-01-01' })
  })
  it('on a Sunday, this week is today and last week ended yesterday', () => {
    expect(quickDateRange('thisWeek', '2026-01-04')).toEqual({ startDate: '2026-01-04' })
    expect(quickDateRange('lastWeek', '2026-01-04')).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    })
  })
  it('on a Saturday, this week started six days ago', () => {
    expect(quickDateRange('thisWeek', '2026-01-10')).toEqual({ startDate: '2026-01-04' })
    expect(quickDateRange('lastWeek', '2026-01-10')).toEqual({
      startDate: '2025-12-28',
      endDate: '2026-01-03',
    })
  })
  it('crosses month and leap-year boundaries', () => {
    expect(quickDateRange('lastWeek', '2024-03-01')).toEqual({
      startDate: '2024-02-18',
      endDate: '2024-02-24',
    })
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
  })
})

describe("today in the user's zone", () => {
  it('differs by zone at the same instant', () => {
    const instant = new Date('2026-03-01T03:00:00Z')
    expect(todayIn('UTC', instant)).toBe('2026-03-01')
    expect(todayIn('America/New_York', instant)).toBe('2026-02-28')
    expect(todayIn('Pacific/Kiritimati', new Date('2026-02-28T11:00:00Z'))).toBe('2026-03-01')
  })
  it('falls back to the browser zone for an unknown one', () => {
    expect(todayIn('Nowhere/Land', new Date('2026-06-15T12:00:00Z'))).toMatch(/^2026-06-1[456]$/)
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
