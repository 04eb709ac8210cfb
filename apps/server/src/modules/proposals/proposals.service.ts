import {
  PROPOSAL_LAPSED,
  PROPOSAL_CHANGED_SINCE,
  PROPOSAL_NOT_UNDOABLE,
  PROPOSAL_STALE,
  PROPOSAL_USED,
  type AppliedProposal,
  type ChatPreferences,
  type UpdateChatPreferences,
  type Memory,
  type MemoryChange,
  type MemoryProposal,
  type MemoryProposalList,
} from '@remi/shared'
import { conflict, notFound } from '../../lib/errors.ts'
import type { MemoriesService } from '../memories/index.ts'
import { PROPOSALS_PER_ANSWER_MS } from './extract.ts'
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
    extracted: row.extracted,
    createdAt: row.createdAt.toISOString(),
  }
}

export type ProposalInput = Omit<NewProposal, 'status' | 'conversationId'> & {
  conversationId?: string | null | undefined
}

/** A fact saved or changed at once (auto-save on): shown under the answer as done, with Undo. */
export type SaveNowInput = {
  conversationId?: string | null | undefined
  text: string
  tags: string[]
  date: string | null
  /** Picked out of the person's message by the model (a chip). */
  extracted?: boolean | undefined
  /** The answer's time, so it is shown under that answer and lapses with it. */
  createdAt?: Date | undefined
}

/**
 * The assistant's proposed changes to memories: stored here, shown under the answer, and applied or kept
 * by the person, once. A proposal lapses when the next message of its conversation is sent.
 */
