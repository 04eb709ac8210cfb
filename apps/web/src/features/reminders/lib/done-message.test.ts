import { describe, expect, it } from 'vitest'
import { reminder } from '../../../test/reminders'
import { doneMessage } from './done-message'

describe('doneMessage', () => {
  const now = new Date('2099-01-05T09:00:00Z')

  it('says a one-off is done', () => {
    expect(doneMessage(reminder({ status: 'done', nextAt: null }), 'UTC', now)).toBe('Done: Call mum')
  })

  it('says when a repeating one fires next, in the zone given', () => {
    const answer = reminder({ recurrence: 'FREQ=DAILY', nextAt: '2099-01-06T08:00:00.000Z' })
    expect(doneMessage(answer, 'UTC', now)).toBe('Done: Call mum. Next: tomorrow at 08:00')
    expect(doneMessage(answer, 'America/New_York', now)).toBe('Done: Call mum. Next: tomorrow at 03:00')
  })

  it('says nothing of a next time once the series has ended', () => {
    const answer = reminder({ recurrence: 'FREQ=DAILY;COUNT=2', status: 'done', nextAt: null })
    expect(doneMessage(answer, 'UTC', now)).toBe('Done: Call mum')
  })
})
