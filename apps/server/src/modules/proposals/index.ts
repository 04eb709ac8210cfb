import type { FastifyInstance } from 'fastify'
import { proposalsRoutes } from './proposals.routes.ts'
import type { ProposalsService } from './proposals.service.ts'

export { createProposalsRepo } from './proposals.repo.ts'
export { createProposalsService, type ProposalsService } from './proposals.service.ts'
/** Keeping what was said: the facts a model picks out of each exchange (chips under the answer). */
export {
  createFactKeeper,
  FACTS_INSTRUCTIONS,
  FACTS_TIMEOUT_MS,
  type FactKeeper,
  type KeptExchange,
} from './extract.ts'

/** Proposed changes to memories: registered at /api/proposals. */
export async function proposalsModule(app: FastifyInstance, opts: { proposals: ProposalsService }) {
  await app.register(proposalsRoutes, { proposals: opts.proposals })
}
