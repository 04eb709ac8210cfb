import {
  DataSource,
  DataSourceList,
  DataSourceParams,
  DataSourceTestResult,
  UpdateDataSourceBody,
} from '@remi/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../../plugins/auth.ts'
import type { DataSourcesService } from './datasources.service.ts'

export async function dataSourcesRoutes(app: FastifyInstance, opts: { service: DataSourcesService }) {
  const { service } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['datasources']

  r.get('/', { schema: { tags, response: { 200: DataSourceList } } }, async (request) =>
    service.list(requireUser(request)),
  )

  r.get(
    '/:type',
    { schema: { tags, params: DataSourceParams, response: { 200: DataSource } } },
    async (request) => service.get(requireUser(request), request.params.type),
  )

  r.put(
    '/:type',
    { schema: { tags, params: DataSourceParams, body: UpdateDataSourceBody, response: { 200: DataSource } } },
    async (request) => service.update(requireUser(request), request.params.type, request.body),
  )

  r.post(
    '/:type/test',
    {
      // Each test calls an outside service; keep one person from turning Remi into a request cannon.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params: DataSourceParams, response: { 200: DataSourceTestResult } },
    },
    async (request) => service.test(requireUser(request), request.params.type),
  )
}
