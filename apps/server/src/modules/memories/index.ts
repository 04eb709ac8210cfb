import type { FastifyInstance } from 'fastify'
import type { ModuleOptions } from '../module-options.ts'
import { createMemoriesRepo } from './memories.repo.ts'
import { memoriesRoutes } from './memories.routes.ts'
import { createMemoriesService } from './memories.service.ts'

/** Memories API (issue 4): registered at /api/memories. */
export async function memoriesModule(app: FastifyInstance, opts: ModuleOptions) {
  const service = createMemoriesService(createMemoriesRepo(opts.db))
  await app.register(memoriesRoutes, { service })
}
