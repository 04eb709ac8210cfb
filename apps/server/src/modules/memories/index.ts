import type { FastifyInstance } from 'fastify'
import { memoriesRoutes } from './memories.routes.ts'
import type { MemoriesService } from './memories.service.ts'

/** Memories API: registered at /api/memories. */
export async function memoriesModule(app: FastifyInstance, opts: { memories: MemoriesService }) {
  await app.register(memoriesRoutes, { service: opts.memories })
}
