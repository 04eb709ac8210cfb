import { dayBounds, daysBetween, todayIn } from '@remi/shared'
import type { CalendarService, WeatherService } from '../../datasources/index.ts'
import { describeRange, excerpt, formatTime, relativeDay } from '../../language/index.ts'
import type { ToolRecord } from './record.ts'
import {
  firstIssue,
  MAX_CALENDAR_DAYS,
  toolInputSchemas,
  type GetCalendarEventsInput,
  type GetWeatherInput,
} from './schemas.ts'
import type { GetCalendarEventsOutput, GetWeatherOutput, ToolError, ToolEvent } from './types.ts'

const MAX_EVENTS = 60

type Forecast = Extract<Awaited<ReturnType<WeatherService['forecastFor']>>, { ok: true }>
type CalendarEvent = Extract<
  Awaited<ReturnType<CalendarService['eventsBetween']>>,
  { ok: true }
>['events'][number]

const round = (n: number) => Math.round(n * 10) / 10

/** A forecast as get_weather gives it: rounded, the asked day and the six days after it. */
function weatherOutput(forecast: Forecast): Exclude<GetWeatherOutput, ToolError> {
  const { current, day } = forecast
  return {
    date: forecast.date,
    place: forecast.place.name,
    onVacation: forecast.onVacation,
    summary: forecast.summary,
    now: current
      ? {
          temperature: round(current.temperature),
          feelsLike: current.apparentTemperature === null ? null : round(current.apparentTemperature),
          description: current.description,
        }
      : null,
    day: day
      ? {
          description: day.description,
          temperatureMin: round(day.temperatureMin),
          temperatureMax: round(day.temperatureMax),
          precipitationProbability: day.precipitationProbability,
          sunrise: day.sunrise,
          sunset: day.sunset,
        }
      : null,
    nextDays: forecast.days
      .filter((d) => d.date > forecast.date)
      .slice(0, 6)
      .map((d) => ({
        date: d.date,
        description: d.description,
        temperatureMin: round(d.temperatureMin),
        temperatureMax: round(d.temperatureMax),
        precipitationProbability: d.precipitationProbability,
      })),
    temperatureUnit: forecast.units.temperature,
  }
}

/** An event as get_calendar_events gives it: its times in the user's zone, its day no earlier than `from`. */
function toolEvent(e: CalendarEvent, zoneName: string, from: string): ToolEvent {
  const eventDay = e.allDay ? e.start.slice(0, 10) : todayIn(zoneName, new Date(e.start))
  return {
    title: e.title,
    time: e.allDay ? 'all day' : `${formatTime(e.start, zoneName)}–${formatTime(e.end, zoneName)}`,
    day: eventDay < from ? from : eventDay,
    start: e.start,
    end: e.end,
    allDay: e.allDay,
    location: e.location,
    calendar: e.calendar,
  }
}

/** get_weather and get_calendar_events: the day's sources. */
export function dayTools(record: ToolRecord) {
  const { services, userId, run } = record

  async function getWeather(input: GetWeatherInput = {}): Promise<GetWeatherOutput> {
    const parsed = toolInputSchemas.get_weather.safeParse(input ?? {})
    const today = await record.today()
    const asked = parsed.success ? (parsed.data.date ?? today) : today
    const place = parsed.success ? parsed.data.place : undefined
    const what = `the weather for ${relativeDay(asked, today)}${place ? ` in ${excerpt(place, 60)}` : ''}`
    const report = { summary: `Checked ${what}`, failed: `Could not check ${what}` }
    return run<Exclude<GetWeatherOutput, ToolError>>('get_weather', input ?? {}, report, async () => {
      if (!parsed.success) return { error: firstIssue(parsed.error) }
      const forecast = await services.weather.forecastFor(userId, asked, { place })
      if (forecast.ok) return weatherOutput(forecast)
      return forecast.reason === 'disabled'
        ? { error: forecast.message, off: true }
        : { error: forecast.message }
    })
  }

  /** `unasked`: a look the offline assistant takes on its own, silent when the calendar is off. */
  async function getCalendarEvents(
    input: GetCalendarEventsInput,
    { unasked = false } = {},
  ): Promise<GetCalendarEventsOutput> {
    const parsed = toolInputSchemas.get_calendar_events.safeParse(input ?? {})
    const zoneName = await record.timeZone()
    const today = todayIn(zoneName, record.now())
    const from = parsed.success ? parsed.data.from : today
    const to = parsed.success ? parsed.data.to : today
    const range = from <= to ? describeRange(from, to, today) : relativeDay(from, today)
    const report = {
      summary: `Looked at your calendar for ${range}`,
      failed: `Could not read your calendar for ${range}`,
      unasked,
    }
    return run<Exclude<GetCalendarEventsOutput, ToolError>>(
      'get_calendar_events',
      input ?? {},
      report,
      async () => {
        if (!parsed.success) return { error: firstIssue(parsed.error) }
        if (from > to) return { error: 'from must not be after to.' }
        if (daysBetween(from, to) >= MAX_CALENDAR_DAYS) {
          return { error: `Ask for at most ${MAX_CALENDAR_DAYS} days at a time.` }
        }
        const result = await services.calendar.eventsBetween(
          userId,
          dayBounds(from, zoneName).start,
          dayBounds(to, zoneName).end,
        )
        if (!result.ok) {
          return result.reason === 'failed' ? { error: result.message } : { error: result.message, off: true }
        }
        const events = result.events.slice(0, MAX_EVENTS).map((e) => toolEvent(e, zoneName, from))
        return { from, to, timeZone: zoneName, events, problems: result.errors }
      },
    )
  }

  return { getWeather, getCalendarEvents }
}
