import type { FastifyInstance } from 'fastify'
import { createGoogleCalendar } from '../../integrations/calendar/google-calendar.ts'
import { createIcsFeed, type IcsFeed } from '../../integrations/calendar/ics-feed.ts'
import { createMicrosoftGraph } from '../../integrations/calendar/microsoft-graph.ts'
import type { AccountCalendarApi } from '../../integrations/calendar/types.ts'
import { createSafeFetch } from '../../integrations/safe-fetch.ts'
import { createOpenMeteo, type WeatherProvider } from '../../integrations/weather/open-meteo.ts'
import type { ModuleOptions } from '../module-options.ts'
import { createCalendarService } from './calendar.service.ts'
import { createDataSourcesRepo } from './datasources.repo.ts'
import { dataSourcesRoutes } from './datasources.routes.ts'
import { createDataSourcesService } from './datasources.service.ts'
import { createWeatherService } from './weather.service.ts'

export type { EventsResult } from './calendar.service.ts'
export type { ForecastResult } from './weather.service.ts'

export interface DataSourceIntegrations {
  weather: WeatherProvider
  google: AccountCalendarApi
  microsoft: AccountCalendarApi
  ics: IcsFeed
}

/**
 * The data-source services, for this module's routes and for the assistant and the briefing:
 * `calendar.eventsBetween(userId, from, to)` and `weather.forecastFor(userId, date)`.
 * Call `close()` when the app shuts down (it releases the ICS fetcher's connections).
 */
export function createDataSourceServices(
  opts: Pick<ModuleOptions, 'env' | 'db' | 'auth'>,
  overrides: Partial<DataSourceIntegrations> = {},
) {
  const { env } = opts
  const safeFetch = createSafeFetch({ allowPrivateNetwork: env.allowPrivateNetworkUrls })
  const integrations: DataSourceIntegrations = {
    weather: createOpenMeteo(env),
    google: createGoogleCalendar(env.googleCalendarApiUrl),
    microsoft: createMicrosoftGraph(env.microsoftGraphApiUrl),
    ics: createIcsFeed(safeFetch),
    ...overrides,
  }
  const repo = createDataSourcesRepo(opts.db)
  const weather = createWeatherService({ repo, provider: integrations.weather })
  const calendar = createCalendarService({ repo, auth: opts.auth, ...integrations })
  const dataSources = createDataSourcesService({ repo, weather, calendar })
  return { weather, calendar, dataSources, close: () => safeFetch.close() }
}
export type DataSourceServices = ReturnType<typeof createDataSourceServices>

/** Data sources API (issue 5): registered at /api/datasources. */
export async function dataSourcesModule(app: FastifyInstance, opts: ModuleOptions) {
  const services = createDataSourceServices(opts)
  app.addHook('onClose', services.close)
  await app.register(dataSourcesRoutes, { service: services.dataSources })
}
