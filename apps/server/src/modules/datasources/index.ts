import type { FastifyInstance } from 'fastify'
import { dataSourcesRoutes } from './datasources.routes.ts'
import type { DataSourcesService } from './datasources.service.ts'

export { createCalendarService, type CalendarService, type EventsResult } from './calendar.service.ts'
export { createDataSourcesRepo } from './datasources.repo.ts'
export { createDataSourcesService, type DataSourcesService } from './datasources.service.ts'
export {
  createWeatherService,
  WET_CHANCE,
  type ForecastResult,
  type WeatherService,
} from './weather.service.ts'

/** Data sources API: registered at /api/datasources. */
export async function dataSourcesModule(app: FastifyInstance, opts: { dataSources: DataSourcesService }) {
  await app.register(dataSourcesRoutes, { service: opts.dataSources })
}
