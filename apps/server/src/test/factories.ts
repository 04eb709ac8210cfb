import { randomUUID } from 'node:crypto'
import { MEMORIES_EXPORT_FORMAT, type DataSourceType, type Memory } from '@remi/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { chatMessages, conversations, dataSources } from '../db/schema.ts'
import { remappedId } from '../modules/memories/index.ts'
import type { Services } from '../services.ts'

/**
 * Rows for tests, made through the real services where one exists (so derived columns stay right)
 * and straight into the tables where a test needs a chosen time (messages, conversations).
 */
export function createFactories(db: Db, services: Services) {
  return {
    /** A memory; `createdAt` chooses its creation time (the import path keeps it). */
    async memory(
      userId: string,
      fields: { text?: string; tags?: string[]; date?: string | null; createdAt?: Date } = {},
    ): Promise<Memory> {
      const id = randomUUID()
      const createdAt = (fields.createdAt ?? new Date()).toISOString()
      await services.memories.importAll(userId, {
        format: MEMORIES_EXPORT_FORMAT,
        version: 1,
        memories: [
          {
            id,
            text: fields.text ?? `Memory ${id.slice(0, 8)}`,
            tags: fields.tags ?? [],
            date: fields.date === undefined ? null : fields.date,
            createdAt,
            updatedAt: createdAt,
          },
        ],
      })
      // An id the user does not own yet is stored under its stand-in (memories.service.ts remappedId).
      return services.memories.get(userId, remappedId(userId, id))
    },

    async conversation(userId: string, fields: { createdAt?: Date; lastMessageAt?: Date | null } = {}) {
      const [row] = await db
        .insert(conversations)
        .values({
          userId,
          createdAt: fields.createdAt ?? new Date(),
          lastMessageAt: fields.lastMessageAt ?? null,
        })
        .returning()
      return row!
    },

    /** A message; the conversation's last_message_at moves forward to it, as a real send does. */
    async message(
      conversationId: string,
      userId: string,
      fields: {
        role?: 'user' | 'assistant'
        content?: string
        createdAt?: Date
        metadata?: Record<string, unknown> | null
      } = {},
    ) {
      const createdAt = fields.createdAt ?? new Date()
      const [row] = await db
        .insert(chatMessages)
        .values({
          conversationId,
          userId,
          role: fields.role ?? 'user',
          content: fields.content ?? 'Hello',
          createdAt,
          metadata: fields.metadata ?? null,
        })
        .returning()
      const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId))
      if (!conversation?.lastMessageAt || conversation.lastMessageAt < createdAt) {
        await db
          .update(conversations)
          .set({ lastMessageAt: createdAt })
          .where(eq(conversations.id, conversationId))
      }
      return row!
    },

    /** A data source row as stored (configuration as given, no geocoding). */
    async dataSource(
      userId: string,
      type: DataSourceType,
      fields: { isEnabled?: boolean; configuration?: Record<string, unknown> } = {},
    ) {
      const values = { isEnabled: fields.isEnabled ?? true, configuration: fields.configuration ?? {} }
      await db
        .insert(dataSources)
        .values({ userId, type, ...values })
        .onConflictDoUpdate({ target: [dataSources.userId, dataSources.type], set: values })
    },
  }
}
export type Factories = ReturnType<typeof createFactories>
