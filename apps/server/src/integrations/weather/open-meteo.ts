import type { Place } from '@remi/shared'
import { z } from 'zod'
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
  /** Local time at the place ('07:38'); null where the sun does not rise or set that day. */
  sunrise: string | null
  sunset: string | null
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

// What the adapter reads of Open-Meteo's answers (https://open-meteo.com/en/docs): checked, so an answer
// of another shape is "could not read" instead of a TypeError or a garbage place saved as the location.
const GeocodingResult = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
  admin1: z.string().optional(),
})
type GeocodingResult = z.infer<typeof GeocodingResult>
const GeocodingResponse = z.object({ results: z.array(GeocodingResult).optional() })

const optionalNumber = z.number().nullish()
/** Daily series: one value a day, null where the model has none. */
const series = z.array(z.number().nullable())
const ForecastResponse = z.object({
  timezone: z.string().optional(),
  current_units: z.record(z.string(), z.string()).optional(),
  current: z
    .object({
      time: z.string(),
      temperature_2m: z.number(),
      apparent_temperature: optionalNumber,
      relative_humidity_2m: optionalNumber,
      wind_speed_10m: optionalNumber,
      weather_code: z.number(),
    })
    .optional(),
  daily_units: z.record(z.string(), z.string()).optional(),
  daily: z
    .object({
      time: z.array(z.string()),
      weather_code: series,
      temperature_2m_max: series,
      temperature_2m_min: series,
      precipitation_probability_max: series.optional(),
      sunrise: z.array(z.string().nullable()).optional(),
      sunset: z.array(z.string().nullable()).optional(),
    })
    .optional(),
})

const CURRENT = 'temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,weather_code'
const DAILY =
  'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,sunrise,sunset'
/** '2026-11-26T07:38' → '07:38'. */
const clock = (iso: string | null | undefined) => /T(\d\d:\d\d)/.exec(iso ?? '')?.[1] ?? null

export function createOpenMeteo(config: { weatherApiUrl: string; geocodingApiUrl: string }): WeatherProvider {
  async function search(name: string, count: number): Promise<GeocodingResult[]> {
    const url = new URL('/v1/search', config.geocodingApiUrl)
    url.search = new URLSearchParams({
      name,
      count: String(count),
      language: 'en',
      format: 'json',
    }).toString()
    const body = await getJson(url, { service: 'The weather service', schema: GeocodingResponse })
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
        // The place's days start at its own date, which may already be the user's tomorrow: yesterday too.
        past_days: '1',
        forecast_days: String(options.days ?? 7),
      }).toString()
      const body = await getJson(url, { service: 'The weather service', schema: ForecastResponse })
      const daily = body.daily
      // A day without a code or temperatures (missing from the series, or null) is left out.
      const days: DailyWeather[] = (daily?.time ?? []).flatMap((date, i) => {
        const code = daily!.weather_code[i]
        const max = daily!.temperature_2m_max[i]
        const min = daily!.temperature_2m_min[i]
        if (code == null || max == null || min == null) return []
        return [
          {
            date,
            weatherCode: code,
            description: describeWeatherCode(code),
            temperatureMax: max,
            temperatureMin: min,
            precipitationProbability: daily!.precipitation_probability_max?.[i] ?? null,
            sunrise: clock(daily!.sunrise?.[i]),
            sunset: clock(daily!.sunset?.[i]),
          },
        ]
      })
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
