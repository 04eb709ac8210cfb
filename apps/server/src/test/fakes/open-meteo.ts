import { addDays, todayIn } from '@remi/shared'
import { listen, sendJson } from './listen.ts'

/**
 * Open-Meteo geocoding (/v1/search) and forecast (/v1/forecast) in their real JSON shapes
 * (https://open-meteo.com/en/docs, https://open-meteo.com/en/docs/geocoding-api), one server for both.
 */
export interface FakePlace {
  id: number
  name: string
  latitude: number
  longitude: number
  timezone: string
  country: string
  country_code: string
  admin1: string
  /** Current temperature (°C) and WMO code the forecast answers for this place. */
  temperature: number
  weatherCode: number
}

export const FAKE_PLACES: FakePlace[] = [
  {
    id: 2267057,
    name: 'Lisbon',
    latitude: 38.71667,
    longitude: -9.13333,
    timezone: 'Europe/Lisbon',
    country: 'Portugal',
    country_code: 'PT',
    admin1: 'Lisbon',
    temperature: 12.3,
    weatherCode: 61,
  },
  {
    id: 2988507,
    name: 'Paris',
    latitude: 48.85341,
    longitude: 2.3488,
    timezone: 'Europe/Paris',
    country: 'France',
    country_code: 'FR',
    admin1: 'Île-de-France',
    temperature: 7.6,
    weatherCode: 3,
  },
  {
    id: 2735943,
    name: 'Porto',
    latitude: 41.14961,
    longitude: -8.61099,
    timezone: 'Europe/Lisbon',
    country: 'Portugal',
    country_code: 'PT',
    admin1: 'Porto',
    temperature: 14.1,
    weatherCode: 0,
  },
  {
    id: 5344157,
    name: 'Honolulu',
    latitude: 21.30694,
    longitude: -157.85833,
    timezone: 'Pacific/Honolulu',
    country: 'United States',
    country_code: 'US',
    admin1: 'Hawaii',
    temperature: 27.4,
    weatherCode: 1,
  },
]

/** A fake place as a weather data source stores it (configuration.location). */
export function storedLocation(name: string) {
  const place = FAKE_PLACES.find((p) => p.name === name)
  if (!place) throw new Error(`no fake place named ${name}`)
  const { latitude, longitude, timezone, country } = place
  return { name, latitude, longitude, timezone, country }
}

export interface OpenMeteoFake {
  /** Use for both WEATHER_API_URL and GEOCODING_API_URL. */
  url: string
  /** Every request's path and query, newest last. */
  requests: URL[]
  /** While true, both endpoints answer 503 like an outage. */
  down: boolean
  close(): Promise<void>
}

export async function startOpenMeteoFake(places: FakePlace[] = FAKE_PLACES): Promise<OpenMeteoFake> {
  const state = { requests: [] as URL[], down: false }
  const running = await listen((request, response, url) => {
    state.requests.push(url)
    if (state.down) return sendJson(response, 503, { error: true, reason: 'Service unavailable' })
    if (url.pathname === '/v1/search') {
      const name = (url.searchParams.get('name') ?? '').trim().toLowerCase()
      const count = Number(url.searchParams.get('count') ?? 10)
      const matches = places
        .filter((p) => name.length >= 2 && p.name.toLowerCase().startsWith(name))
        .slice(0, count)
      // No match: Open-Meteo leaves "results" out entirely.
      return sendJson(response, 200, {
        ...(matches.length
          ? {
              results: matches.map((p) => ({
                id: p.id,
                name: p.name,
                latitude: p.latitude,
                longitude: p.longitude,
                elevation: 50,
                feature_code: 'PPLC',
                country_code: p.country_code,
                admin1_id: 1,
                timezone: p.timezone,
                population: 500000,
                country_id: 1,
                country: p.country,
                admin1: p.admin1,
              })),
            }
          : {}),
        generationtime_ms: 0.51,
      })
    }
    if (url.pathname === '/v1/forecast') {
      const latitude = Number(url.searchParams.get('latitude'))
      const longitude = Number(url.searchParams.get('longitude'))
      const place = places.find(
        (p) => Math.abs(p.latitude - latitude) < 0.01 && Math.abs(p.longitude - longitude) < 0.01,
      )
      if (!place || url.searchParams.get('timezone') !== 'auto') {
        return sendJson(response, 400, { error: true, reason: 'Latitude must be in range of -90 to 90°.' })
      }
      const days = Number(url.searchParams.get('forecast_days') ?? 7)
      const past = Number(url.searchParams.get('past_days') ?? 0)
      const today = todayIn(place.timezone)
      const dates = Array.from({ length: past + days }, (_, i) => addDays(today, i - past))
      const now = new Date()
      const sun = (url.searchParams.get('daily') ?? '').split(',').includes('sunrise')
      return sendJson(response, 200, {
        latitude: place.latitude,
        longitude: place.longitude,
        generationtime_ms: 0.08,
        utc_offset_seconds: 0,
        timezone: place.timezone,
        timezone_abbreviation: 'GMT',
        elevation: 50,
        current_units: {
          time: 'iso8601',
          interval: 'seconds',
          temperature_2m: '°C',
          apparent_temperature: '°C',
          relative_humidity_2m: '%',
          wind_speed_10m: 'km/h',
          weather_code: 'wmo code',
        },
        current: {
          time: `${todayIn(place.timezone, now)}T12:00`,
          interval: 900,
          temperature_2m: place.temperature,
          apparent_temperature: place.temperature - 1.5,
          relative_humidity_2m: 81,
          wind_speed_10m: 14.2,
          weather_code: place.weatherCode,
        },
        daily_units: {
          time: 'iso8601',
          weather_code: 'wmo code',
          temperature_2m_max: '°C',
          temperature_2m_min: '°C',
          precipitation_probability_max: '%',
          ...(sun && { sunrise: 'iso8601', sunset: 'iso8601' }),
        },
        daily: {
          time: dates,
          weather_code: dates.map((_, i) => (i === past ? place.weatherCode : 2)),
          temperature_2m_max: dates.map((_, i) => place.temperature + 3 + (i - past) * 0.1),
          temperature_2m_min: dates.map((_, i) => place.temperature - 4 - (i - past) * 0.1),
          precipitation_probability_max: dates.map((_, i) => (i === past ? 80 : 10)),
          // Asked for: sunrise at 07:38 today at the place and a minute later each day, sunset at 17:15 and a minute earlier.
          ...(sun && {
            sunrise: dates.map((d, i) => `${d}T07:${38 + i - past}`),
            sunset: dates.map((d, i) => `${d}T17:${String(15 - i + past).padStart(2, '0')}`),
          }),
        },
      })
    }
    sendJson(response, 404, { error: true, reason: 'Not Found' })
  })
  return {
    url: running.origin,
    get requests() {
      return state.requests
    },
    get down() {
      return state.down
    },
    set down(value: boolean) {
      state.down = value
    },
    close: running.close,
  }
}
