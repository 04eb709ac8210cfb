import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { MemoryChange, MemoryChangedBy } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { memories, memoryVersions } from '../../db/schema.ts'
import type { MemoryRecord } from './memories.repo.ts'

/** How long a change stays undoable (and its version kept). */
export const VERSION_DAYS = 30

/** Who made a change: the person, the assistant from a chat, or an access token by its name. */
export interface ChangeAuthor {
  by: MemoryChangedBy
  name?: string | undefined
}
export const BY_USER: ChangeAuthor = { by: 'user' }

type VersionRow = typeof memoryVersions.$inferSelect

const since = () => new Date(Date.now() - VERSION_DAYS * 24 * 60 * 60 * 1000)

export function toChange(row: VersionRow): MemoryChange {
  return {
    id: row.id,
    action: row.action,
    by: row.changedBy,
    name: row.changedByName,
    at: row.changedAt.toISOString(),
    before:
      row.action === 'created'
        ? null
        : { text: row.text ?? '', tags: row.tags ?? [], date: row.date, private: Boolean(row.private) },
  }
}

export function createMemoryVersionsRepo(db: Db) {
  return {
    /** Keeps what `before` was (null: the memory was just created), and drops the user's versions past 30 days. */
    async record(
      userId: string,
      memoryId: string,
      action: 'created' | 'updated' | 'deleted',
      before: MemoryRecord | null,
      author: ChangeAuthor,
    ) {
      await db.insert(memoryVersions).values({
        userId,
        memoryId,
        action,
        text: before?.text ?? null,
        tags: before?.tags ?? null,
        date: before?.date ?? null,
        private: before ? (before.private ?? false) : null,
        memoryCreatedAt: before?.createdAt ?? null,
        changedBy: author.by,
        changedByName: author.name ?? null,
      })
      // Pruned on write: a user's old versions go when they next change something.
      await db
        .delete(memoryVersions)
        .where(and(eq(memoryVersions.userId, userId), lt(memoryVersions.changedAt, since())))
    },

    /** The last undoable change of each of these memories. */
    async latest(userId: string, memoryIds: string[]): Promise<Map<string, VersionRow>> {
      if (memoryIds.length === 0) return new Map()
      const rows = await db
        .selectDistinctOn([memoryVersions.memoryId])
        .from(memoryVersions)
        .where(
          and(
            eq(memoryVersions.userId, userId),
            inArray(memoryVersions.memoryId, memoryIds),
            gte(memoryVersions.changedAt, since()),
          ),
        )
        .orderBy(memoryVersions.memoryId, desc(memoryVersions.changedAt), desc(memoryVersions.id))
      return new Map(rows.map((r) => [r.memoryId, r]))
    },

    /** One memory's changes of the last 30 days, newest first. */
    async of(userId: string, memoryId: string): Promise<VersionRow[]> {
      return db
        .select()
        .from(memoryVersions)
        .where(
          and(
            eq(memoryVersions.userId, userId),
            eq(memoryVersions.memoryId, memoryId),
            gte(memoryVersions.changedAt, since()),
          ),
        )
        .orderBy(desc(memoryVersions.changedAt), desc(memoryVersions.id))
    },

    /** Every change of the last 30 days (the account export). */
    async all(userId: string): Promise<VersionRow[]> {
      return db
        .select()
        .from(memoryVersions)
        .where(and(eq(memoryVersions.userId, userId), gte(memoryVersions.changedAt, since())))
        .orderBy(desc(memoryVersions.changedAt))
    },

    /**
     * Undoes one change in a transaction: a creation deletes the memory, an edit puts the text, tags,
     * date and privacy back, a deletion brings the memory back with its id. The version goes with it.
     */
    async undo(
      userId: string,
      version: VersionRow,
      sortDateOf: (date: string | null, createdAt: Date) => string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const mine = and(eq(memories.id, version.memoryId), eq(memories.userId, userId))
        if (version.action === 'created') {
          await tx.delete(memories).where(mine)
        } else if (version.action === 'updated') {
          const [row] = await tx.select({ createdAt: memories.createdAt }).from(memories).where(mine)
          if (row) {
            await tx
              .update(memories)
              .set({
                text: version.text ?? '',
                tags: version.tags ?? [],
                date: version.date,
                private: Boolean(version.private),
                sortDate: sortDateOf(version.date, row.createdAt),
                updatedAt: sql`now()`,
              })
              .where(mine)
          }
        } else {
          const createdAt = version.memoryCreatedAt ?? new Date()
          await tx
            .insert(memories)
            .values({
              id: version.memoryId,
              userId,
              text: version.text ?? '',
              tags: version.tags ?? [],
              date: version.date,
              private: Boolean(version.private),
              sortDate: sortDateOf(version.date, createdAt),
              createdAt,
            })
            .onConflictDoNothing()
        }
        await tx.delete(memoryVersions).where(eq(memoryVersions.id, version.id))
      })
    },
  }
}
export type MemoryVersionsRepo = ReturnType<typeof createMemoryVersionsRepo>
