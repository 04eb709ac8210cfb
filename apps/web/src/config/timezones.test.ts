import { describe, expect, it } from 'vitest'
import { zoneOffsets } from '../features/settings/lib/match-time-zone'
import { formatGmtOffset, timeZoneOptions } from './timezones'

describe('curated time-zone list', () => {
  it('holds about 80 zones with unique values', () => {
    expect(timeZoneOptions.length).toBeGreaterThanOrEqual(75)
    expect(timeZoneOptions.length).toBeLessThanOrEqual(90)
    expect(new Set(timeZoneOptions.map((o) => o.value)).size).toBe(timeZoneOptions.length)
  })

  it("runs by offset from -12 to +14, through Midway and to Nuku'alofa", () => {
    const offsets = timeZoneOptions.map((o) => o.offsetMinutes)
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
    expect(offsets[0]).toBe(-720)
    expect(offsets.at(-1)).toBe(840)
    expect(timeZoneOptions.find((o) => o.value === 'Pacific/Midway')?.label).toBe(
      '(GMT-11:00) Midway Island, Samoa',
    )
    expect(timeZoneOptions.find((o) => o.value === 'Pacific/Tongatapu')?.label).toBe("(GMT+13:00) Nuku'alofa")
  })

  it("labels read '(GMT+offset) place names'", () => {
    for (const option of timeZoneOptions) expect(option.label).toMatch(/^\(GMT[+-]\d{2}:\d{2}\) \S/)
    expect(formatGmtOffset(0)).toBe('GMT+00:00')
    expect(formatGmtOffset(330)).toBe('GMT+05:30')
    expect(formatGmtOffset(-210)).toBe('GMT-03:30')
  })

  it('every zone is one the runtime knows, with the listed standard offset (in 2026)', () => {
    // The labels are 2026's: the runtime's tz data changes some zones later (Casablanca on +00:00 in 2027).
    for (const option of timeZoneOptions) {
      expect({ zone: option.value, offset: zoneOffsets(option.value, 2026)?.standard }).toEqual({
        zone: option.value,
        offset: option.offsetMinutes,
      })
    }
  })
})
