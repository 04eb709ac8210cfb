import { localDate, todayIn } from '@remi/shared'
import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { memories, memoryCounts } from '../../db/schema.ts'

export interface MemoryQuery {
  searchTerm?: string | undefined
  /** Lower-cased; a memory must carry all of them. */
  tags?: string[] | undefined
  /** Inclusive days on the memory's day: its date, or the day it was created in the user's zone. */
  startDate?: string | undefined
  endDate?: string | undefined
}

export interface NewMemory {
  id?: string
  text: string
  tags: string[]
  date: string | null
  createdAt?: Date
  updatedAt?: Date
}

const columns = {
  id: memories.id,
  text: memories.text,
  tags: memories.tags,
  date: memories.date,
  createdAt: memories.createdAt,
  updatedAt: memories.updatedAt,
}
export type MemoryRecord = {
  id: string
  text: string
  tags: string[]
  date: string | null
  createdAt: Date
  updatedAt: Date
}

/**
 * The memory's day (undated ones by the day they were created), newest first. Follows
 * memories_user_sort_idx exactly, so a page is an index range scan that stops after a page of
 * entries; the id breaks ties (an import can give many memories the same day and createdAt) so
 * pages never overlap.
 */
const defaultOrder = [
  sql`${memories.sortDate} desc nulls last`,
  sql`${memories.createdAt} desc nulls last`,
  sql`${memories.id} desc nulls last`,
]

/**
 * The day a memory is listed and filtered by: its date, else the day it was created in the user's
 * zone. A memory written now without a createdAt gets the database's now(), read here as today.
 */
const sortDateOf = (date: string | null, createdAt: Date | undefined, zone: string) =>
  date ?? (createdAt ? localDate(createdAt, zone) : todayIn(zone))

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/**
 * A search, built only from letters and digits so no user text reaches the tsquery parser as syntax:
 * whole words with stemming (plainto_tsquery on text and tags), and each word as the start of a word,
 * stemmed ('dent' finds 'dentist') and as written ('runnin' finds 'running', whose stem is 'run'). One
 * tsquery against one column, so the user's GIN postings answer it in one index scan.
 */
function searchCondition(term: string): { where: SQL; rank?: SQL } {
  const words = (term.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16)
  const plain = sql`plainto_tsquery('english', ${term})`
  if (words.length === 0) return { where: sql`${memories.search} @@ ${plain}` }
  const prefix = words.map((w) => `'${w}':*`).join(' & ')
  const stemmed = sql`(${plain} || to_tsquery('english', ${prefix}))`
  const where = sql`${memories.search} @@ (${stemmed} || to_tsquery('simple', ${prefix}))`
  // One or two letters match a large share of everything: newest first is as useful as a ranking
  // there, and lets a page stop after a dozen index entries.
  if (!words.some((w) => w.length >= 3)) return { where }
  return { where, rank: sql`ts_rank(${memories.search}, ${stemmed})` }
}

