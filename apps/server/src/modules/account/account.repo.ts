import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { giveWay, inUuids, isSingleBackend, type Db } from '../../db/client.ts'
import { chatMessages, conversations, memories, users } from '../../db/schema.ts'

export type ConversationRow = typeof conversations.$inferSelect
export type MessageRow = typeof chatMessages.$inferSelect
export type NewConversation = { id: string; createdAt: Date; title: string | null }
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
        .where(and(inUuids(table.id, ids.slice(i, i + CHUNK)), eq(table.userId, userId)))
      for (const row of rows) own.add(row.id)
    }
    return own
  }

  return {
    ownedMemoryIds: (userId: string, ids: string[]) => owned(memories, userId, ids),
    ownedConversationIds: (userId: string, ids: string[]) => owned(conversations, userId, ids),
    ownedMessageIds: (userId: string, ids: string[]) => owned(chatMessages, userId, ids),

    /** Every conversation of the user's, oldest first. */
    async conversations(userId: string): Promise<ConversationRow[]> {
      return db
        .select()
        .from(conversations)
        .where(eq(conversations.userId, userId))
        .orderBy(asc(conversations.createdAt), asc(conversations.id))
    },

    /** Every message's id and conversation, oldest first: an export reads the rows a slice at a time. */
    async messageIds(userId: string): Promise<{ id: string; conversationId: string }[]> {
      return db
        .select({ id: chatMessages.id, conversationId: chatMessages.conversationId })
        .from(chatMessages)
        .where(eq(chatMessages.userId, userId))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    },

    /** The user's messages among `ids`, any order (one gone since is left out). */
    async messagesByIds(userId: string, ids: string[]): Promise<MessageRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(chatMessages)
        .where(and(inArray(chatMessages.id, ids), eq(chatMessages.userId, userId)))
    },

    /** Every memory's id in the memories list's order (memories.repo.ts, defaultOrder). */
    async memoryIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: memories.id })
        .from(memories)
        .where(eq(memories.userId, userId))
        .orderBy(
          sql`${memories.sortDate} desc nulls last`,
          sql`${memories.createdAt} desc nulls last`,
          sql`${memories.id} desc nulls last`,
        )
      return rows.map((r) => r.id)
    },

    /** The user's memories among `ids`, any order (one gone since is left out). */
    async memoriesByIds(userId: string, ids: string[]) {
      if (ids.length === 0) return []
      return db
        .select({
          id: memories.id,
          text: memories.text,
          tags: memories.tags,
          date: memories.date,
          private: memories.private,
          createdAt: memories.createdAt,
          updatedAt: memories.updatedAt,
        })
        .from(memories)
        .where(and(inArray(memories.id, ids), eq(memories.userId, userId)))
    },

    /**
     * Writes conversations and messages that are not there yet, all or nothing. Every conversation a
     * message goes into must be this user's once written: an id that turned out to be someone else's
     * aborts the whole import instead of filing a message under their conversation. On PostgreSQL that
     * is one transaction. PGlite is one backend, where a transaction holds back every other request
     * until it ends, so there the rows go in steps of their own and a failure deletes what this import
     * created (a crash in between leaves part of the chat: importing the file again completes it).
     */
    async importChat(userId: string, newConversations: NewConversation[], newMessages: NewMessage[]) {
      if (!isSingleBackend(db))
        return db.transaction((tx) =>
          writeChat(tx, userId, newConversations, newMessages, () => giveWay(db, 0)),
        )
      const created: Created = { conversations: [], messages: [] }
      try {
        return await writeChat(db, userId, newConversations, newMessages, () => giveWay(db, 100), created)
      } catch (error) {
        // If this fails too (the database went away), the rows stay: the same file imported again completes them.
        await forget(db, userId, created).catch(() => {})
        throw error
      }
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

/** Rows per statement: building and sending one is a short task for the server's thread. */
const STEP = 250

type Exec = Db | Parameters<Parameters<Db['transaction']>[0]>[0]
interface Created {
  conversations: string[]
  messages: string[]
}

/** importChat's writes, a step at a time, `between` steps; the ids it created go into `created`. */
async function writeChat(
  exec: Exec,
  userId: string,
  newConversations: NewConversation[],
  newMessages: NewMessage[],
  between: () => Promise<void>,
  created: Created = { conversations: [], messages: [] },
) {
  for (let i = 0; i < newConversations.length; i += STEP) {
    const written = await exec
      .insert(conversations)
      .values(newConversations.slice(i, i + STEP).map((c) => ({ ...c, userId })))
      .onConflictDoNothing({ target: conversations.id })
      .returning({ id: conversations.id })
    created.conversations.push(...written.map((w) => w.id))
    await between()
  }
  const targets = [...new Set(newMessages.map((m) => m.conversationId))]
  for (let i = 0; i < targets.length; i += CHUNK) {
    const chunk = targets.slice(i, i + CHUNK)
    const mine = await exec
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(inUuids(conversations.id, chunk), eq(conversations.userId, userId)))
    if (mine.length !== chunk.length) throw new ChatImportConflictError()
  }
  for (let i = 0; i < newMessages.length; i += STEP) {
    const written = await exec
      .insert(chatMessages)
      .values(newMessages.slice(i, i + STEP).map((m) => ({ ...m, userId })))
      .onConflictDoNothing({ target: chatMessages.id })
      .returning({ id: chatMessages.id })
    created.messages.push(...written.map((w) => w.id))
    await between()
  }
  for (let i = 0; i < targets.length; i += CHUNK) {
    await exec
      .update(conversations)
      .set({
        lastMessageAt: sql`(select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.conversationId} = ${conversations.id})`,
      })
      .where(and(inUuids(conversations.id, targets.slice(i, i + CHUNK)), eq(conversations.userId, userId)))
    await between()
  }
  return { conversations: created.conversations.length, messages: created.messages.length }
}

/** Deletes what a failed import created: its messages, then its conversations (any messages left go with them). */
async function forget(db: Db, userId: string, created: Created) {
  for (let i = 0; i < created.messages.length; i += CHUNK) {
    const ids = created.messages.slice(i, i + CHUNK)
    await db.delete(chatMessages).where(and(inArray(chatMessages.id, ids), eq(chatMessages.userId, userId)))
  }
  for (let i = 0; i < created.conversations.length; i += CHUNK) {
    const ids = created.conversations.slice(i, i + CHUNK)
    await db
      .delete(conversations)
      .where(and(inArray(conversations.id, ids), eq(conversations.userId, userId)))
  }
}
