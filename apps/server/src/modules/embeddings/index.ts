import type { FastifyInstance } from 'fastify'
import { embeddingsRoutes } from './embeddings.routes.ts'
import type { Embeddings } from './embeddings.service.ts'

export { createEmbeddings, type Embeddings, type EmbeddingsOptions } from './embeddings.service.ts'

/** Semantic search's status: registered at /api/recall (GET /api/recall/status). */
export async function embeddingsModule(app: FastifyInstance, opts: { embeddings: Embeddings }) {
  await app.register(embeddingsRoutes, { embeddings: opts.embeddings })
}
