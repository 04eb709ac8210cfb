import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, type RunningFake } from '../test/fakes/listen.ts'
import { createGoogleCalendar } from './calendar/google-calendar.ts'
import { createMicrosoftGraph } from './calendar/microsoft-graph.ts'
import { UpstreamError } from './http.ts'
import { createOpenMeteo } from './weather/open-meteo.ts'

/**
 * Providers answering 200 with something else than their documented shape (found by the hardening
 * 'faults' scenario: JSON of another shape ended in TypeErrors, 500s, and a garbage place stored as the
 * weather location). Each must be the provider's failure, in words a person can read.
 */
let answer: { body: string; cut?: boolean } = { body: '{}' }
let fake: RunningFake
beforeAll(async () => {
  fake = await listen((_request, response) => {
    const body = Buffer.from(answer.body)
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(answer.cut ? body.length * 2 : body.length),
    })
    if (answer.cut) response.write(body, () => response.destroy())
    else response.end(body)
  })
})
afterAll(() => fake.close())

const place = {
  name: 'Lisbon',
  latitude: 38.7,
  longitude: -9.1,
  timezone: 'Europe/Lisbon',
  country: 'Portugal',
}
const range = { from: new Date('2026-11-21T00:00:00Z'), to: new Date('2026-11-22T00:00:00Z') }

async function failure(call: () => Promise<unknown>): Promise<UpstreamError> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(UpstreamError)
  return error as UpstreamError
}

describe('Open-Meteo answering the wrong shape', () => {
  const weather = () => createOpenMeteo({ weatherApiUrl: fake.origin, geocodingApiUrl: fake.origin })

  it.each([
    [
      'a place without coordinates',
      '{"results":[{"id":1,"name":42,"latitude":"north","longitude":null}]}',
      false,
    ],
    ['results that are not a list', '{"results":{"name":"Lisbon"}}', false],
    ['a body cut off', '{"results":[{"id":2267057,"name":"Lisb', true],
  ])('geocoding: %s is unreadable, never a place', async (_what, body, cut) => {
    answer = { body, cut }
    const error = await failure(() => weather().geocode('Lisbon'))
    expect(error.message).toBe('The weather service sent an answer Remi could not read.')
  })

  it.each([
    ['a string for the days', '{"current":"sunny","daily":{"time":"today","weather_code":null}}'],
    ['current without a temperature', '{"current":{"time":"2026-11-21T12:00","weather_code":3}}'],
  ])('forecast: %s is unreadable', async (_what, body) => {
    answer = { body }
    const error = await failure(() => weather().forecast(place))
    expect(error.message).toBe('The weather service sent an answer Remi could not read.')
  })

  it('forecast: a day the model has no values for is left out, the others kept', async () => {
    answer = {
      body: JSON.stringify({
        daily: {
          time: ['2026-11-21', '2026-11-22'],
          weather_code: [3, null],
          temperature_2m_max: [15, 16],
          temperature_2m_min: [9, null],
        },
      }),
    }
    const forecast = await weather().forecast(place)
    expect(forecast.days.map((d) => [d.date, d.temperatureMax])).toEqual([['2026-11-21', 15]])
  })

  it("forecast: sunrise and sunset as the place's clock times, null where the sun does not rise or set", async () => {
    answer = {
      body: JSON.stringify({
        daily: {
          time: ['2026-12-21', '2026-12-22'],
          weather_code: [3, 3],
          temperature_2m_max: [-5, -6],
          temperature_2m_min: [-9, -10],
          sunrise: ['2026-12-21T10:21', null],
          sunset: ['2026-12-21T13:29', null],
        },
      }),
    }
    const forecast = await weather().forecast(place)
    expect(forecast.days.map((d) => [d.sunrise, d.sunset])).toEqual([
      ['10:21', '13:29'],
      [null, null],
    ])
  })
})

describe('calendar APIs answering the wrong shape', () => {
  it.each([
    ['items that are not a list', '{"kind":"calendar#calendarList","items":{"id":"x"}}', false],
    ['an entry without an id', '{"items":[{"summary":"Work"}]}', false],
    ['a page token that is not text', '{"items":[],"nextPageToken":7}', false],
    ['a body cut off', '{"items":[{"id":"main","summ', true],
  ])('Google: %s', async (_what, body, cut) => {
    answer = { body, cut }
    const google = createGoogleCalendar(`${fake.origin}/calendar/v3`)
    const list = await failure(() => google.listCalendars('token'))
    expect(list.message).toBe('Google Calendar sent an answer Remi could not read.')
    await failure(() => google.events('token', { id: 'main', name: 'Main' }, range))
  })

  it.each([
    ['a value that is not a list', '{"value":"calendars"}'],
    ['a next link that is not text', '{"value":[],"@odata.nextLink":42}'],
    ['an event with a start that is not a time', '{"value":[{"id":"e","start":"09:00","end":"10:00"}]}'],
  ])('Microsoft Graph: %s', async (_what, body) => {
    answer = { body }
    const graph = createMicrosoftGraph(`${fake.origin}/v1.0`)
    const error = await failure(() => graph.events('token', { id: 'main', name: 'Main' }, range))
    expect(error.message).toBe('Microsoft Outlook sent an answer Remi could not read.')
  })
})
