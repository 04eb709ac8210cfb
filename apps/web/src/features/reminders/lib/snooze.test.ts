import type { Reminder } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { snoozeMinutes } from './snooze'

const now = Date.parse('2026-11-26T12:00:00Z')
const reminder = (fields: Partial<Reminder>): Reminder => ({
  id: '6f1c2a9e-0d4b-4c1e-9a57-3b2f8e7d6c5a',
  text: 'Call mum',
  dueAt: '2026-11-26T12:00:00.000Z',
  timezone: 'UTC',
  recurrence: null,
  memoryId: null,
  status: 'scheduled',
  snoozedUntil: null,
  lastSentAt: null,
  late: false,
  nextAt: '2026-11-26T12:00:00.000Z',
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...fields,
})

describe('snoozeMinutes', () => {
  it('snoozes one that has gone out, or is due now, from now', () => {
    expect(snoozeMinutes(reminder({ status: 'sent', nextAt: null }), 10, now)).toBe(10)
    expect(snoozeMinutes(reminder({}), 60, now)).toBe(60)
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
