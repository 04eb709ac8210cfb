import { isMemoryDate, MEMORY_LIMITS } from '@remi/shared'
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { memories } from '../../db/schema.ts'

/** A memory on the briefing (its facts of the day). */
export interface DayMemoryRow {
  id: string
  text: string
  tags: string[]
  /** The memory's day: its date, or the day it was created when undated. */
  day: string
  createdAt: Date
}

/** The words of a birthday or an anniversary, as a tsquery of the words as written. */
const YEARLY_WORDS = 'birthday:* | bday:* | b-day | anniversar:*'

const dayColumns = {
  id: memories.id,
  text: memories.text,
  tags: memories.tags,
  day: memories.sortDate,
  createdAt: memories.createdAt,
}
/** Memories by their day: the briefing's dated ones, the same day in earlier years, birthdays. */
export function createMemoryDaysRepo(db: Db) {
  return {
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

    /**
     * Notes that say birthday, bday, b-day or anniversary in their text or tags (never private), the
     * latest written first: the briefing reads which day of the year each one is about. Found by the
     * search column (the words as written, weight D, hold "b-day" and "birthdays" whole), so the
     * user's search index answers it.
     */
    async yearlyNotes(userId: string, limit: number): Promise<DayMemoryRow[]> {
      return db
        .select(dayColumns)
        .from(memories)
        .where(
          and(
            eq(memories.userId, userId),
            eq(memories.private, false),
            sql`${memories.search} @@ to_tsquery('simple', ${YEARLY_WORDS})`,
          ),
        )
        .orderBy(desc(memories.createdAt), desc(memories.id))
        .limit(limit)
    },
  }
}
