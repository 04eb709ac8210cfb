import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SemanticSearchStatus } from '@remi/shared'
import { requireUser } from '../../plugins/auth.ts'
import type { Embeddings } from './embeddings.service.ts'

/** GET /api/recall/status: whether semantic search is on, and how many of the user's memories it covers. */
export async function embeddingsRoutes(app: FastifyInstance, opts: { embeddings: Embeddings }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/status',
    { schema: { tags: ['recall'], response: { 200: SemanticSearchStatus } } },
    async (request) => opts.embeddings.status(requireUser(request)),
  )
}
