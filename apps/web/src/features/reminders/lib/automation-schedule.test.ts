import { describe, expect, it } from 'vitest'
import { DEFAULT_SCHEDULE, scheduleFields, scheduleFrom } from './automation-schedule'

describe('automation schedules in the form', () => {
  it('writes each choice as the RRULE the server reads', () => {
    const at = { ...DEFAULT_SCHEDULE, time: '17:05' }
    expect(scheduleFrom({ ...at, repeat: 'daily' })).toBe('FREQ=DAILY;BYHOUR=17;BYMINUTE=5')
    expect(scheduleFrom({ ...at, repeat: 'weekdays' })).toBe(
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=17;BYMINUTE=5',
    )
    expect(scheduleFrom({ ...at, repeat: 'weekly', weekday: 'FR' })).toBe(
      'FREQ=WEEKLY;BYDAY=FR;BYHOUR=17;BYMINUTE=5',
    )
    expect(scheduleFrom({ ...at, repeat: 'monthly', monthDay: 28 })).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=28;BYHOUR=17;BYMINUTE=5',
    )
  })

  it('reads back the rules it writes, and those chat makes in the same shapes', () => {
    for (const fields of [
      { ...DEFAULT_SCHEDULE, repeat: 'daily', time: '07:00' },
      { ...DEFAULT_SCHEDULE, repeat: 'weekdays', time: '08:30' },
      { ...DEFAULT_SCHEDULE, repeat: 'weekly', weekday: 'SU', time: '21:45' },
      { ...DEFAULT_SCHEDULE, repeat: 'monthly', monthDay: 3, time: '00:00' },
    ] as const) {
      expect(scheduleFields(scheduleFrom(fields))).toEqual(fields)
    }
    expect(scheduleFields('RRULE:FREQ=DAILY;BYHOUR=7')).toMatchObject({ repeat: 'daily', time: '07:00' })
  })

  it('says null for a rule it cannot show, so the form keeps it as it is', () => {
    for (const rule of [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;BYHOUR=9',
      'FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=9',
      'FREQ=MONTHLY;BYMONTHDAY=31;BYHOUR=9',
      'FREQ=MONTHLY;BYDAY=1MO;BYHOUR=9',
      'FREQ=YEARLY;BYHOUR=9',
      'FREQ=DAILY',
      'FREQ=DAILY;BYHOUR=24',
    ]) {
      expect(scheduleFields(rule), rule).toBeNull()
    }
  })
})
