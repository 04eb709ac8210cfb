import {
  CalendarConfigurationInput,
  calendarDay,
  dataSourceTypes,
  vacationEndIso,
  vacationModeErrors,
  vacationStartIso,
  WeatherConfigurationInput,
  type CalendarConfiguration,
  type DataSource,
  type DataSourceTestResult,
  type DataSourceType,
  type UpdateDataSourceBody,
  type WeatherConfiguration,
} from '@remi/shared'
import type { z } from 'zod'
import { httpUrl } from '../../integrations/calendar/ics-feed.ts'
import { badRequest, notFound } from '../../lib/errors.ts'
import type { CalendarService } from './calendar.service.ts'
import type { DataSourcesRepo, StoredDataSource } from './datasources.repo.ts'
import type { WeatherService } from './weather.service.ts'

export function createDataSourcesService(deps: {
  repo: DataSourcesRepo
  weather: WeatherService
  calendar: CalendarService
}) {
  const { repo, weather, calendar } = deps

  function knownType(type: string): DataSourceType {
    if (!(dataSourceTypes as readonly string[]).includes(type))
      throw notFound(`Data source '${type.slice(0, 50)}'`)
    return type as DataSourceType
  }

  async function stored(userId: string, type: DataSourceType): Promise<StoredDataSource> {
    return (await repo.find(userId, type)) ?? { type, isEnabled: false, configuration: {} }
  }

  const present = (s: StoredDataSource): DataSource => ({
    dataSourceType: s.type,
    isEnabled: s.isEnabled,
    configuration: s.configuration,
  })

  /** Geocodes a name; null (resolve later) when the geocoder is unreachable; 400 when it knows no such place. */
  async function place(name: string) {
    const found = await weather.geocode(name)
    if (found === 'not_found') throw badRequest(`Could not find location '${name}'`)
    return found
  }

  async function mergeWeather(
    current: WeatherConfiguration,
    input: z.infer<typeof WeatherConfigurationInput>,
  ) {
    const next: WeatherConfiguration = { ...current }
    if (input.locationName !== undefined) {
      const name = input.locationName?.trim() || null
      if (name !== (current.locationName ?? null) || (name && !current.location)) {
        next.locationName = name
        next.location = name ? await place(name) : null
      }
    }
    if (input.vacationMode !== undefined) {
      const v = input.vacationMode
      const errors = vacationModeErrors(v)
      if (errors.length) throw badRequest(errors.join('; '))
      if (!v) next.vacationMode = null
      else {
        const name = v.locationName?.trim() || null
        const start = calendarDay(v.startDate)
        const end = calendarDay(v.endDate)
        const previous = current.vacationMode
        const sameName = name === (previous?.locationName ?? null)
        next.vacationMode = {
          isEnabled: v.isEnabled,
          locationName: name,
          startDate: start ? vacationStartIso(start) : null,
          endDate: end ? vacationEndIso(end) : null,
          location:
            sameName && previous?.location
              ? previous.location
              : v.isEnabled && name
                ? await place(name)
                : null,
        }
      }
    }
    return next
  }

  async function mergeCalendar(
    userId: string,
    current: CalendarConfiguration,
    input: z.infer<typeof CalendarConfigurationInput>,
  ) {
    const next: CalendarConfiguration = { ...current }
    if (input.icsUrl !== undefined) next.icsUrl = input.icsUrl ? httpUrl(input.icsUrl) : null
    if (input.calendarId !== undefined) {
      next.calendarId = input.calendarId || null
      if (input.calendarName === undefined && next.calendarId !== current.calendarId) {
        next.calendarName = next.calendarId ? await calendar.calendarName(userId, next.calendarId) : null
      }
    }
    if (input.calendarName !== undefined) next.calendarName = input.calendarName || null
    return next
  }

  return {
    /** Both types, always; a type never configured is disabled with an empty configuration. */
    async list(userId: string): Promise<DataSource[]> {
      const rows = await repo.list(userId)
      return dataSourceTypes.map((type) =>
        present(rows.find((r) => r.type === type) ?? { type, isEnabled: false, configuration: {} }),
      )
    },

    async get(userId: string, typeName: string): Promise<DataSource> {
      const type = knownType(typeName)
      const source = present(await stored(userId, type))
      if (type === 'calendar') source.availableOptions = await calendar.availableOptions(userId)
      return source
    },

    async update(userId: string, typeName: string, body: UpdateDataSourceBody): Promise<DataSource> {
      const type = knownType(typeName)
      if (body.dataSourceType !== undefined && body.dataSourceType !== type) {
        throw badRequest(
          `dataSourceType '${body.dataSourceType.slice(0, 50)}' does not match the address (${type}).`,
        )
      }
      const current = await stored(userId, type)
      let configuration = current.configuration
      if (body.configuration) {
        configuration = {
          ...(type === 'weather'
            ? await mergeWeather(current.configuration, parse(WeatherConfigurationInput, body.configuration))
            : await mergeCalendar(
                userId,
                current.configuration,
                parse(CalendarConfigurationInput, body.configuration),
              )),
        }
      }
      const saved = await repo.save(userId, {
        type,
        isEnabled: body.isEnabled ?? current.isEnabled,
        configuration,
      })
      return present(saved)
    },

    /** Really calls the provider with the stored configuration and says in one line how it went. */
    async test(userId: string, typeName: string): Promise<DataSourceTestResult> {
      const type = knownType(typeName)
      if (type === 'weather') {
        const result = await weather.forecastFor(userId, undefined, { evenIfDisabled: true })
        if (!result.ok) return { success: false, message: result.message }
        return {
          success: true,
          message: result.summary,
          details: {
            place: result.place,
            onVacation: result.onVacation,
            current: result.current,
            today: result.day,
          },
        }
      }
      const source = await stored(userId, 'calendar')
      const result = await calendar.eventsToday(userId, source.configuration as CalendarConfiguration)
      if (!result.ok) return { success: false, message: result.message }
      const count = result.events.length
      const where = result.calendars.join(' and ')
      const message = `${count === 0 ? 'No' : count} event${count === 1 ? '' : 's'} today in ${where}`
      return {
        success: true,
        message: result.errors.length ? `${message}. ${result.errors.join(' ')}` : message,
        details: { events: result.events.slice(0, 20), calendars: result.calendars },
      }
    },
  }
}
export type DataSourcesService = ReturnType<typeof createDataSourcesService>

/** Validates a configuration against its type's schema; the 400 names the first problem. */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const path = issue.path.join('.')
  throw badRequest(path ? `configuration.${path}: ${issue.message}` : `configuration: ${issue.message}`)
}
