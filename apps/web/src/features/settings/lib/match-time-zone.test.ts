import { describe, expect, it } from 'vitest'
import { matchTimeZone, zoneOffsets } from './match-time-zone'

describe('zone offsets', () => {
  it('reads the standard offset and daylight-saving presence', () => {
    expect(zoneOffsets('America/New_York', 2026)).toEqual({ standard: -300, hasDst: true })
    expect(zoneOffsets('Asia/Kolkata', 2026)).toEqual({ standard: 330, hasDst: false })
    expect(zoneOffsets('Australia/Sydney', 2026)).toEqual({ standard: 600, hasDst: true })
    expect(zoneOffsets('UTC', 2026)).toEqual({ standard: 0, hasDst: false })
    expect(zoneOffsets('Not/AZone')).toBeNull()
  })
})

describe('matching a stored zone to the list', () => {
  it('keeps a listed zone', () => {
    expect(matchTimeZone('Europe/London')).toBe('Europe/London')
    expect(matchTimeZone('UTC')).toBe('UTC')
  })

  it.each([
    // same offset, same daylight saving
    ['Europe/Lisbon', 'Europe/London'],
    ['America/Detroit', 'America/New_York'],
    ['Asia/Ho_Chi_Minh', 'Asia/Bangkok'],
    // daylight saving decides between options with the same offset (Brisbane and Phoenix come first but have none)
    ['Australia/Melbourne', 'Australia/Sydney'],
    ['America/Edmonton', 'America/Denver'],
    ['Australia/Lindeman', 'Australia/Brisbane'],
    // no option at that offset: the closest one
    ['Pacific/Chatham', 'Pacific/Tongatapu'],
    ['Asia/Pyongyang', 'Asia/Tokyo'],
  ])('%s → %s', (stored, expected) => {
    // 2026's rules: zones change theirs (Edmonton keeps -06:00 all year from 2027).
    expect(matchTimeZone(stored, undefined, 2026)).toBe(expected)
  })

  it.each(['', 'EST', 'GMT', 'Mars/Olympus_Mons'])('leaves %j unmatched', (stored) => {
    expect(matchTimeZone(stored)).toBe('')
  })
})
