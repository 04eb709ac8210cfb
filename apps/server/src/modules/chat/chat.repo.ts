import { and, count, desc, eq, sql } from 'drizzle-orm'
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

const param = (name: string) => sql.placeholder(name)

/**
 * Conversations and their messages. Every query is scoped by the user's id. The statements of a chat
 * turn are built once (`prepare('')`: SQL text kept, unnamed on the server, so PGlite's shared backend is
 * fine): building them with drizzle on every turn was ~3 ms of this thread per answer.
 */
export function createChatRepo(db: Db) {
  const ownedConversation = and(eq(conversations.id, param('id')), eq(conversations.userId, param('userId')))
  const inConversation = and(
    eq(chatMessages.conversationId, param('conversationId')),
    eq(chatMessages.userId, param('userId')),
  )
  const statements = {
    conversation: db.select().from(conversations).where(ownedConversation).prepare(''),
    latestConversation: db
      .select()
      .from(conversations)
      .where(eq(conversations.userId, param('userId')))
      .orderBy(
        sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`,
        desc(conversations.id),
      )
      .limit(1)
      .prepare(''),
    recentMessages: db
      .select()
      .from(chatMessages)
      .where(inConversation)
      .orderBy(...newestFirst)
      .limit(param('limit'))
      .prepare(''),
    offlineAnswer: (except: boolean) =>
      db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            inConversation,
            eq(chatMessages.role, 'assistant'),
            sql`${chatMessages.metadata}->>'mode' = 'offline'`,
            except ? sql`${chatMessages.id} <> ${param('except')}` : undefined,
          ),
        )
        .limit(1)
        .prepare(''),
    insertMessage: (replacing: boolean) => {
      const touched = db.$with('touched', { id: sql<string>`id` }).as(sql`
        update ${conversations}
        set last_message_at = greatest(${conversations.lastMessageAt}, ${param('createdAt')}::timestamptz)
        where ${conversations.id} = ${param('conversationId')} and ${conversations.userId} = ${param('userId')}
        returning ${conversations.id}`)
      const replaced = db.$with('replaced', { id: sql<string>`id` }).as(sql`
        delete from ${chatMessages}
        where ${chatMessages.id} = ${param('replacing')} and ${chatMessages.userId} = ${param('userId')}
        returning ${chatMessages.id}`)
      return db
        .with(touched, ...(replacing ? [replaced] : []))
        .insert(chatMessages)
        .values({
          conversationId: param('conversationId'),
          userId: param('userId'),
          role: param('role'),
          content: param('content'),
          createdAt: param('createdAt'),
          metadata: param('metadata'),
        })
        .returning()
        .prepare('')
    },
    memoriesByIds: db
      .select({ id: memories.id, text: memories.text, date: memories.date })
      .from(memories)
      .where(and(eq(memories.userId, param('userId')), sql`${memories.id} = any(${param('ids')}::uuid[])`))
      .prepare(''),
  }
  const offlineAnswer = { all: statements.offlineAnswer(false), except: statements.offlineAnswer(true) }
  const insert = { plain: statements.insertMessage(false), replacing: statements.insertMessage(true) }

  return {
    async conversation(userId: string, id: string): Promise<ConversationRecord | null> {
      const [row] = await statements.conversation.execute({ id, userId })
      return row ?? null
    },

    /** The conversation with the newest message, or the newest one when it has none yet. */
    async latestConversation(userId: string): Promise<ConversationRecord | null> {
      const [row] = await statements.latestConversation.execute({ userId })
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
      const values = { ...message, metadata: message.metadata ?? null }
      const [row] = replacing
        ? await insert.replacing.execute({ ...values, replacing })
        : await insert.plain.execute(values)
      return row!
    },

    /** The newest `limit` messages, oldest first. */
    async recentMessages(userId: string, conversationId: string, limit: number): Promise<MessageRecord[]> {
      const rows = await statements.recentMessages.execute({ userId, conversationId, limit })
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
      const rows = except
        ? await offlineAnswer.except.execute({ userId, conversationId, except })
        : await offlineAnswer.all.execute({ userId, conversationId })
      return rows.length > 0
    },

    /** The memories that still exist among `ids`, the user's only. */
    async memoriesByIds(
      userId: string,
      ids: string[],
    ): Promise<Array<{ id: string; text: string; date: string | null }>> {
      const uuids = ids.filter((id) => UUID.test(id))
      if (uuids.length === 0) return []
      return statements.memoriesByIds.execute({ userId, ids: uuids })
    },

    /** Deletes every conversation of the user; their messages go with them (ON DELETE CASCADE). */
    async deleteConversations(userId: string): Promise<void> {
      await db.delete(conversations).where(eq(conversations.userId, userId))
    },
  }
}
export type ChatRepo = ReturnType<typeof createChatRepo>
