import { describe, expect, it } from 'vitest'
import { describeRecurrence } from './recurrence'

describe('describeRecurrence', () => {
  it.each([
    [null, null],
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=WEEKLY', 'Every week'],
    ['RRULE:FREQ=WEEKLY;BYDAY=MO', 'Every Monday'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every Monday, Wednesday and Friday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'Every 2 weeks on Tuesday'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'Every month on the 1st'],
    ['FREQ=MONTHLY;BYMONTHDAY=22', 'Every month on the 22nd'],
    ['FREQ=MONTHLY;BYMONTHDAY=13', 'Every month on the 13th'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Every month on the last day'],
    ['FREQ=MINUTELY;INTERVAL=30', 'Every 30 minutes'],
    ['FREQ=YEARLY', 'Every year'],
  ])('%s reads as %s', (rule, text) => {
    expect(describeRecurrence(rule)).toBe(text)
  })

  it('shows a rule with parts it does not read as it is, rather than say it wrongly', () => {
    expect(describeRecurrence('FREQ=MONTHLY;BYDAY=1MO')).toBe('Repeats (FREQ=MONTHLY;BYDAY=1MO)')
    expect(describeRecurrence('FREQ=DAILY;COUNT=3')).toBe('Repeats (FREQ=DAILY;COUNT=3)')
  })
})
