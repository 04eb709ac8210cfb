import { describe, expect, it } from 'vitest'
import { addDays, knownTimeZone, startOfLocalDay, todayIn } from './dates.ts'

describe('local dates', () => {
  it('gives today in the zone', () => {
    const instant = new Date('2026-03-01T03:00:00Z')
    expect(todayIn('UTC', instant)).toBe('2026-03-01')
    expect(todayIn('America/New_York', instant)).toBe('2026-02-28')
    expect(todayIn('Asia/Tokyo', new Date('2026-02-28T15:00:00Z'))).toBe('2026-03-01')
  })

  it('adds days across months, leap days and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(addDays('2026-03-31', -30)).toBe('2026-03-01')
  })

  it('finds the instant a local day starts, across DST changes', () => {
    expect(startOfLocalDay('2026-03-01', 'UTC').toISOString()).toBe('2026-03-01T00:00:00.000Z')
    expect(startOfLocalDay('2026-03-01', 'Asia/Tokyo').toISOString()).toBe('2026-02-28T15:00:00.000Z')
    expect(startOfLocalDay('2026-01-15', 'Europe/Lisbon').toISOString()).toBe('2026-01-15T00:00:00.000Z')
    expect(startOfLocalDay('2026-07-15', 'Europe/Lisbon').toISOString()).toBe('2026-07-14T23:00:00.000Z')
    // New York switches to summer time on 2026-03-08 at 02:00: that day starts at EST, the next at EDT.
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z')
    expect(startOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(startOfLocalDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z')
    expect(startOfLocalDay('2026-06-01', 'Asia/Kolkata').toISOString()).toBe('2026-05-31T18:30:00.000Z')
  })

  it('knows real zones and falls back to UTC otherwise', () => {
    expect(knownTimeZone('Europe/Lisbon')).toBe('Europe/Lisbon')
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe('UTC')
    expect(knownTimeZone('')).toBe('UTC')
    expect(knownTimeZone(undefined)).toBe('UTC')
  })
})
