import type { FastifyInstance } from 'fastify'
import { dataSourcesRoutes } from './datasources.routes.ts'
import type { DataSourcesService } from './datasources.service.ts'

export type { EventsResult } from './calendar.service.ts'
export type { ForecastResult } from './weather.service.ts'
export { WET_CHANCE } from './weather.service.ts'

/** Data sources API: registered at /api/datasources. */
export async function dataSourcesModule(app: FastifyInstance, opts: { dataSources: DataSourcesService }) {
  await app.register(dataSourcesRoutes, { service: opts.dataSources })
}