function filterConditions(userId: string, q: MemoryQuery): { where: SQL; rank?: SQL } {
  const conditions: SQL[] = [eq(memories.userId, userId)]
  let rank: SQL | undefined
  if (q.searchTerm) {
    const search = searchCondition(q.searchTerm)
    conditions.push(search.where)
    rank = search.rank
  }
  if (q.tags?.length) conditions.push(sql`remi_lower_tags(${memories.tags}) @> ${textArray(q.tags)}`)
  if (q.startDate) conditions.push(gte(memories.sortDate, q.startDate))
  if (q.endDate) conditions.push(lte(memories.sortDate, q.endDate))
  return { where: and(...conditions)!, ...(rank ? { rank } : {}) }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Planner hint for searches, set for their transaction only. With most rows belonging to one
 * user, PostgreSQL can cost `@@` per row as nearly free and pick a sequential scan that evaluates
 * it on every memory; the user's GIN postings answer in a few ms. A user-scoped index path always
 * exists, so this never leaves the planner without a plan.
 */
export const SEARCH_PLANNER_SETTING = 'set local enable_seqscan = off'

const hasFilters = (q: MemoryQuery) => Boolean(q.searchTerm || q.tags?.length || q.startDate || q.endDate)

export function createMemoriesRepo(db: Db) {
  /**
   * A page in the list order. Past the first page the ids are picked first, from the list index alone
   * (an index-only scan over the skipped entries), and only the page's rows are read.
   */
  function pageQuery(where: SQL, page: number, pageSize: number) {
    const offset = (page - 1) * pageSize
    if (offset === 0)
      return db
        .select(columns)
        .from(memories)
        .where(where)
        .orderBy(...defaultOrder)
        .limit(pageSize)
    const ids = db
      .select({ id: memories.id })
      .from(memories)
      .where(where)
      .orderBy(...defaultOrder)
      .limit(pageSize)
      .offset(offset)
    return db
      .select(columns)
      .from(memories)
      .where(inArray(memories.id, ids))
      .orderBy(...defaultOrder)
  }

  /** The user's number of memories, from the counter the triggers of migration 0007 keep. */
  async function userTotal(userId: string): Promise<number> {
    const [row] = await db
      .select({ total: memoryCounts.total })
      .from(memoryCounts)
      .where(eq(memoryCounts.userId, userId))
    return row?.total ?? 0
  }

  async function countWhere(exec: Db | Tx, where: SQL): Promise<number> {
    const [row] = await exec.select({ count: count() }).from(memories).where(where)
    return row?.count ?? 0
  }

  /**
   * A search ranks every match anyway (relevance first), so the same pass counts them: one statement,
   * count(*) over (), instead of a second scan for the total. The ranking and counting run over narrow
   * rows (id, rank, the order's keys), so thousands of matches stay in memory instead of spilling to
   * disk; only the page's rows are then read whole.
   */
  async function search(userId: string, q: MemoryQuery, page: number, pageSize: number) {
    const { where, rank } = filterConditions(userId, q)
    return db.transaction(async (tx) => {
      await tx.execute(sql.raw(SEARCH_PLANNER_SETTING))
      const ranked = tx
        .select({
          id: memories.id,
          rank: (rank ?? sql`0`).mapWith(Number).as('rank'),
          sortDate: memories.sortDate,
          createdAt: memories.createdAt,
          total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
        })
        .from(memories)
        .where(where)
        .orderBy(...(rank ? [sql`${rank} desc`, ...defaultOrder] : defaultOrder))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .as('ranked')
      const found = await tx
        .select({ ...columns, total: ranked.total })
        .from(ranked)
        .innerJoin(memories, eq(memories.id, ranked.id))
        .orderBy(
          sql`${ranked.rank} desc`,
          sql`${ranked.sortDate} desc nulls last`,
          sql`${ranked.createdAt} desc nulls last`,
          sql`${ranked.id} desc nulls last`,
        )
      const rows = found.map(({ total: _total, ...row }) => row)
      // Past the last page no row carries the total.
      const totalCount = found[0]?.total ?? (page > 1 ? await countWhere(tx, where) : 0)
      return { rows, totalCount }
    })
  }

  return {
    async list(userId: string, q: MemoryQuery, page: number, pageSize: number) {
      if (q.searchTerm) return search(userId, q, page, pageSize)
      const { where } = filterConditions(userId, q)
      // Two statements at once (two pool connections on PostgreSQL); the unfiltered total is the counter.
      const [rows, totalCount] = await Promise.all([
        pageQuery(where, page, pageSize),
        hasFilters(q) ? countWhere(db, where) : userTotal(userId),
      ])
      return { rows, totalCount }
    },

    async count(userId: string, q: MemoryQuery): Promise<number> {
      if (!hasFilters(q)) return userTotal(userId)
      const { where } = filterConditions(userId, q)
      if (!q.searchTerm) return countWhere(db, where)
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(SEARCH_PLANNER_SETTING))
        return countWhere(tx, where)
      })
    },

    async get(userId: string, id: string): Promise<MemoryRecord | undefined> {
      const [row] = await db
        .select(columns)
        .from(memories)
        .where(and(eq(memories.id, id), eq(memories.userId, userId)))
      return row
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
      changes: { text: string; tags?: string[] | undefined; date?: string | null | undefined },
      zone: string,
    ): Promise<MemoryRecord | undefined> {
      const write = async (exec: Db | Tx, sortDate: string | undefined) => {
        const [row] = await exec
          .update(memories)
          .set({
            text: changes.text,
            ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
            ...(changes.date !== undefined ? { date: changes.date } : {}),
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

    /** Tags counted case-insensitively, shown in their most common spelling. */
    async tagCounts(userId: string): Promise<{ name: string; count: number }[]> {
      const result = (await db.execute(sql`
        select mode() within group (order by t) as name, count(*)::int as count
        from ${memories}, unnest(${memories.tags}) as t
        where ${memories.userId} = ${userId}
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

    /**
     * Upserts by id in one transaction: all rows land or none. Only the user's own ids are kept;
     * every other id (another user's or unknown alike) is passed through `remapForeignId`, so
     * another user's row is never touched and the result does not tell which ids exist.
     */
    async importAll(
      userId: string,
      items: NewMemory[],
      remapForeignId: (id: string) => string,
      zone: string,
    ) {
      return db.transaction(async (tx) => {
        const ids = items.flatMap((m) => (m.id ? [m.id] : []))
        const own = new Set<string>()
        for (let i = 0; i < ids.length; i += 1000) {
          const chunk = ids.slice(i, i + 1000)
          const rows = await tx
            .select({ id: memories.id })
            .from(memories)
            .where(and(inArray(memories.id, chunk), eq(memories.userId, userId)))
          for (const r of rows) own.add(r.id)
        }
        const rows = items.map((m) => ({
          ...m,
          ...(m.id && !own.has(m.id) ? { id: remapForeignId(m.id) } : {}),
          userId,
          sortDate: sortDateOf(m.date, m.createdAt, zone),
        }))
        // A remapped id can equal another id of the same file; one insert cannot write a row twice.
        if (new Set(rows.flatMap((r) => (r.id ? [r.id] : []))).size !== ids.length)
          throw new ImportConflictError()
        let created = 0
        let updated = 0
        for (let i = 0; i < rows.length; i += 1000) {
          const chunk = rows.slice(i, i + 1000)
          const written = await tx
            .insert(memories)
            .values(chunk)
            .onConflictDoUpdate({
              target: memories.id,
              set: {
                text: sql`excluded.text`,
                tags: sql`excluded.tags`,
                date: sql`excluded.date`,
                sortDate: sql`excluded.sort_date`,
                createdAt: sql`excluded.created_at`,
                updatedAt: sql`excluded.updated_at`,
              },
              setWhere: eq(memories.userId, userId),
            })
            .returning({ inserted: sql<boolean>`(xmax = 0)` })
          // A row skipped by setWhere belongs to someone else: abort rather than import part of the file.
          if (written.length !== chunk.length) throw new ImportConflictError()
          for (const w of written) {
            if (w.inserted) created += 1
            else updated += 1
          }
        }
        return { created, updated }
      })
    },
  }
}
export type MemoriesRepo = ReturnType<typeof createMemoriesRepo>

export class ImportConflictError extends Error {
  constructor() {
    super('Some memories in the file could not be imported.')
    this.name = 'ImportConflictError'
  }
}
