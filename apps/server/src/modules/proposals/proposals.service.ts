import {
  PROPOSAL_LAPSED,
  PROPOSAL_USED,
  type AppliedProposal,
  type Memory,
  type MemoryProposal,
} from '@remi/shared'
import { conflict, notFound } from '../../lib/errors.ts'
import type { MemoriesService } from '../memories/index.ts'
import type { NewProposal, ProposalRecord, ProposalsRepo } from './proposals.repo.ts'

/** Changes proposed in a chat are the assistant's, whoever pressed Apply ("Changed by Remi from a chat"). */
const FROM_CHAT: NonNullable<Parameters<MemoriesService['create']>[2]> = { by: 'assistant' }

export function toProposal(row: ProposalRecord): MemoryProposal {
  return {
    id: row.id,
    kind: row.kind,
    memoryId: row.memoryId,
    conversationId: row.conversationId,
    before: row.before,
    text: row.text,
    tags: row.tags ?? [],
    date: row.date,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }
}

export type ProposalInput = Omit<NewProposal, 'status' | 'conversationId'> & {
  conversationId?: string | null | undefined
}

/**
 * The assistant's proposed changes to memories: stored here, shown under the answer, and applied or kept
 * by the person, once. A proposal lapses when the next message of its conversation is sent.
 */
export function createProposalsService(deps: {
  repo: ProposalsRepo
  memories: Pick<MemoriesService, 'create' | 'update' | 'remove' | 'get'>
}) {
  const { repo, memories } = deps

  async function mustGet(userId: string, id: string) {
    const row = await repo.get(userId, id)
    if (!row) throw notFound('Proposal')
    return row
  }

  async function take(userId: string, id: string, status: 'applied' | 'kept') {
    const row = await mustGet(userId, id)
    if (row.status !== 'pending') throw conflict(PROPOSAL_USED)
    if (await repo.lapsed(row)) throw conflict(PROPOSAL_LAPSED)
    const taken = await repo.resolve(userId, id, status)
    if (!taken) throw conflict(PROPOSAL_USED)
    return taken
  }

  return {
    /** Stores a proposal (pending), for the chat to show with Apply and Keep. */
    async propose(userId: string, input: ProposalInput): Promise<MemoryProposal> {
      const conversationId =
        input.conversationId && (await repo.ownsConversation(userId, input.conversationId))
          ? input.conversationId
          : null
      return toProposal(await repo.insert(userId, { ...input, conversationId, status: 'pending' }))
    },

    /** A fact saved at once (auto-save on): kept as an applied proposal, so the reply shows it with Undo. */
    async saveNow(
      userId: string,
      input: {
        conversationId?: string | null | undefined
        text: string
        tags: string[]
        date: string | null
      },
    ): Promise<{ proposal: MemoryProposal; memory: Memory }> {
      const memory = await memories.create(
        userId,
        { text: input.text, tags: input.tags, date: input.date },
        FROM_CHAT,
      )
      const conversationId =
        input.conversationId && (await repo.ownsConversation(userId, input.conversationId))
          ? input.conversationId
          : null
      const row = await repo.insert(userId, {
        conversationId,
        kind: 'create',
        memoryId: memory.id,
        before: null,
        text: memory.text,
        tags: memory.tags,
        date: memory.date,
        status: 'applied',
      })
      return { proposal: toProposal(row), memory }
    },

    /** The proposals of the conversation's latest answer (an earlier answer's have lapsed). */
    async latest(userId: string, conversationId: string): Promise<MemoryProposal[]> {
      return (await repo.latest(userId, conversationId)).map(toProposal)
    },

    /** Applies it: saves, changes or deletes the memory. 409 when already used or lapsed. */
    async apply(userId: string, id: string): Promise<AppliedProposal> {
      const row = await take(userId, id, 'applied')
      try {
        let memory: Memory | null = null
        if (row.kind === 'create') {
          memory = await memories.create(
            userId,
            { text: row.text ?? '', tags: row.tags ?? [], date: row.date },
            FROM_CHAT,
          )
        } else if (row.kind === 'update') {
          memory = await memories.update(
            userId,
            row.memoryId!,
            { text: row.text ?? '', ...(row.tags ? { tags: row.tags } : {}) },
            FROM_CHAT,
          )
        } else {
          await memories.remove(userId, row.memoryId!, FROM_CHAT)
        }
        const proposal = toProposal(row)
        return {
          proposal,
          memory: memory && { id: memory.id, text: memory.text, tags: memory.tags, date: memory.date },
        }
      } catch (error) {
        await repo.reopen(userId, id)
        throw error
      }
    },

    /** Keeps things as they are. 409 when already used or lapsed. */
    async keep(userId: string, id: string): Promise<MemoryProposal> {
      return toProposal(await take(userId, id, 'kept'))
    },
  }
}
export type ProposalsService = ReturnType<typeof createProposalsService>
