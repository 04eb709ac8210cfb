import {
  calendarDay,
  dataSourceTypes,
  vacationEndIso,
  vacationModeErrors,
  vacationStartIso,
  type CalendarConfiguration,
  type CalendarConfigurationInput,
  type DataSource,
  type DataSourceTestResult,
  type DataSourceType,
  type Place,
  type UpdateDataSource,
  type WeatherConfiguration,
  type WeatherConfigurationInput,
} from '@remi/shared'
import { httpUrl } from '../../integrations/calendar/ics-feed.ts'
import { badRequest } from '../../lib/errors.ts'
import type { CalendarService } from './calendar.service.ts'
import type { DataSourcesRepo } from './datasources.repo.ts'
import type { WeatherService } from './weather.service.ts'

/** What an update needs from outside services, found before the row is locked (they are HTTP calls). */
interface WeatherLookups {
  /** The place of the home location name given (null: the geocoder could not be reached). */
  home?: Place | null
  vacation?: Place | null
}
interface CalendarLookups {
  /** The display name of the calendar id given, when the client did not send one. */
  calendarName?: string | null
}

const unconfigured = (type: DataSourceType): DataSource => ({
  dataSourceType: type,
  isEnabled: false,
  configuration: {},
})

export function createDataSourcesService(deps: {
  repo: DataSourcesRepo
  weather: WeatherService
  calendar: CalendarService
}) {
  const { repo, weather, calendar } = deps

  /** Geocodes a name; null (resolve later) when the geocoder is unreachable; 400 when it knows no such place. */
  async function place(name: string) {
    const found = await weather.geocode(name)
    if (found === 'not_found') throw badRequest(`Could not find location '${name}'`)
    return found
  }

  /**
   * Geocodes the names the input brings, as the configuration last read (`seen`) requires; a place
   * already stored for the same name is reused. The merge then runs on the locked row, which may
   * have changed meanwhile: it finds a place for every name it is given here.
   */
  async function weatherLookups(
    input: WeatherConfigurationInput,
    seen: WeatherConfiguration,
  ): Promise<WeatherLookups> {
    const lookups: WeatherLookups = {}
    if (input.locationName !== undefined) {
      const name = input.locationName?.trim() || null
      if (name) lookups.home = name === seen.locationName && seen.location ? seen.location : await place(name)
    }
    if (input.vacationMode !== undefined) {
      const v = input.vacationMode
      const errors = vacationModeErrors(v)
      if (errors.length) throw badRequest(errors.join('; '))
      const name = v?.locationName?.trim() || null
      const previous = seen.vacationMode
      if (v && name) {
        if (name === previous?.locationName && previous.location) lookups.vacation = previous.location
        else if (v.isEnabled) lookups.vacation = await place(name)
      }
    }
    return lookups
  }

  /** No I/O: runs while the row is locked. */
  function mergeWeather(
    current: WeatherConfiguration,
    input: WeatherConfigurationInput,
    lookups: WeatherLookups,
  ): WeatherConfiguration {
    const next: WeatherConfiguration = { ...current }
    if (input.locationName !== undefined) {
      const name = input.locationName?.trim() || null
      if (name !== (current.locationName ?? null) || (name && !current.location)) {
        next.locationName = name
        next.location = name ? (lookups.home ?? null) : null
      }
    }
    if (input.vacationMode !== undefined) {
      const v = input.vacationMode
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
                ? (lookups.vacation ?? null)
                : null,
        }
      }
    }
    return next
  }

  async function calendarLookups(
    userId: string,
    input: CalendarConfigurationInput,
    seen: CalendarConfiguration,
  ): Promise<CalendarLookups> {
    const id = input.calendarId || null
    if (!id || input.calendarName !== undefined) return {}
    return {
      calendarName:
        id === seen.calendarId ? (seen.calendarName ?? null) : await calendar.calendarName(userId, id),
    }
  }

  /** No I/O: runs while the row is locked. */
  function mergeCalendar(
    current: CalendarConfiguration,
    input: CalendarConfigurationInput,
    lookups: CalendarLookups,
  ): CalendarConfiguration {
    const next: CalendarConfiguration = { ...current }
    if (input.icsUrl !== undefined) next.icsUrl = input.icsUrl ? httpUrl(input.icsUrl) : null
    if (input.calendarId !== undefined) {
      next.calendarId = input.calendarId || null
      if (input.calendarName === undefined && next.calendarId !== current.calendarId) {
        next.calendarName = next.calendarId ? (lookups.calendarName ?? null) : null
      }
    }
    if (input.calendarName !== undefined) next.calendarName = input.calendarName || null
    return next
  }

  return {
    /** Both types, always; a type never configured is disabled with an empty configuration. */
    async list(userId: string): Promise<DataSource[]> {
      const rows = await repo.list(userId)
      return dataSourceTypes.map((type) => rows.find((r) => r.dataSourceType === type) ?? unconfigured(type))
    },

    async get(userId: string, type: DataSourceType): Promise<DataSource> {
      if (type === 'weather') return (await repo.weather.find(userId)) ?? unconfigured(type)
      const source = (await repo.calendar.find(userId)) ?? unconfigured(type)
      return { ...source, availableOptions: await calendar.availableOptions(userId) }
    },

    /**
     * Merges the configuration fields the body names into the stored ones. Outside services are
     * asked first; the read, merge and write then happen in one transaction on the locked row.
     */
    async update(userId: string, body: UpdateDataSource): Promise<DataSource> {
      if (body.dataSourceType === 'weather') {
        const input = body.configuration
        const seen = input ? (await repo.weather.find(userId))?.configuration : undefined
        const lookups = input ? await weatherLookups(input, seen ?? {}) : {}
        return repo.weather.update(userId, (current) => ({
          dataSourceType: 'weather',
          isEnabled: body.isEnabled ?? current?.isEnabled ?? false,
          configuration: input
            ? mergeWeather(current?.configuration ?? {}, input, lookups)
            : (current?.configuration ?? {}),
        }))
      }
      const input = body.configuration
      const seen = input ? (await repo.calendar.find(userId))?.configuration : undefined
      const lookups = input ? await calendarLookups(userId, input, seen ?? {}) : {}
      return repo.calendar.update(userId, (current) => ({
        dataSourceType: 'calendar',
        isEnabled: body.isEnabled ?? current?.isEnabled ?? false,
        configuration: input
          ? mergeCalendar(current?.configuration ?? {}, input, lookups)
          : (current?.configuration ?? {}),
      }))
    },

    /** Really calls the provider with the stored configuration and says in one line how it went. */
    async test(userId: string, type: DataSourceType): Promise<DataSourceTestResult> {
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
      const source = await repo.calendar.find(userId)
      const result = await calendar.eventsToday(userId, source?.configuration ?? {})
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
