import { describe, expect, it } from 'vitest'
import {
  calendarConfiguration,
  calendarDay,
  CalendarConfigurationInput,
  DataSource,
  UpdateDataSource,
  vacationEndIso,
  vacationModeErrors,
  vacationStartIso,
  weatherConfiguration,
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

describe('stored configurations', () => {
  const lisbon = { name: 'Lisbon', latitude: 38.7, longitude: -9.1, timezone: 'Europe/Lisbon' }

  it('read what fits their schema, dropping fields they do not know', () => {
    expect(weatherConfiguration({ locationName: 'Lisbon', location: lisbon, old: 1 })).toEqual({
      locationName: 'Lisbon',
      location: lisbon,
    })
    expect(calendarConfiguration({ icsUrl: 'https://example.com/a.ics', calendarId: null })).toEqual({
      icsUrl: 'https://example.com/a.ics',
      calendarId: null,
    })
  })

  it('read anything else as an empty configuration', () => {
    for (const odd of [null, 'Lisbon', [1], 42, { locationName: 42 }, { location: { name: 'Lisbon' } }]) {
      expect(weatherConfiguration(odd)).toEqual({})
    }
    expect(calendarConfiguration({ calendarId: { id: 1 } })).toEqual({})
  })
})

describe('DataSource and UpdateDataSource', () => {
  it('tell the configuration apart by dataSourceType', () => {
    const weather = DataSource.parse({
      dataSourceType: 'weather',
      isEnabled: true,
      configuration: { locationName: 'Lisbon', icsUrl: 'dropped' },
    })
    expect(weather).toEqual({
      dataSourceType: 'weather',
      isEnabled: true,
      configuration: { locationName: 'Lisbon' },
    })
    expect(
      DataSource.safeParse({ dataSourceType: 'email', isEnabled: true, configuration: {} }).success,
    ).toBe(false)
    const update = UpdateDataSource.safeParse({
      dataSourceType: 'calendar',
      configuration: { icsUrl: 'ftp://x' },
    })
    expect(update.success).toBe(false)
    expect(update.error?.issues[0]?.path).toEqual(['configuration', 'icsUrl'])
    expect(
      UpdateDataSource.parse({ dataSourceType: 'weather', configuration: { locationName: ' Porto ' } }),
    ).toEqual({ dataSourceType: 'weather', configuration: { locationName: 'Porto' } })
  })
})
