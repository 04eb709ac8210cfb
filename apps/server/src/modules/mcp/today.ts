import { addDays, dayBounds, Memory, todayIn } from '@remi/shared'
import { z } from 'zod'
import type { UsersRepo } from '../auth/users.repo.ts'
import type { CalendarService } from '../datasources/calendar.service.ts'
import type { WeatherService } from '../datasources/weather.service.ts'
import type { MemoriesService } from '../memories/memories.service.ts'

/** Memories dated from today through this many days ahead are "due". */
export const DUE_DAYS = 7

const Off = z.object({ status: z.enum(['off', 'failed']), message: z.string() })

/** What get_today answers: the facts the daily briefing is made of, without the prose. */
export const TodayFacts = z.object({
  date: z.string().describe("Today in the user's time zone, YYYY-MM-DD."),
  timeZone: z.string(),
  weather: z.union([
    z.object({
      status: z.literal('ok'),
      summary: z.string(),
      place: z.string(),
      onVacation: z.boolean(),
      temperatureUnit: z.string(),
      current: z.object({ temperature: z.number(), description: z.string() }).nullable(),
      today: z
        .object({
          description: z.string(),
          temperatureMin: z.number(),
          temperatureMax: z.number(),
          precipitationProbability: z.number().nullable(),
        })
        .nullable(),
    }),
    Off,
  ]),
  events: z.union([
    z.object({
      status: z.literal('ok'),
      items: z.array(
        z.object({
          title: z.string(),
          start: z.string(),
          end: z.string(),
          allDay: z.boolean(),
          location: z.string().nullable(),
          calendar: z.string(),
        }),
      ),
      /** Calendars that could not be read while others could. */
      errors: z.array(z.string()),
    }),
    Off,
  ]),
  memoriesDue: z
    .array(Memory)
    .describe(`Memories dated today through ${DUE_DAYS} days ahead, soonest first.`),
})
export type TodayFacts = z.infer<typeof TodayFacts>

export interface TodayDeps {
  users: Pick<UsersRepo, 'timezoneOf'>
  memories: MemoriesService
  weather: WeatherService
  calendar: CalendarService
}

/**
 * Today's weather, events and memories due, for one user.
 * TODO(dashboard): switch to the dashboard service's gatherTodayFacts(userId) once it lands, so the
 * briefing and get_today can never disagree.
 */
export async function gatherToday(deps: TodayDeps, userId: string): Promise<TodayFacts> {
  const timeZone = await deps.users.timezoneOf(userId)
  const date = todayIn(timeZone)
  const { start, end } = dayBounds(date, timeZone)
  const [forecast, events, due] = await Promise.all([
    deps.weather.forecastFor(userId),
    deps.calendar.eventsBetween(userId, start, end),
    deps.memories.list(userId, {
      page: 1,
      pageSize: 100,
      startDate: date,
      endDate: addDays(date, DUE_DAYS),
    }),
  ])
  const offOrFailed = (reason: string) =>
    reason === 'disabled' || reason === 'not_configured' ? ('off' as const) : ('failed' as const)
  return {
    date,
    timeZone,
    weather: forecast.ok
      ? {
          status: 'ok',
          summary: forecast.summary,
          place: forecast.place.name,
          onVacation: forecast.onVacation,
          temperatureUnit: forecast.units.temperature,
          current: forecast.current && {
            temperature: forecast.current.temperature,
            description: forecast.current.description,
          },
          today: forecast.day && {
            description: forecast.day.description,
            temperatureMin: forecast.day.temperatureMin,
            temperatureMax: forecast.day.temperatureMax,
            precipitationProbability: forecast.day.precipitationProbability,
          },
        }
      : { status: offOrFailed(forecast.reason), message: forecast.message },
    events: events.ok
      ? {
          status: 'ok',
          items: events.events.map(({ title, start, end, allDay, location, calendar }) => ({
            title,
            start,
            end,
            allDay,
            location,
            calendar,
          })),
          errors: events.errors,
        }
      : { status: offOrFailed(events.reason), message: events.message },
    // Undated memories fall in the range by their creation day; only a date makes a memory due.
    memoriesDue: due.items.filter((m) => m.date !== null).sort(bySoonest),
  }
}

const bySoonest = (a: Memory, b: Memory) =>
  (a.date ?? '').localeCompare(b.date ?? '') || a.createdAt.localeCompare(b.createdAt)
