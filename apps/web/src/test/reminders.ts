import type { Reminder } from '@remi/shared'

/** A reminder as the API answers it: a one-off, scheduled, far enough ahead to stay upcoming. */
export const reminder = (fields: Partial<Reminder> = {}): Reminder => ({
  id: '6f1c2a9e-0d4b-4c1e-9a57-3b2f8e7d6c5a',
  text: 'Call mum',
  dueAt: '2099-01-02T17:00:00.000Z',
  timezone: 'UTC',
  recurrence: null,
  memoryId: null,
  status: 'scheduled',
  snoozedUntil: null,
  lastSentAt: null,
  late: false,
  nextAt: '2099-01-02T17:00:00.000Z',
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...fields,
})
