import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { chatMessages, conversations, memories } from '../../db/schema.ts'

export interface DayMemoryRow {
  id: string
  text: string
  tags: string[]
  /** The memory's day: its date, or the day it was created when undated. */
  day: string
}

const dayColumns = { id: memories.id, text: memories.text, tags: memories.tags, day: memories.sortDate }

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
            gte(memories.sortDate, from),
            lte(memories.sortDate, to),
            isNotNull(memories.date),
          ),
        )
        .orderBy(asc(memories.sortDate), asc(memories.createdAt), asc(memories.id))
        .limit(limit)
    },

    /** Memories of earlier days than `before` that fall on one of `monthDays` ('MM-DD'), latest first. */
    async onMonthDays(
      userId: string,
      monthDays: string[],
      before: string,
      limit: number,
    ): Promise<DayMemoryRow[]> {
      return db
        .select(dayColumns)
        .from(memories)
        .where(
          and(
            eq(memories.userId, userId),
            lt(memories.sortDate, before),
            inArray(sql<string>`to_char(${memories.sortDate}, 'MM-DD')`, monthDays),
          ),
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
