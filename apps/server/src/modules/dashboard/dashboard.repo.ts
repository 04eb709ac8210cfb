import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import { isMemoryDate, MEMORY_LIMITS } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { chatMessages, conversations, memories } from '../../db/schema.ts'

export interface DayMemoryRow {
  id: string
  text: string
  tags: string[]
  /** The memory's day: its date, or the day it was created when undated. */
  day: string
  createdAt: Date
}

const dayColumns = {
  id: memories.id,
  text: memories.text,
  tags: memories.tags,
  day: memories.sortDate,
  createdAt: memories.createdAt,
}

/** The reads behind the dashboard's statistics and the briefing's memory facts, all scoped to one user. */
export function createDashboardRepo(db: Db) {
  return {
    /** Conversations with at least one message created after `since`. */
    async activeConversations(userId: string, since: Date): Promise<number> {
      // Asked of the messages themselves, so a conversation whose messages were cleared is not active.
      const [row] = await db
        .select({ count: count() })
        .from(conversations)
        .where(
          and(
            eq(conversations.userId, userId),
            sql`exists (select 1 from ${chatMessages} where ${chatMessages.conversationId} = ${conversations.id} and ${chatMessages.createdAt} > ${since})`,
          ),
        )
      return row?.count ?? 0
    },

    /** Dated memories (not undated ones) whose date lies in [from, to], soonest first. */
    async datedBetween(userId: string, from: string, to: string, limit: number): Promise<DayMemoryRow[]> {
      return db
        .select(dayColumns)
        .from(memories)
        .where(
          and(
            eq(memories.userId, userId),
            // Private memories never reach the briefing (its model call, MCP's get_today).
            eq(memories.private, false),
            gte(memories.sortDate, from),
            lte(memories.sortDate, to),
            isNotNull(memories.date),
          ),
        )
        .orderBy(asc(memories.sortDate), asc(memories.createdAt), asc(memories.id))
        .limit(limit)
    },

    /**
     * Memories of earlier days than `before` that fall on one of `monthDays` ('MM-DD'), latest first.
     * The days are listed (every year back to the first a memory may have) so the user's sort index
     * finds them; a month-day test on every row read all of them (100 ms at 100 000 memories).
     */
    async onMonthDays(
      userId: string,
      monthDays: string[],
      before: string,
      limit: number,
    ): Promise<DayMemoryRow[]> {
      const days: string[] = []
      for (let year = Number(before.slice(0, 4)); year >= MEMORY_LIMITS.minYear; year--) {
        for (const monthDay of monthDays) {
          const day = `${year}-${monthDay}`
          if (day < before && isMemoryDate(day)) days.push(day)
        }
      }
      if (days.length === 0) return []
      return db
        .select(dayColumns)
        .from(memories)
        .where(
          and(eq(memories.userId, userId), eq(memories.private, false), inArray(memories.sortDate, days)),
        )
        .orderBy(desc(memories.sortDate), desc(memories.createdAt), desc(memories.id))
        .limit(limit)
    },

    /** Memories created at or after `since`. */
    async createdSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(memories)
        .where(and(eq(memories.userId, userId), gte(memories.createdAt, since)))
      return row?.count ?? 0
    },
  }
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>
