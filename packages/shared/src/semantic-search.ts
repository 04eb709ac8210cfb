import { z } from 'zod'

/**
 * Semantic search as Settings shows it: `off` (no embedding model configured), `unavailable` (a model,
 * but no pgvector in the database, or still starting: `reason` says which), `on` with how many of the
 * user's memories have their vector of the current model (`ready` of `total`). Recall is lexical only
 * unless it is `on`, and for the memories not yet ready.
 */
export const SemanticSearchStatus = z.object({
  state: z.enum(['off', 'unavailable', 'on']),
  reason: z.string().nullable(),
  model: z.string().nullable(),
  ready: z.number().int().min(0),
  total: z.number().int().min(0),
})
export type SemanticSearchStatus = z.infer<typeof SemanticSearchStatus>
