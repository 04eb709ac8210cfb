import { and, asc, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm'
import type { ChatPreferences } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { chatMessages, conversations, memoryProposals, users } from '../../db/schema.ts'

export type ProposalRecord = typeof memoryProposals.$inferSelect
export type NewProposal = Pick<
  typeof memoryProposals.$inferInsert,
  | 'conversationId'
  | 'kind'
  | 'memoryId'
  | 'before'
  | 'text'
  | 'tags'
  | 'date'
  | 'status'
  | 'extracted'
  | 'createdAt'
>

/** Proposals still shown: not lapsed by a regenerated answer. */
const notLapsed = ne(memoryProposals.status, 'lapsed')

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
            notLapsed,
            sql`not exists (select 1 from ${chatMessages} m where m.conversation_id = ${conversationId}
              and m.role = 'user' and m.created_at > ${memoryProposals.createdAt})`,
          ),
        )
        .orderBy(asc(memoryProposals.createdAt))
    },

    /**
     * Whether the model is still picking out the facts of the conversation's latest answer: the chat
     * marks the answer's metadata (facts: 'pending') until it is done. One marked before `since` is
     * taken as done (the process that ran it stopped).
     */
    async extracting(userId: string, conversationId: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            eq(chatMessages.userId, userId),
            eq(chatMessages.role, 'assistant'),
            gt(chatMessages.createdAt, since),
            sql`${chatMessages.metadata} ->> 'facts' = 'pending'`,
            sql`not exists (select 1 from ${chatMessages} m where m.conversation_id = ${conversationId}
              and m.role = 'user' and m.created_at > ${chatMessages.createdAt})`,
          ),
        )
        .limit(1)
      return Boolean(row)
    },

    /** Whether the answer is still there (not replaced by a regenerated one, nor cleared). */
    async answerExists(userId: string, answerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, answerId), eq(chatMessages.userId, userId)))
      return Boolean(row)
    },

    /**
     * The answer's proposals lapse (it was regenerated): these pending ones, and those picked out of it
     * after it was stored (made with its time, a few milliseconds apart: `withinMs`).
     */
    async lapse(
      userId: string,
      conversationId: string,
      ids: string[],
      answer: { createdAt: Date; withinMs: number } | null,
    ) {
      const of = [
        ...(ids.length > 0 ? [inArray(memoryProposals.id, ids)] : []),
        ...(answer
          ? [
              and(
                gte(memoryProposals.createdAt, answer.createdAt),
                lt(memoryProposals.createdAt, new Date(answer.createdAt.getTime() + answer.withinMs)),
              ),
            ]
          : []),
      ]
      if (of.length === 0) return
      await db
        .update(memoryProposals)
        .set({ status: 'lapsed', resolvedAt: new Date() })
        .where(
          and(
            eq(memoryProposals.userId, userId),
            eq(memoryProposals.conversationId, conversationId),
            eq(memoryProposals.status, 'pending'),
            or(...of),
          ),
        )
    },

    /** Settings → Chat: "Save facts from chats automatically", "Read answers aloud after dictation". */
    async chatPreferences(userId: string): Promise<ChatPreferences> {
      const [row] = await db
        .select({
          autoSaveFacts: users.autoSaveFacts,
          readAloudAfterDictation: users.readAloudAfterDictation,
        })
        .from(users)
        .where(eq(users.id, userId))
      return row ?? { autoSaveFacts: false, readAloudAfterDictation: false }
    },

    /** The settings after the change; undefined for an unknown user. */
    async setChatPreferences(
      userId: string,
      changes: Partial<ChatPreferences>,
    ): Promise<ChatPreferences | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({
          autoSaveFacts: users.autoSaveFacts,
          readAloudAfterDictation: users.readAloudAfterDictation,
        })
      return row
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

    /** The memory an applied proposal saved. */
    async linkMemory(userId: string, id: string, memoryId: string): Promise<ProposalRecord | undefined> {
      const [row] = await db.update(memoryProposals).set({ memoryId }).where(mine(userId, id)).returning()
      return row
    },

    /** Marks an applied proposal undone (once: a second taker gets nothing). */
    async undone(userId: string, id: string): Promise<ProposalRecord | undefined> {
      const [row] = await db
        .update(memoryProposals)
        .set({ status: 'undone', resolvedAt: new Date() })
        .where(and(mine(userId, id), eq(memoryProposals.status, 'applied')))
        .returning()
      return row
    },

    /** Marks an undone proposal applied again (undoing its memory's change failed). */
    async reapply(userId: string, id: string) {
      await db.update(memoryProposals).set({ status: 'applied' }).where(mine(userId, id))
    },

    /** Gives a taken proposal back (applying it failed). */
    async reopen(userId: string, id: string) {
      await db.update(memoryProposals).set({ status: 'pending', resolvedAt: null }).where(mine(userId, id))
    },
  }
}
export type ProposalsRepo = ReturnType<typeof createProposalsRepo>
