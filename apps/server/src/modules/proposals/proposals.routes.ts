import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AppliedProposal,
  MemoryProposal,
  MemoryProposalList,
  MemoryProposalParams,
  MemoryProposalsQuery,
} from '@remi/shared'
import { readerOf, requireUser } from '../../plugins/auth.ts'
import type { ProposalsService } from './proposals.service.ts'

/** /api/proposals: the changes to memories the assistant proposed in a chat, applied or kept by the person. */
export async function proposalsRoutes(app: FastifyInstance, opts: { proposals: ProposalsService }) {
  const { proposals } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['memories']

  r.get(
    '/',
    {
      schema: {
        tags,
        querystring: MemoryProposalsQuery,
        response: { 200: MemoryProposalList },
        description:
          "The proposals under the conversation's latest answer. `extracting`: the model is still picking " +
          'out facts worth keeping from the last message (a few seconds); ask again shortly for their chips.',
      },
    },
    async (request) => proposals.list(requireUser(request), request.query.conversationId, readerOf(request)),
  )

  r.post(
    '/:id/apply',
    { schema: { tags, params: MemoryProposalParams, response: { 200: AppliedProposal } } },
    async (request) => proposals.apply(requireUser(request), request.params.id, readerOf(request)),
  )

  r.post(
    '/:id/undo',
    {
      schema: {
        tags,
        params: MemoryProposalParams,
        response: { 200: MemoryProposal },
        description: 'Takes an applied change back (the memory as it was before); once.',
      },
    },
    async (request) => proposals.undo(requireUser(request), request.params.id, readerOf(request)),
  )

  r.post(
    '/:id/keep',
    { schema: { tags, params: MemoryProposalParams, response: { 200: MemoryProposal } } },
    async (request) => proposals.keep(requireUser(request), request.params.id, readerOf(request)),
  )
}
