import { describe, expect, it } from 'vitest'
import { reminder } from '../../../test/reminders'
import { snoozeMinutes } from './snooze'

const now = Date.parse('2026-11-26T12:00:00Z')
describe('snoozeMinutes', () => {
  it('snoozes one that has gone out, or is due now, from now', () => {
    expect(snoozeMinutes(reminder({ status: 'sent', nextAt: null }), 10, now)).toBe(10)
    expect(snoozeMinutes(reminder({ nextAt: '2026-11-26T12:00:00.000Z' }), 60, now)).toBe(60)
  })

  it('moves one due later to later still, never earlier', () => {
    const inThreeDays = reminder({ nextAt: '2026-11-29T12:00:00.000Z' })
    expect(snoozeMinutes(inThreeDays, 10, now)).toBe(3 * 24 * 60 + 10)
    expect(snoozeMinutes(inThreeDays, 24 * 60, now)).toBe(4 * 24 * 60)
  })

  it('is null past the 7-day snooze limit (7 days itself is allowed)', () => {
    expect(snoozeMinutes(reminder({ nextAt: '2026-12-02T12:00:00.000Z' }), 24 * 60, now)).toBe(10_080)
    expect(snoozeMinutes(reminder({ nextAt: '2026-12-02T12:01:00.000Z' }), 24 * 60, now)).toBeNull()
  })
})
