import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataSources } from '../../db/schema.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { startOpenMeteoFake, type OpenMeteoFake } from '../../test/fakes/open-meteo.ts'

/**
 * The configuration column is jsonb: whatever an older version, a migration or a hand edit left there
 * is read through the type's schema. A row that does not fit reads as unconfigured, never as a 500.
 */

let meteo: OpenMeteoFake
let t: TestApp
beforeAll(async () => {
  meteo = await startOpenMeteoFake()
  t = await buildTestApp({ env: { WEATHER_API_URL: meteo.url, GEOCODING_API_URL: meteo.url } })
})
afterAll(async () => {
  await t?.close()
  await meteo?.close()
})

async function userWithStored(weather: unknown, calendar: unknown): Promise<TestUser> {
  const user = await t.createUser()
  await t.db.insert(dataSources).values([
    { userId: user.id, type: 'weather', isEnabled: true, configuration: weather as Record<string, unknown> },
    {
      userId: user.id,
      type: 'calendar',
      isEnabled: true,
      configuration: calendar as Record<string, unknown>,
    },
  ])
  return user
}

describe('stored configuration that does not fit its schema', () => {
  it.each([
    ['wrong field types', { locationName: 42, vacationMode: 'yes' }, { calendarId: { id: 1 }, icsUrl: 7 }],
    ['an array', [1, 2], ['https://example.com/a.ics']],
    ['a string', 'Lisbon', 'work'],
    ['a place without coordinates', { locationName: 'Lisbon', location: { name: 'Lisbon' } }, true],
  ])('reads as unconfigured on every route: %s', async (_label, weather, calendar) => {
    const user = await userWithStored(weather, calendar)
    const list = await user.api.dataSources.list()
    expect(list.status, list.text).toBe(200)
    expect(list.body).toEqual([
      { dataSourceType: 'calendar', isEnabled: true, configuration: {} },
      { dataSourceType: 'weather', isEnabled: true, configuration: {} },
    ])
    const one = await user.api.dataSources.get('weather')
    expect(one.body).toEqual({ dataSourceType: 'weather', isEnabled: true, configuration: {} })
    const calendarOne = await user.api.dataSources.get('calendar')
    expect(calendarOne.status, calendarOne.text).toBe(200)
    expect(calendarOne.body).toMatchObject({ configuration: {} })

    expect((await user.api.dataSources.test('weather')).body).toEqual({
      success: false,
      message: 'Set a location for the weather first.',
    })
    expect((await user.api.dataSources.test('calendar')).body).toEqual({
      success: false,
      message: 'Choose a calendar or add an ICS link first.',
    })

    // A save replaces what could not be read with a configuration that can.
    const saved = await user.api.dataSources.put('weather', { configuration: { locationName: 'Lisbon' } })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.configuration).toMatchObject({ locationName: 'Lisbon', location: { name: 'Lisbon' } })
  })

  it('keeps the fields it knows and drops the ones it does not', async () => {
    const user = await userWithStored(
      { locationName: 'Lisbon', location: null, retired: true },
      { icsUrl: 'https://example.com/a.ics', color: 'blue' },
    )
    expect((await user.api.dataSources.list()).body).toEqual([
      { dataSourceType: 'calendar', isEnabled: true, configuration: { icsUrl: 'https://example.com/a.ics' } },
      {
        dataSourceType: 'weather',
        isEnabled: true,
        configuration: { locationName: 'Lisbon', location: null },
      },
    ])
  })
})
