import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { chatMessages, conversations, memories } from '../../db/schema.ts'

export type MessageRecord = typeof chatMessages.$inferSelect
export type ConversationRecord = typeof conversations.$inferSelect

export interface NewMessage {
  conversationId: string
  userId: string
  role: 'user' | 'assistant'
  content: string
  createdAt: Date
  metadata?: Record<string, unknown> | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Messages of one conversation in the order they were written; the id breaks ties between equal times. */
const newestFirst = [desc(chatMessages.createdAt), desc(chatMessages.id)]

/** Conversations and their messages. Every query is scoped by the user's id. */
export function createChatRepo(db: Db) {
  return {
    async conversation(userId: string, id: string): Promise<ConversationRecord | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      return row ?? null
    },

    /** The conversation with the newest message, or the newest one when it has none yet. */
    async latestConversation(userId: string): Promise<ConversationRecord | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(eq(conversations.userId, userId))
        .orderBy(
          sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`,
          desc(conversations.id),
        )
        .limit(1)
      return row ?? null
    },

    async createConversation(userId: string): Promise<ConversationRecord> {
      const [row] = await db.insert(conversations).values({ userId }).returning()
      return row!
    },

    /**
     * Stores a message and moves the conversation's last_message_at forward to it (and deletes the
     * answer it replaces): one statement, so all or nothing in one round trip. A data-modifying WITH
     * runs whether or not the insert reads it.
     */
    async insertMessage(message: NewMessage, replacing?: string): Promise<MessageRecord> {
      const touched = db.$with('touched', { id: sql<string>`id` }).as(sql`
        update ${conversations}
        set last_message_at = greatest(${conversations.lastMessageAt}, ${message.createdAt})
        where ${conversations.id} = ${message.conversationId} and ${conversations.userId} = ${message.userId}
        returning ${conversations.id}`)
      const replaced = db.$with('replaced', { id: sql<string>`id` }).as(sql`
        delete from ${chatMessages}
        where ${chatMessages.id} = ${replacing ?? null} and ${chatMessages.userId} = ${message.userId}
        returning ${chatMessages.id}`)
      const [row] = await db
        .with(touched, ...(replacing ? [replaced] : []))
        .insert(chatMessages)
        .values({ ...message, metadata: message.metadata ?? null })
        .returning()
      return row!
    },

    /** The newest `limit` messages, oldest first. */
    async recentMessages(userId: string, conversationId: string, limit: number): Promise<MessageRecord[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId)))
        .orderBy(...newestFirst)
        .limit(limit)
      return rows.reverse()
    },

    /** Page 1 holds the newest messages; each page comes back oldest first. */
    async page(
      userId: string,
      conversationId: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: MessageRecord[]; totalCount: number }> {
      const where = and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId))
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(chatMessages)
          .where(where)
          .orderBy(...newestFirst)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(chatMessages).where(where),
      ])
      return { rows: rows.reverse(), totalCount: total?.value ?? 0 }
    },

    /** Whether an assistant message of the conversation (other than `except`) was written by the offline assistant. */
    async hasOfflineAnswer(userId: string, conversationId: string, except?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            eq(chatMessages.userId, userId),
            eq(chatMessages.role, 'assistant'),
            sql`${chatMessages.metadata}->>'mode' = 'offline'`,
            except ? sql`${chatMessages.id} <> ${except}` : undefined,
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /** The memories that still exist among `ids`, the user's only. */
    async memoriesByIds(
      userId: string,
      ids: string[],
    ): Promise<Array<{ id: string; text: string; date: string | null }>> {
      const uuids = ids.filter((id) => UUID.test(id))
      if (uuids.length === 0) return []
      return db
        .select({ id: memories.id, text: memories.text, date: memories.date })
        .from(memories)
        .where(and(eq(memories.userId, userId), inArray(memories.id, uuids)))
    },

    /** Deletes every conversation of the user; their messages go with them (ON DELETE CASCADE). */
    async deleteConversations(userId: string): Promise<void> {
      await db.delete(conversations).where(eq(conversations.userId, userId))
    },
  }
}
export type ChatRepo = ReturnType<typeof createChatRepo>
