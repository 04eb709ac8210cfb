import { localDate } from '@remi/shared'
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { memories } from '../../db/schema.ts'
import {
  columns,
  defaultOrder,
  sortDateOf,
  UUID,
  type MemoryRecord,
  type NewMemory,
} from './memory-query.repo.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** One memory at a time: read, written, deleted; the user's tags and all their memories. */
export function createMemoryRecordsRepo(db: Db) {
  return {
    async get(userId: string, id: string): Promise<MemoryRecord | undefined> {
      const [row] = await db
        .select(columns)
        .from(memories)
        .where(and(eq(memories.id, id), eq(memories.userId, userId)))
      return row
    },

    /** The user's memories among `ids`; an id that is not a UUID, or not theirs, finds nothing. */
    async byIds(userId: string, ids: string[]): Promise<MemoryRecord[]> {
      const uuids = ids.filter((id) => UUID.test(id))
      if (uuids.length === 0) return []
      return db
        .select(columns)
        .from(memories)
        .where(and(eq(memories.userId, userId), inArray(memories.id, uuids)))
    },

    /** Memories created at or after `since`. */
    async createdSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(memories)
        .where(and(eq(memories.userId, userId), gte(memories.createdAt, since)))
      return row?.count ?? 0
    },

    /** `zone`: the user's time zone, which gives an undated memory its day. */
    async create(userId: string, memory: NewMemory, zone: string): Promise<MemoryRecord> {
      const sortDate = sortDateOf(memory.date, memory.createdAt, zone)
      const [row] = await db
        .insert(memories)
        .values({ ...memory, userId, sortDate })
        .returning(columns)
      return row!
    },

    async update(
      userId: string,
      id: string,
      changes: {
        text: string
        tags?: string[] | undefined
        date?: string | null | undefined
        private?: boolean | undefined
      },
      zone: string,
    ): Promise<MemoryRecord | undefined> {
      const write = async (exec: Db | Tx, sortDate: string | undefined) => {
        const [row] = await exec
          .update(memories)
          .set({
            text: changes.text,
            ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
            ...(changes.date !== undefined ? { date: changes.date } : {}),
            ...(changes.private !== undefined ? { private: changes.private } : {}),
            ...(sortDate !== undefined ? { sortDate } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(memories.id, id), eq(memories.userId, userId)))
          .returning(columns)
        return row
      }
      if (changes.date !== null) return write(db, changes.date)
      // Losing its date, a memory goes back to the day it was created: read that under a row lock.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ createdAt: memories.createdAt })
          .from(memories)
          .where(and(eq(memories.id, id), eq(memories.userId, userId)))
          .for('update')
        return row ? write(tx, localDate(row.createdAt, zone)) : undefined
      })
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(memories)
        .where(and(eq(memories.id, id), eq(memories.userId, userId)))
        .returning({ id: memories.id })
      return rows.length > 0
    },

    /**
     * Tags counted case-insensitively, shown in their most common spelling. `withPrivate: false`: private
     * memories' tags are not counted (an MCP client's look).
     */
    async tagCounts(
      userId: string,
      { withPrivate = true }: { withPrivate?: boolean } = {},
    ): Promise<{ name: string; count: number }[]> {
      const result = (await db.execute(sql`
        select mode() within group (order by t) as name, count(*)::int as count
        from ${memories}, unnest(${memories.tags}) as t
        where ${memories.userId} = ${userId}${withPrivate ? sql`` : sql` and not ${memories.private}`}
        group by lower(t)
        order by count desc, name asc`)) as unknown as { rows: { name: string; count: number }[] }
      return result.rows.map((r) => ({ name: String(r.name), count: Number(r.count) }))
    },

    async all(userId: string): Promise<MemoryRecord[]> {
      return db
        .select(columns)
        .from(memories)
        .where(eq(memories.userId, userId))
        .orderBy(...defaultOrder)
    },
  }
}
