import { describe, expect, it } from 'vitest'
import {
  calendarDay,
  CalendarConfigurationInput,
  vacationEndIso,
  vacationModeErrors,
  vacationStartIso,
} from './datasources.ts'

describe('vacationModeErrors', () => {
  const valid = { isEnabled: true, locationName: 'Paris', startDate: '2030-07-01', endDate: '2030-07-03' }

  it('accepts a complete vacation, as dates or as the UTC start and end of day', () => {
    expect(vacationModeErrors(valid)).toEqual([])
    expect(
      vacationModeErrors({
        ...valid,
        startDate: vacationStartIso('2030-07-01'),
        endDate: vacationEndIso('2030-07-02'),
      }),
    ).toEqual([])
  })

  it('checks nothing when vacation mode is off or absent', () => {
    expect(vacationModeErrors({ isEnabled: false, locationName: '', startDate: '', endDate: '' })).toEqual([])
    expect(vacationModeErrors(null)).toEqual([])
  })

  it('says what is missing, in the spec’s words', () => {
    expect(vacationModeErrors({ isEnabled: true, locationName: ' ', startDate: '', endDate: null })).toEqual([
      'Vacation location is required',
      'Start date is required',
      'End date is required',
    ])
  })

  it('rejects an end on or before the start day', () => {
    expect(vacationModeErrors({ ...valid, endDate: '2030-07-01' })).toEqual([
      'End date must be after start date',
    ])
    expect(vacationModeErrors({ ...valid, endDate: '2030-06-30' })).toEqual([
      'End date must be after start date',
    ])
    expect(
      vacationModeErrors({
        ...valid,
        startDate: vacationStartIso('2030-07-01'),
        endDate: vacationEndIso('2030-07-01'),
      }),
    ).toEqual(['End date must be after start date'])
  })
})

describe('calendarDay', () => {
  it('reads date inputs and ISO times, and nothing else', () => {
    expect(calendarDay('2030-07-01')).toBe('2030-07-01')
    expect(calendarDay('2030-07-01T23:59:59.999Z')).toBe('2030-07-01')
    expect(calendarDay('2030-02-30')).toBeNull()
    expect(calendarDay('next week')).toBeNull()
    expect(calendarDay('')).toBeNull()
  })
})

describe('CalendarConfigurationInput', () => {
  it('takes http(s) and webcal links and refuses the rest', () => {
    expect(CalendarConfigurationInput.parse({ icsUrl: ' webcal://example.com/a.ics ' }).icsUrl).toBe(
      'https://example.com/a.ics',
    )
    expect(CalendarConfigurationInput.safeParse({ icsUrl: 'file:///etc/passwd' }).success).toBe(false)
    expect(CalendarConfigurationInput.parse({}).icsUrl).toBeUndefined()
  })
})
