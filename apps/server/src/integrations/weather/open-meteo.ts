import type { Place } from '@remi/shared'
import { getJson } from '../http.ts'
import { describeWeatherCode } from './wmo-codes.ts'

export interface CurrentWeather {
  /** Local time at the place, as Open-Meteo gives it ('2026-11-21T18:45'). */
  time: string
  temperature: number
  apparentTemperature: number | null
  humidity: number | null
  windSpeed: number | null
  weatherCode: number
  description: string
}

export interface DailyWeather {
  date: string
  weatherCode: number
  description: string
  temperatureMax: number
  temperatureMin: number
  precipitationProbability: number | null
}

export interface Forecast {
  place: Place
  units: { temperature: string; windSpeed: string }
  current: CurrentWeather | null
  /** Today at the place first, then the following days. */
  days: DailyWeather[]
}

export interface WeatherProvider {
  /** The best match for a place name, or null when the geocoder knows none. Throws UpstreamError when unreachable. */
  geocode(name: string): Promise<Place | null>
  forecast(place: Place, options?: { days?: number }): Promise<Forecast>
}

interface GeocodingResult {
  name: string
  latitude: number
  longitude: number
  timezone?: string
  country?: string
  country_code?: string
  admin1?: string
}

interface ForecastResponse {
  timezone?: string
  current_units?: Record<string, string>
  current?: {
    time: string
    temperature_2m: number
    apparent_temperature?: number | null
    relative_humidity_2m?: number | null
    wind_speed_10m?: number | null
    weather_code: number
  }
  daily_units?: Record<string, string>
  daily?: {
    time: string[]
    weather_code: number[]
    temperature_2m_max: number[]
    temperature_2m_min: number[]
    precipitation_probability_max?: (number | null)[]
  }
}

const CURRENT = 'temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,weather_code'
const DAILY = 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max'

export function createOpenMeteo(config: { weatherApiUrl: string; geocodingApiUrl: string }): WeatherProvider {
  async function search(name: string, count: number): Promise<GeocodingResult[]> {
    const url = new URL('/v1/search', config.geocodingApiUrl)
    url.search = new URLSearchParams({
      name,
      count: String(count),
      language: 'en',
      format: 'json',
    }).toString()
    const body = await getJson<{ results?: GeocodingResult[] }>(url, { service: 'The weather service' })
    return body.results ?? []
  }

  const toPlace = (r: GeocodingResult): Place => ({
    name: r.name,
    latitude: r.latitude,
    longitude: r.longitude,
    timezone: r.timezone ?? 'UTC',
    country: r.country ?? null,
  })

  return {
    async geocode(name) {
      const [first] = await search(name, 1)
      if (first) return toPlace(first)
      // Open-Meteo matches place names only; "Porto, Portugal" is searched as "Porto" in Portugal.
      const [head, ...rest] = name.split(',').map((p) => p.trim())
      const qualifier = rest.join(', ').toLowerCase()
      if (!head || !qualifier) return null
      const candidates = await search(head, 10)
      const match = candidates.find((c) =>
        [c.country, c.country_code, c.admin1].some((v) => v?.toLowerCase() === qualifier),
      )
      return match ? toPlace(match) : null
    },

    async forecast(place, options = {}) {
      const url = new URL('/v1/forecast', config.weatherApiUrl)
      url.search = new URLSearchParams({
        latitude: String(place.latitude),
        longitude: String(place.longitude),
        current: CURRENT,
        daily: DAILY,
        timezone: 'auto',
        forecast_days: String(options.days ?? 7),
      }).toString()
      const body = await getJson<ForecastResponse>(url, { service: 'The weather service' })
      const daily = body.daily
      const days: DailyWeather[] = (daily?.time ?? []).map((date, i) => ({
        date,
        weatherCode: daily!.weather_code[i]!,
        description: describeWeatherCode(daily!.weather_code[i]),
        temperatureMax: daily!.temperature_2m_max[i]!,
        temperatureMin: daily!.temperature_2m_min[i]!,
        precipitationProbability: daily!.precipitation_probability_max?.[i] ?? null,
      }))
      const c = body.current
      return {
        place: { ...place, timezone: body.timezone ?? place.timezone },
        units: {
          temperature: body.current_units?.temperature_2m ?? body.daily_units?.temperature_2m_max ?? '°C',
          windSpeed: body.current_units?.wind_speed_10m ?? 'km/h',
        },
        current: c
          ? {
              time: c.time,
              temperature: c.temperature_2m,
              apparentTemperature: c.apparent_temperature ?? null,
              humidity: c.relative_humidity_2m ?? null,
              windSpeed: c.wind_speed_10m ?? null,
              weatherCode: c.weather_code,
              description: describeWeatherCode(c.weather_code),
            }
          : null,
        days,
      }
    },
  }
}