export function createProposalsService(deps: {
  repo: ProposalsRepo
  memories: Pick<MemoriesService, 'create' | 'update' | 'remove' | 'get' | 'undo' | 'changes' | 'byIds'>
  /**
   * How long an answer's facts may be still coming: past it, an answer left marked (its process stopped)
   * no longer says "extracting". The fact keeper's time limit and a margin.
   */
  extractingForMs?: number | undefined
}) {
  const { repo, memories } = deps
  const extractingForMs = deps.extractingForMs ?? 60_000

  const ownConversation = async (userId: string, conversationId: string | null | undefined) =>
    conversationId && (await repo.ownsConversation(userId, conversationId)) ? conversationId : null

  async function mustGet(userId: string, id: string) {
    const row = await repo.get(userId, id)
    if (!row) throw notFound('Proposal')
    return row
  }

  /** An access token acts on no proposal about a memory it cannot see (private now): "not found". */
  async function mustSeeItsMemory(userId: string, id: string, reader: { hidePrivate?: boolean }) {
    if (!reader.hidePrivate) return
    const row = await mustGet(userId, id)
    if (!row.memoryId) return
    const [memory] = await memories.byIds(userId, [row.memoryId])
    if (memory?.private) throw notFound('Proposal')
  }

  async function take(userId: string, id: string, status: 'applied' | 'kept') {
    const row = await mustGet(userId, id)
    if (row.status === 'lapsed') throw conflict(PROPOSAL_LAPSED)
    if (row.status !== 'pending') throw conflict(PROPOSAL_USED)
    if (await repo.lapsed(row)) throw conflict(PROPOSAL_LAPSED)
    const taken = await repo.resolve(userId, id, status)
    if (!taken) throw conflict(PROPOSAL_USED)
    return taken
  }

  /**
   * Whether the memory's last change is the one this applied proposal made: by the assistant, of its
   * kind, and (saved or changed) the memory still reads what it wrote.
   */
  async function lastChangeIs(userId: string, row: ProposalRecord): Promise<boolean> {
    const action = row.kind === 'create' ? 'created' : row.kind === 'update' ? 'updated' : 'deleted'
    const ours = (change: MemoryChange | null | undefined) =>
      change?.by === 'assistant' && change.action === action
    // A deleted memory has only its changes; one still there comes with its last change.
    if (row.kind === 'delete') {
      const [last] = await memories.changes(userId, row.memoryId!).catch(() => [])
      return ours(last)
    }
    const now = await memories.get(userId, row.memoryId!).catch(() => null)
    return now !== null && ours(now.lastChange) && now.text === row.text
  }

  return {
    /** Stores a proposal (pending), for the chat to show with Apply and Keep. */
    async propose(userId: string, input: ProposalInput): Promise<MemoryProposal> {
      const conversationId = await ownConversation(userId, input.conversationId)
      return toProposal(await repo.insert(userId, { ...input, conversationId, status: 'pending' }))
    },

    /** A fact saved at once (auto-save on): kept as an applied proposal, so the reply shows it with Undo. */
    async saveNow(
      userId: string,
      input: SaveNowInput,
    ): Promise<{ proposal: MemoryProposal; memory: Memory }> {
      const memory = await memories.create(
        userId,
        { text: input.text, tags: input.tags, date: input.date },
        FROM_CHAT,
      )
      const row = await repo.insert(userId, {
        conversationId: await ownConversation(userId, input.conversationId),
        kind: 'create',
        memoryId: memory.id,
        before: null,
        text: memory.text,
        tags: memory.tags,
        date: memory.date,
        status: 'applied',
        extracted: input.extracted ?? false,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      return { proposal: toProposal(row), memory }
    },

    /**
     * A memory's text changed at once (auto-save on, a fact that says something new about it): kept as an
     * applied proposal, so the reply shows it with Undo (the memory's previous version comes back).
     */
    async changeNow(
      userId: string,
      input: Omit<SaveNowInput, 'tags' | 'date'> & { memoryId: string },
    ): Promise<{ proposal: MemoryProposal; memory: Memory }> {
      const before = await memories.get(userId, input.memoryId)
      const memory = await memories.update(userId, input.memoryId, { text: input.text }, FROM_CHAT)
      const row = await repo.insert(userId, {
        conversationId: await ownConversation(userId, input.conversationId),
        kind: 'update',
        memoryId: memory.id,
        before: before.text,
        text: memory.text,
        tags: null,
        date: memory.date,
        status: 'applied',
        extracted: input.extracted ?? false,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      return { proposal: toProposal(row), memory }
    },

    /** The proposals of the conversation's latest answer (an earlier answer's have lapsed). */
    async latest(userId: string, conversationId: string): Promise<MemoryProposal[]> {
      return (await repo.latest(userId, conversationId)).map(toProposal)
    },

    /**
     * GET /api/proposals: the latest answer's proposals, and whether more are still being picked out.
     * `hidePrivate` (an access token): none about a memory that is private now (its text is in them).
     */
    async list(
      userId: string,
      conversationId: string,
      reader: { hidePrivate?: boolean } = {},
    ): Promise<MemoryProposalList> {
      // In this order, not side by side: the facts are stored before the answer is marked done, so a
      // list read after "done" holds them all. Read together (two connections on PostgreSQL), the list
      // could be read before the facts were stored and the mark after: no chips, and nothing more to come.
      const extracting = await repo.extracting(userId, conversationId, new Date(Date.now() - extractingForMs))
      let rows = await repo.latest(userId, conversationId)
      const ids = rows.flatMap((row) => (row.memoryId ? [row.memoryId] : []))
      if (reader.hidePrivate && ids.length > 0) {
        const hidden = new Set((await memories.byIds(userId, ids)).filter((m) => m.private).map((m) => m.id))
        rows = rows.filter((row) => !row.memoryId || !hidden.has(row.memoryId))
      }
      return { proposals: rows.map(toProposal), extracting }
    },

    /** The pending proposals of the conversation's latest answer (about to be regenerated). */
    async pendingIds(userId: string, conversationId: string): Promise<string[]> {
      return (await repo.latest(userId, conversationId))
        .filter((p) => p.status === 'pending')
        .map((p) => p.id)
    },

    /** A regenerated answer's proposals lapse: those pending under it, and those picked out of it later. */
    lapse: (userId: string, conversationId: string, ids: string[], answerCreatedAt: Date | null) =>
      repo.lapse(
        userId,
        conversationId,
        ids,
        answerCreatedAt && { createdAt: answerCreatedAt, withinMs: PROPOSALS_PER_ANSWER_MS },
      ),

    /** Whether the answer is still there (facts picked out of a replaced answer are dropped). */
    answerExists: (userId: string, answerId: string) => repo.answerExists(userId, answerId),

    /** Settings → Chat. */
    preferences: (userId: string): Promise<ChatPreferences> => repo.chatPreferences(userId),

    async setPreferences(userId: string, changes: UpdateChatPreferences): Promise<ChatPreferences> {
      const preferences = await repo.setChatPreferences(userId, changes)
      if (!preferences) throw notFound('User')
      return preferences
    },

    /** Applies it: saves, changes or deletes the memory. 409 when already used or lapsed. */
    async apply(
      userId: string,
      id: string,
      reader: { hidePrivate?: boolean } = {},
    ): Promise<AppliedProposal> {
      await mustSeeItsMemory(userId, id, reader)
      const row = await take(userId, id, 'applied')
      try {
        let memory: Memory | null = null
        let applied = row
        if (row.kind === 'create') {
          memory = await memories.create(
            userId,
            { text: row.text ?? '', tags: row.tags ?? [], date: row.date },
            FROM_CHAT,
          )
          // The memory it made, so its chip offers Undo as an auto-saved one does.
          applied = (await repo.linkMemory(userId, id, memory.id)) ?? row
        } else {
          // Proposed against the text it quoted: changed since (an edit, another chat's change), it is
          // left alone rather than overwritten. A proposal changes the text only (tags edited since stay).
          const current = await memories.get(userId, row.memoryId!)
          if (current.text !== row.before) throw conflict(PROPOSAL_STALE)
          if (row.kind === 'update') {
            memory = await memories.update(userId, row.memoryId!, { text: row.text ?? '' }, FROM_CHAT)
          } else {
            await memories.remove(userId, row.memoryId!, FROM_CHAT)
          }
        }
        const proposal = toProposal(applied)
        return {
          proposal,
          memory: memory && { id: memory.id, text: memory.text, tags: memory.tags, date: memory.date },
        }
      } catch (error) {
        await repo.reopen(userId, id)
        throw error
      }
    },

    /**
     * Takes an applied change back (a saved fact's Undo): the memory as it was before, through its
     * versions. Once: the proposal says undone from then on, so a reloaded page offers no second Undo.
     * 409 when it was not applied, already undone, or made no memory to go back on.
     */
    async undo(userId: string, id: string, reader: { hidePrivate?: boolean } = {}): Promise<MemoryProposal> {
      await mustSeeItsMemory(userId, id, reader)
      const row = await mustGet(userId, id)
      if (row.status !== 'applied' || !row.memoryId) throw conflict(PROPOSAL_NOT_UNDOABLE)
      // The memory's undo takes back its last change, whoever made it: only when that is still this one.
      if (!(await lastChangeIs(userId, row))) throw conflict(PROPOSAL_CHANGED_SINCE)
      const taken = await repo.undone(userId, id)
      if (!taken) throw conflict(PROPOSAL_NOT_UNDOABLE)
      try {
        await memories.undo(userId, row.memoryId)
      } catch (error) {
        await repo.reapply(userId, id)
        throw error
      }
      return toProposal(taken)
    },

    /** Keeps things as they are. 409 when already used or lapsed. */
    async keep(userId: string, id: string, reader: { hidePrivate?: boolean } = {}): Promise<MemoryProposal> {
      await mustSeeItsMemory(userId, id, reader)
      return toProposal(await take(userId, id, 'kept'))
    },
  }
}
export type ProposalsService = ReturnType<typeof createProposalsService>
