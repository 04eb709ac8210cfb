import {
  DataSource,
  DataSourceList,
  DataSourceParams,
  DataSourceTestResult,
  dataSourceTypes,
  UpdateDataSource,
  UpdateDataSourceBody,
  type DataSourceType,
} from '@remi/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { badRequest, notFound } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import type { DataSourcesService } from './datasources.service.ts'

/** The type the address names; any other name is a 404 (DESIGN §5), however long. */
function knownType(name: string): DataSourceType {
  const type = dataSourceTypes.find((t) => t === name)
  if (!type) throw notFound(`Data source '${name.slice(0, 50)}'`)
  return type
}

/**
 * The PUT body checked against the configuration schema of the type in the address (the body may
 * leave dataSourceType out, but may not name another type); the 400 names the first problem.
 */
function updateFor(type: DataSourceType, body: UpdateDataSourceBody): UpdateDataSource {
  if (body.dataSourceType !== undefined && body.dataSourceType !== type) {
    throw badRequest(
      `dataSourceType '${body.dataSourceType.slice(0, 50)}' does not match the address (${type}).`,
    )
  }
  const result = UpdateDataSource.safeParse({ ...body, dataSourceType: type })
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const path = issue.path.join('.')
  throw badRequest(path ? `${path}: ${issue.message}` : `configuration: ${issue.message}`)
}

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
    async (request) => service.get(requireUser(request), knownType(request.params.type)),
  )

  r.put(
    '/:type',
    { schema: { tags, params: DataSourceParams, body: UpdateDataSourceBody, response: { 200: DataSource } } },
    async (request) => {
      const userId = requireUser(request)
      return service.update(userId, updateFor(knownType(request.params.type), request.body))
    },
  )

  r.post(
    '/:type/test',
    {
      // Each test calls an outside service; keep one person from turning Remi into a request cannon.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params: DataSourceParams, response: { 200: DataSourceTestResult } },
    },
    async (request) => service.test(requireUser(request), knownType(request.params.type)),
  )
}
