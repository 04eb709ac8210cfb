import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { chatMessages, conversations, memoryProposals } from '../../db/schema.ts'

export type ProposalRecord = typeof memoryProposals.$inferSelect
export type NewProposal = Pick<
  typeof memoryProposals.$inferInsert,
  'conversationId' | 'kind' | 'memoryId' | 'before' | 'text' | 'tags' | 'date' | 'status'
>

export function createProposalsRepo(db: Db) {
  const mine = (userId: string, id: string) =>
    and(eq(memoryProposals.id, id), eq(memoryProposals.userId, userId))

  return {
    async insert(userId: string, proposal: NewProposal): Promise<ProposalRecord> {
      const [row] = await db
        .insert(memoryProposals)
        .values({ ...proposal, userId, ...(proposal.status === 'applied' ? { resolvedAt: new Date() } : {}) })
        .returning()
      return row!
    },

    async get(userId: string, id: string): Promise<ProposalRecord | undefined> {
      const [row] = await db.select().from(memoryProposals).where(mine(userId, id))
      return row
    },

    /** Whether the conversation is this user's (a proposal is only made into one's own). */
    async ownsConversation(userId: string, conversationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
      return Boolean(row)
    },

    /** The proposals of the conversation's latest answer: made after its last message from the person. */
    async latest(userId: string, conversationId: string): Promise<ProposalRecord[]> {
      return db
        .select()
        .from(memoryProposals)
        .where(
          and(
            eq(memoryProposals.userId, userId),
            eq(memoryProposals.conversationId, conversationId),
            sql`not exists (select 1 from ${chatMessages} m where m.conversation_id = ${conversationId}
              and m.role = 'user' and m.created_at > ${memoryProposals.createdAt})`,
          ),
        )
        .orderBy(asc(memoryProposals.createdAt))
    },

    /** Whether the person sent a message in its conversation since it was proposed. */
    async lapsed(proposal: ProposalRecord): Promise<boolean> {
      if (!proposal.conversationId) return false
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, proposal.conversationId),
            eq(chatMessages.role, 'user'),
            gt(chatMessages.createdAt, proposal.createdAt),
          ),
        )
        .limit(1)
      return Boolean(row)
    },

    /** Takes a pending proposal (once: a second taker gets nothing). */
    async resolve(
      userId: string,
      id: string,
      status: 'applied' | 'kept',
    ): Promise<ProposalRecord | undefined> {
      const [row] = await db
        .update(memoryProposals)
        .set({ status, resolvedAt: new Date() })
        .where(and(mine(userId, id), eq(memoryProposals.status, 'pending')))
        .returning()
      return row
    },

    /** Gives a taken proposal back (applying it failed). */
    async reopen(userId: string, id: string) {
      await db.update(memoryProposals).set({ status: 'pending', resolvedAt: null }).where(mine(userId, id))
    },
  }
}
export type ProposalsRepo = ReturnType<typeof createProposalsRepo>
