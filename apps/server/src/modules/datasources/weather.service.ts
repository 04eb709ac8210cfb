import {
  calendarDay,
  daysBetween,
  localDate,
  todayIn,
  type Place,
  type WeatherConfiguration,
} from '@remi/shared'
import { UpstreamError } from '../../integrations/http.ts'
import type { CurrentWeather, DailyWeather, WeatherProvider } from '../../integrations/weather/open-meteo.ts'
import type { DataSourcesRepo } from './datasources.repo.ts'
import type { UsersService } from '../auth/index.ts'

/** Open-Meteo forecasts reach this many days, today included. */
const MAX_FORECAST_DAYS = 16

/** From this chance of rain on, a day is wet: rain is likely and an umbrella worth taking (the briefing, the assistant). */
export const WET_CHANCE = 50

export type ForecastResult =
  | {
      ok: true
      /** The day asked for, in the user's time zone. */
      date: string
      place: Place
      /** True when the vacation location replaced the home location for that day. */
      onVacation: boolean
      units: { temperature: string; windSpeed: string }
      /** Conditions now; only when the day asked for is today. */
      current: CurrentWeather | null
      day: DailyWeather | null
      /** The day asked for and the ones after it. */
      days: DailyWeather[]
      /** One line a person can read: "12°C, light rain in Lisbon". */
      summary: string
    }
  | {
      ok: false
      reason: 'disabled' | 'not_configured' | 'not_found' | 'out_of_range' | 'failed'
      message: string
    }

type Failure = Extract<ForecastResult, { ok: false }>

export function createWeatherService(deps: {
  repo: DataSourcesRepo
  users: Pick<UsersService, 'timezoneOf'>
  provider: WeatherProvider
}) {
  const { repo, users, provider } = deps

  /** Geocodes a name; null when the geocoder cannot be reached (the caller decides what that means). */
  async function geocode(name: string): Promise<Place | 'not_found' | null> {
    try {
      return (await provider.geocode(name)) ?? 'not_found'
    } catch (error) {
      if (error instanceof UpstreamError) return null
      throw error
    }
  }

  /** A place by its name, or why there is none: not found, or the geocoder out of reach. */
  async function placeNamed(name: string): Promise<Place | Failure> {
    const place = await geocode(name)
    if (place === 'not_found')
      return { ok: false, reason: 'not_found', message: `Could not find location '${name}'` }
    return (
      place ?? {
        ok: false,
        reason: 'failed',
        message: 'The weather service could not be reached. Try again in a moment.',
      }
    )
  }

  /** A place stored without coordinates (the geocoder was down when it was saved) is resolved now and kept. */
  async function resolve(
    userId: string,
    config: WeatherConfiguration,
    which: 'home' | 'vacation',
  ): Promise<Place | Failure> {
    const holder = which === 'home' ? config : config.vacationMode
    const name = holder?.locationName?.trim()
    if (!holder || !name)
      return { ok: false, reason: 'not_configured', message: 'Set a location for the weather first.' }
    if (holder.location) return holder.location
    const place = await placeNamed(name)
    if ('ok' in place) return place
    // Kept for next time, in its own locked merge of this one field: a forecast read never rewrites
    // the rest of the configuration, and a place is only stored for the name it was found for.
    await repo.weather.amend(userId, (current) => {
      const now = current.configuration
      if (which === 'home') {
        if (now.locationName?.trim() !== name || now.location) return null
        return { ...current, configuration: { ...now, location: place } }
      }
      const vacation = now.vacationMode
      if (!vacation || vacation.locationName?.trim() !== name || vacation.location) return null
      return { ...current, configuration: { ...now, vacationMode: { ...vacation, location: place } } }
    })
    return place
  }

  /**
   * The weather for a day (default today, in the user's time zone) at the place the user will be:
   * the vacation location between its start and end days, the home location otherwise; or at a place
   * asked for by name ("the weather in Porto"), found by the geocoder and not stored.
   */
  async function forecastFor(
    userId: string,
    date?: string | Date,
    options: { evenIfDisabled?: boolean; place?: string | undefined } = {},
  ): Promise<ForecastResult> {
    const stored = await repo.weather.find(userId)
    if (!stored?.isEnabled && !options.evenIfDisabled) {
      return {
        ok: false,
        reason: 'disabled',
        message: 'The weather data source is turned off; turn it on under Data Sources.',
      }
    }
    const config = stored?.configuration ?? {}
    const timeZone = await users.timezoneOf(userId)
    const today = todayIn(timeZone)
    const day =
      date === undefined ? today : typeof date === 'string' ? calendarDay(date) : localDate(date, timeZone)
    if (!day) return { ok: false, reason: 'out_of_range', message: 'That is not a date.' }
    const ahead = daysBetween(today, day)
    if (ahead < 0 || ahead >= MAX_FORECAST_DAYS) {
      return {
        ok: false,
        reason: 'out_of_range',
        message: `Forecasts cover today and the next ${MAX_FORECAST_DAYS - 1} days only.`,
      }
    }
    const named = options.place?.trim()
    const onVacation = !named && isOnVacation(config, day)
    const place = named
      ? await placeNamed(named)
      : await resolve(userId, config, onVacation ? 'vacation' : 'home')
    if ('ok' in place) return place
    let forecast
    try {
      // The week from the day asked ("what's the weather next week?" is seven days from next Sunday), and
      // one extra day: the place's calendar may run a day ahead of the user's.
      forecast = await provider.forecast(place, { days: Math.min(MAX_FORECAST_DAYS, ahead + 8) })
    } catch (error) {
      if (error instanceof UpstreamError) return { ok: false, reason: 'failed', message: error.message }
      throw error
    }
    const index = forecast.days.findIndex((d) => d.date === day)
    const days = index >= 0 ? forecast.days.slice(index) : forecast.days
    const current = day === today ? forecast.current : null
    const dayWeather = index >= 0 ? forecast.days[index]! : null
    const unit = forecast.units.temperature
    const summary = current
      ? `${Math.round(current.temperature)}${unit}, ${current.description} in ${forecast.place.name}`
      : dayWeather
        ? `${Math.round(dayWeather.temperatureMin)}–${Math.round(dayWeather.temperatureMax)}${unit}, ${dayWeather.description} in ${forecast.place.name}`
        : `No forecast for ${day} in ${forecast.place.name}`
    return {
      ok: true,
      date: day,
      place: forecast.place,
      onVacation,
      units: forecast.units,
      current,
      day: dayWeather,
      days,
      summary,
    }
  }

  return { geocode, forecastFor }
}
export type WeatherService = ReturnType<typeof createWeatherService>

/** Vacation days are the calendar days of its start and end (sent as UTC start/end of day). */
export function isOnVacation(config: WeatherConfiguration, day: string): boolean {
  const v = config.vacationMode
  if (!v?.isEnabled || !v.locationName) return false
  const start = calendarDay(v.startDate)
  const end = calendarDay(v.endDate)
  return Boolean(start && end && start <= day && day <= end)
}
