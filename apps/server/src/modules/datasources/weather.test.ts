import { addDays, todayIn } from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { startOpenMeteoFake, storedLocation, type OpenMeteoFake } from '../../test/fakes/open-meteo.ts'
import type { Services } from '../../services.ts'

let t: TestApp
let meteo: OpenMeteoFake
let services: Services
beforeAll(async () => {
  meteo = await startOpenMeteoFake()
  t = await buildTestApp({ env: { WEATHER_API_URL: meteo.url, GEOCODING_API_URL: meteo.url } })
  services = t.app.services
})
afterAll(async () => {
  await t.close()
  await meteo.close()
})
beforeEach(() => {
  meteo.down = false
})

const LISBON = storedLocation('Lisbon')
const PARIS = storedLocation('Paris')

const vacation = (overrides: Record<string, unknown> = {}) => ({
  isEnabled: true,
  locationName: 'Paris',
  startDate: '2030-07-01T00:00:00.000Z',
  endDate: '2030-07-10T23:59:59.999Z',
  ...overrides,
})

describe('data sources list and detail', () => {
  it('lists both types for a new user, disabled and unconfigured', async () => {
    const user = await t.createUser()
    const res = await user.api.dataSources.list()
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      { dataSourceType: 'calendar', isEnabled: false, configuration: {} },
      { dataSourceType: 'weather', isEnabled: false, configuration: {} },
    ])
  })

  it('needs a signed-in user', async () => {
    expect((await t.anonymous.get('/api/datasources')).status).toBe(401)
    expect((await t.anonymous.get('/api/datasources/weather')).status).toBe(401)
  })

  it('answers 404 for an unknown type on every route', async () => {
    const user = await t.createUser()
    for (const res of [
      await user.api.dataSources.get('email'),
      await user.api.dataSources.put('email', { isEnabled: true }),
      await user.api.dataSources.test('email'),
    ]) {
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: "Data source 'email' not found." })
    }
  })

  it('refuses a body whose dataSourceType is not the one in the address', async () => {
    const user = await t.createUser()
    const res = await user.api.dataSources.put('weather', {
      dataSourceType: 'calendar',
      isEnabled: true,
      configuration: {},
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe("The data source type 'calendar' does not match the address (weather).")
  })

  it('names the field of a malformed configuration', async () => {
    const user = await t.createUser()
    const res = await user.api.dataSources.put('weather', { configuration: { locationName: 42 } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Location must be text.')
    const dates = await user.api.dataSources.put('weather', {
      configuration: { vacationMode: vacation({ startDate: 'next week' }) },
    })
    expect(dates.status).toBe(400)
    expect(dates.body.message).toBe('Start date must be a date.')
  })

  it("never shows or changes another user's configuration", async () => {
    const alice = await t.createUser()
    const bob = await t.createUser()
    expect(
      (
        await alice.api.dataSources.put('weather', {
          isEnabled: true,
          configuration: { locationName: 'Lisbon' },
        })
      ).status,
    ).toBe(200)
    expect((await bob.api.dataSources.list()).body).toEqual([
      { dataSourceType: 'calendar', isEnabled: false, configuration: {} },
      { dataSourceType: 'weather', isEnabled: false, configuration: {} },
    ])
    expect((await bob.api.dataSources.get('weather')).body).toEqual({
      dataSourceType: 'weather',
      isEnabled: false,
      configuration: {},
    })
    await bob.api.dataSources.put('weather', { isEnabled: false, configuration: { locationName: 'Paris' } })
    expect((await alice.api.dataSources.get('weather')).body).toMatchObject({
      isEnabled: true,
      configuration: { locationName: 'Lisbon', location: LISBON },
    })
    expect((await bob.api.dataSources.test('weather')).body.message).toBe('8°C, overcast in Paris')
  })
})

describe('weather configuration', () => {
  it('geocodes the location and stores the resolved place', async () => {
    const user = await t.createUser()
    const res = await user.api.dataSources.put('weather', {
      dataSourceType: 'weather',
      isEnabled: false,
      configuration: { locationName: ' Lisbon ' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      dataSourceType: 'weather',
      isEnabled: false,
      configuration: { locationName: 'Lisbon', location: LISBON },
    })
    const search = meteo.requests.at(-1)!
    expect(search.pathname).toBe('/v1/search')
    expect(Object.fromEntries(search.searchParams)).toEqual({
      name: 'Lisbon',
      count: '1',
      language: 'en',
      format: 'json',
    })
  })

  it('finds "place, country" names the geocoder only knows by place', async () => {
    const user = await t.createUser()
    const res = await user.api.dataSources.put('weather', {
      configuration: { locationName: 'Porto, Portugal' },
    })
    expect(res.body.configuration).toMatchObject({
      locationName: 'Porto, Portugal',
      location: { name: 'Porto', country: 'Portugal' },
    })
  })

  it('merges the fields it is given into the stored ones', async () => {
    const user = await t.createUser()
    await user.api.dataSources.put('weather', { configuration: { locationName: 'Lisbon' } })
    await user.api.dataSources.put('weather', { isEnabled: true })
    const searches = meteo.requests.length
    // The web switch sends the whole item back: unchanged names are not geocoded again.
    const toggled = await user.api.dataSources.put('weather', {
      dataSourceType: 'weather',
      isEnabled: false,
      configuration: {
        locationName: 'Lisbon',
        location: { name: 'Elsewhere', latitude: 0, longitude: 0, timezone: 'UTC' },
      },
    })
    expect(meteo.requests.length).toBe(searches)
    expect(toggled.body).toEqual({
      dataSourceType: 'weather',
      isEnabled: false,
      configuration: { locationName: 'Lisbon', location: LISBON },
    })
    const withVacation = await user.api.dataSources.put('weather', {
      configuration: { vacationMode: vacation() },
    })
    expect(withVacation.body.configuration).toEqual({
      locationName: 'Lisbon',
      location: LISBON,
      vacationMode: { ...vacation(), location: PARIS },
    })
  })

  it('refuses a location the geocoder does not know, keeping what was stored', async () => {
    const user = await t.createUser()
    await user.api.dataSources.put('weather', { configuration: { locationName: 'Lisbon' } })
    const res = await user.api.dataSources.put('weather', { configuration: { locationName: 'Atlantis' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe("Could not find location 'Atlantis'.")
    expect((await user.api.dataSources.get('weather')).body.configuration.locationName).toBe('Lisbon')
  })

  it('saves when the geocoder is unreachable and resolves the place later', async () => {
    const user = await t.createUser()
    meteo.down = true
    const res = await user.api.dataSources.put('weather', {
      isEnabled: true,
      configuration: { locationName: 'Lisbon' },
    })
    expect(res.status).toBe(200)
    expect(res.body.configuration).toEqual({ locationName: 'Lisbon', location: null })
    const failed = await user.api.dataSources.test('weather')
    expect(failed.body).toEqual({
      success: false,
      message: 'The weather service could not be reached. Try again in a moment.',
    })
    meteo.down = false
    expect((await user.api.dataSources.test('weather')).body).toMatchObject({
      success: true,
      message: '12°C, light rain in Lisbon',
    })
    expect((await user.api.dataSources.get('weather')).body.configuration.location).toEqual(LISBON)
  })

  it('clears the location when the name is emptied', async () => {
    const user = await t.createUser()
    await user.api.dataSources.put('weather', { configuration: { locationName: 'Lisbon' } })
    const res = await user.api.dataSources.put('weather', { configuration: { locationName: '' } })
    expect(res.body.configuration).toEqual({ locationName: null, location: null })
  })
})

describe('vacation mode rules (spec §5)', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await t.createUser()
    await user.api.dataSources.put('weather', { configuration: { locationName: 'Lisbon' } })
  })

  it.each([
    ['no vacation location', { locationName: '' }, 'Vacation location is required'],
    ['a blank vacation location', { locationName: '   ' }, 'Vacation location is required'],
    ['no start date', { startDate: null }, 'Start date is required'],
    ['an empty start date', { startDate: '' }, 'Start date is required'],
    ['no end date', { endDate: undefined }, 'End date is required'],
    [
      'an end before the start',
      { startDate: '2030-07-10T00:00:00.000Z', endDate: '2030-07-01T23:59:59.999Z' },
      'End date must be after start date',
    ],
    [
      'an end on the start day',
      { startDate: '2030-07-10T00:00:00.000Z', endDate: '2030-07-10T23:59:59.999Z' },
      'End date must be after start date',
    ],
    [
      'an end on the start day, as dates',
      { startDate: '2030-07-10', endDate: '2030-07-10' },
      'End date must be after start date',
    ],
  ])('refuses %s', async (_label, change, message) => {
    const res = await user.api.dataSources.put('weather', {
      configuration: { vacationMode: vacation(change) },
    })
    expect(res.status).toBe(400)
    // The spec's texts, as a sentence.
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: `${message}.` })
  })

  it('lists every problem at once', async () => {
    const res = await user.api.dataSources.put('weather', {
      configuration: { vacationMode: { isEnabled: true, locationName: '', startDate: null, endDate: null } },
    })
    expect(res.body.message).toBe(
      'Vacation location is required; Start date is required; End date is required.',
    )
  })

  it('does not check a vacation that is switched off', async () => {
    const res = await user.api.dataSources.put('weather', {
      configuration: { vacationMode: { isEnabled: false, locationName: '', startDate: null, endDate: null } },
    })
    expect(res.status).toBe(200)
    expect(res.body.configuration.vacationMode).toEqual({
      isEnabled: false,
      locationName: null,
      startDate: null,
      endDate: null,
      location: null,
    })
  })

  it('accepts the first day and last day as dates and stores them as UTC start and end of day', async () => {
    const res = await user.api.dataSources.put('weather', {
      configuration: { vacationMode: vacation({ startDate: '2030-07-01', endDate: '2030-07-02' }) },
    })
    expect(res.status).toBe(200)
    expect(res.body.configuration.vacationMode).toMatchObject({
      startDate: '2030-07-01T00:00:00.000Z',
      endDate: '2030-07-02T23:59:59.999Z',
      location: PARIS,
    })
  })

  it('refuses a vacation location the geocoder does not know', async () => {
    const res = await user.api.dataSources.put('weather', {
      configuration: { vacationMode: vacation({ locationName: 'Atlantis' }) },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe("Could not find location 'Atlantis'.")
  })
})

describe('weather connection test and forecastFor', () => {
  it('summarises the current weather at the home location', async () => {
    const user = await t.createUser()
    await user.api.dataSources.put('weather', { configuration: { locationName: 'Lisbon' } })
    const res = await user.api.dataSources.test('weather')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      message: '12°C, light rain in Lisbon',
      details: {
        place: LISBON,
        onVacation: false,
        current: { temperature: 12.3, description: 'light rain' },
      },
    })
    const forecast = meteo.requests.at(-1)!
    expect(forecast.pathname).toBe('/v1/forecast')
    expect(forecast.searchParams.get('timezone')).toBe('auto')
    expect(forecast.searchParams.get('current')).toContain('weather_code')
    expect(forecast.searchParams.get('daily')?.split(',')).toEqual(
      expect.arrayContaining(['temperature_2m_max', 'sunrise', 'sunset']),
    )
  })

  it('says what is missing or what failed', async () => {
    const user = await t.createUser()
    expect((await user.api.dataSources.test('weather')).body).toEqual({
      success: false,
      message: 'Set a location for the weather first.',
    })
    await user.api.dataSources.put('weather', { configuration: { locationName: 'Lisbon' } })
    meteo.down = true
    expect((await user.api.dataSources.test('weather')).body).toEqual({
      success: false,
      message: 'The weather service answered with an error (HTTP 503).',
    })
  })

  it("has today's forecast when the place's calendar is already a day ahead of the user's", async () => {
    // 07:00 UTC: 21:00 of the 15th in Honolulu, 08:00 of the 16th in Paris (Open-Meteo's days start there).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-16T07:00:00Z'))
    try {
      const user = await t.createUser({ timezone: 'Pacific/Honolulu' })
      await user.api.dataSources.put('weather', { isEnabled: true, configuration: { locationName: 'Paris' } })
      const today = await services.weather.forecastFor(user.id)
      expect(today).toMatchObject({ ok: true, date: '2026-03-15', place: PARIS })
      if (today.ok) expect(today.day?.date).toBe('2026-03-15')
    } finally {
      vi.useRealTimers()
    }
  })

  it('uses the vacation location from its first to its last day, in the user’s time zone', async () => {
    // Kiritimati is UTC+14: for most of the UTC day its calendar day is already tomorrow.
    const timeZone = 'Pacific/Kiritimati'
    const user = await t.createUser({ timezone: timeZone })
    const today = todayIn(timeZone)
    await user.api.dataSources.put('weather', {
      isEnabled: true,
      configuration: {
        locationName: 'Lisbon',
        vacationMode: vacation({
          startDate: `${today}T00:00:00.000Z`,
          endDate: `${addDays(today, 2)}T23:59:59.999Z`,
        }),
      },
    })
    const now = await services.weather.forecastFor(user.id)
    expect(now).toMatchObject({
      ok: true,
      date: today,
      onVacation: true,
      place: PARIS,
      summary: '8°C, overcast in Paris',
    })
    const last = await services.weather.forecastFor(user.id, addDays(today, 2))
    expect(last).toMatchObject({ ok: true, onVacation: true, place: PARIS, current: null })
    const after = await services.weather.forecastFor(user.id, addDays(today, 3))
    expect(after).toMatchObject({ ok: true, onVacation: false, place: LISBON, current: null })
    if (after.ok) {
      expect(after.day?.date).toBe(addDays(today, 3))
      expect(after.summary).toMatch(/^\d+–\d+°C, partly cloudy in Lisbon$/)
    }
    const instant = await services.weather.forecastFor(user.id, new Date())
    expect(instant).toMatchObject({ ok: true, date: today, onVacation: true })
  })

  it('does not use a vacation that starts tomorrow, or one that is switched off', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const today = todayIn('Europe/Lisbon')
    await user.api.dataSources.put('weather', {
      isEnabled: true,
      configuration: {
        locationName: 'Lisbon',
        vacationMode: vacation({ startDate: addDays(today, 1), endDate: addDays(today, 5) }),
      },
    })
    expect(await services.weather.forecastFor(user.id)).toMatchObject({
      ok: true,
      onVacation: false,
      place: LISBON,
    })
    expect(await services.weather.forecastFor(user.id, addDays(today, 1))).toMatchObject({
      onVacation: true,
      place: PARIS,
    })
    await user.api.dataSources.put('weather', {
      configuration: {
        vacationMode: vacation({
          isEnabled: false,
          startDate: addDays(today, 1),
          endDate: addDays(today, 5),
        }),
      },
    })
    expect(await services.weather.forecastFor(user.id, addDays(today, 1))).toMatchObject({
      onVacation: false,
      place: LISBON,
    })
  })

  it('answers why there is no forecast', async () => {
    const user = await t.createUser()
    expect(await services.weather.forecastFor(user.id)).toEqual({
      ok: false,
      reason: 'disabled',
      message: 'The weather data source is turned off; turn it on under Data Sources.',
    })
    await user.api.dataSources.put('weather', { isEnabled: true, configuration: { locationName: 'Lisbon' } })
    const today = todayIn('UTC')
    expect(await services.weather.forecastFor(user.id, addDays(today, 16))).toMatchObject({
      ok: false,
      reason: 'out_of_range',
    })
    expect(await services.weather.forecastFor(user.id, addDays(today, -1))).toMatchObject({
      ok: false,
      reason: 'out_of_range',
    })
    // The week from the day asked, and a day more (the place's calendar may run ahead of the user's).
    const week = await services.weather.forecastFor(user.id, today)
    expect(week.ok && week.days.map((d) => d.date)).toEqual(
      Array.from({ length: 8 }, (_, i) => addDays(todayIn('Europe/Lisbon'), i)),
    )
    // "What's the weather next week?": seven days from next Sunday, not two.
    const later = await services.weather.forecastFor(user.id, addDays(today, 7))
    expect(later.ok && later.days.map((d) => d.date)).toEqual(
      Array.from({ length: 8 }, (_, i) => addDays(todayIn('Europe/Lisbon'), 7 + i)),
    )
  })
})
