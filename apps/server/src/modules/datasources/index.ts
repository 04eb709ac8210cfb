import type { FastifyInstance } from 'fastify'
import type { ModuleOptions } from '../module-options.ts'

/** Data sources API (issue 5): registered at /api/datasources. */
export async function dataSourcesModule(_app: FastifyInstance, _opts: ModuleOptions) {}
