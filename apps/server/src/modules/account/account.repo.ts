import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { chatMessages, conversations, memories, users } from '../../db/schema.ts'

export type ConversationRow = typeof conversations.$inferSelect
export type MessageRow = typeof chatMessages.$inferSelect
export type NewConversation = { id: string; createdAt: Date }
export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'userId'> & { id: string; createdAt: Date }

const CHUNK = 1000

/** The whole account at once: reading all of it, restoring chat, and deleting it. */
export function createAccountRepo(db: Db) {
  /** The ids among `ids` that this user owns in `table` (another user's and unknown ones are left out). */
  async function owned(
    table: typeof memories | typeof conversations | typeof chatMessages,
    userId: string,
    ids: string[],
  ) {
    const own = new Set<string>()
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, ids.slice(i, i + CHUNK)), eq(table.userId, userId)))
      for (const row of rows) own.add(row.id)
    }
    return own
  }

  return {
    ownedMemoryIds: (userId: string, ids: string[]) => owned(memories, userId, ids),
    ownedConversationIds: (userId: string, ids: string[]) => owned(conversations, userId, ids),
    ownedMessageIds: (userId: string, ids: string[]) => owned(chatMessages, userId, ids),

    /** Every conversation with its messages, oldest first. */
    async chat(userId: string): Promise<Array<ConversationRow & { messages: MessageRow[] }>> {
      const [rows, messages] = await Promise.all([
        db
          .select()
          .from(conversations)
          .where(eq(conversations.userId, userId))
          .orderBy(asc(conversations.createdAt), asc(conversations.id)),
        db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.userId, userId))
          .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)),
      ])
      const byConversation = new Map(rows.map((row) => [row.id, { ...row, messages: [] as MessageRow[] }]))
      for (const message of messages) byConversation.get(message.conversationId)?.messages.push(message)
      return [...byConversation.values()]
    },

    /**
     * Writes conversations and messages that are not there yet, in one transaction (all or nothing).
     * Every conversation a message goes into must be this user's once written: an id that turned out
     * to be someone else's aborts the whole import instead of filing a message under their conversation.
     */
    async importChat(userId: string, newConversations: NewConversation[], newMessages: NewMessage[]) {
      return db.transaction(async (tx) => {
        let conversationsCreated = 0
        for (let i = 0; i < newConversations.length; i += CHUNK) {
          const written = await tx
            .insert(conversations)
            .values(newConversations.slice(i, i + CHUNK).map((c) => ({ ...c, userId })))
            .onConflictDoNothing({ target: conversations.id })
            .returning({ id: conversations.id })
          conversationsCreated += written.length
        }
        const targets = [...new Set(newMessages.map((m) => m.conversationId))]
        for (let i = 0; i < targets.length; i += CHUNK) {
          const chunk = targets.slice(i, i + CHUNK)
          const mine = await tx
            .select({ id: conversations.id })
            .from(conversations)
            .where(and(inArray(conversations.id, chunk), eq(conversations.userId, userId)))
          if (mine.length !== chunk.length) throw new ChatImportConflictError()
        }
        let messagesCreated = 0
        for (let i = 0; i < newMessages.length; i += CHUNK) {
          const written = await tx
            .insert(chatMessages)
            .values(newMessages.slice(i, i + CHUNK).map((m) => ({ ...m, userId })))
            .onConflictDoNothing({ target: chatMessages.id })
            .returning({ id: chatMessages.id })
          messagesCreated += written.length
        }
        for (let i = 0; i < targets.length; i += CHUNK) {
          await tx
            .update(conversations)
            .set({
              lastMessageAt: sql`(select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.conversationId} = ${conversations.id})`,
            })
            .where(
              and(inArray(conversations.id, targets.slice(i, i + CHUNK)), eq(conversations.userId, userId)),
            )
        }
        return { conversations: conversationsCreated, messages: messagesCreated }
      })
    },

    /** Deletes the user; every row of theirs goes with it (each table's user_id cascades). */
    async deleteUser(userId: string): Promise<boolean> {
      const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id })
      return deleted.length > 0
    },
  }
}
export type AccountRepo = ReturnType<typeof createAccountRepo>

export class ChatImportConflictError extends Error {
  constructor() {
    super('Some conversations in the file could not be imported.')
    this.name = 'ChatImportConflictError'
  }
}
