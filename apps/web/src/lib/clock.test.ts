import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatClock, formatDateTime, formatTimeOfDay } from './clock'
import { formatDue } from './zoned-time'

const at = '2026-11-26T17:00:00.000Z'

describe('one time format, from the person’s locale', () => {
  afterEach(() => vi.unstubAllGlobals())
  const speak = (language: string) =>
    vi.stubGlobal('navigator', { ...navigator, language, languages: [language] })

  it('is 12-hour for en-US and 24-hour for en-GB, in every helper alike', () => {
    speak('en-US')
    expect(formatClock(at, 'UTC')).toBe('05:00 PM')
    expect(formatDue(at, 'UTC', new Date('2026-11-26T08:00:00Z'))).toBe('Today at 05:00 PM')
    expect(formatDateTime(at, 'UTC')).toBe('Nov 26, 2026, 05:00 PM')
    speak('en-GB')
    expect(formatClock(at, 'UTC')).toBe('17:00')
    expect(formatDue(at, 'UTC', new Date('2026-11-26T08:00:00Z'))).toBe('Today at 17:00')
    expect(formatDateTime(at, 'UTC')).toBe('26 Nov 2026, 17:00')
    expect(formatTimeOfDay('07:30')).toBe('07:30')
    speak('en-US')
    expect(formatTimeOfDay('07:30')).toBe('07:30 AM')
  })

  it('reads the time in the given zone', () => {
    speak('en-GB')
    expect(formatClock(at, 'Europe/Berlin')).toBe('18:00')
    expect(formatClock('not a time')).toBe('—')
  })
})
