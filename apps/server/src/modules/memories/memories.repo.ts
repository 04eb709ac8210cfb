import { localDate, todayIn } from '@remi/shared'
import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { giveWay, isSingleBackend, type Db } from '../../db/client.ts'
import { memories, memoryCounts, memoryImports, memoryImportUndo } from '../../db/schema.ts'

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
 * exists, so this never leaves the planner without a plan. A common word matches thousands of
 * memories, all ranked and counted at once: with the default 4 MB of work_mem that window spilled to
 * disk (EXPLAIN at 100 000 memories: temp read 399, written 375). One statement, for every engine.
 */
export const SEARCH_PLANNER_SETTING =
  "select set_config('enable_seqscan', 'off', true), set_config('work_mem', '32MB', true)"

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
     * Upserts by id, all rows or none. Only the user's own ids are kept; every other id (another user's
     * or unknown alike) is passed through `remapForeignId`, so another user's row is never touched and
     * the result does not tell which ids exist. On PostgreSQL that is one transaction. PGlite is one
     * backend, where a transaction holds back every other request until it ends, so there the rows go
     * in steps of their own, each logging what it changed, and a failure (or, after a crash, the next
     * start: recoverImports) puts everything back.
     */
    async importAll(
      userId: string,
      items: NewMemory[],
      remapForeignId: (id: string) => string,
      zone: string,
    ): Promise<{ created: number; updated: number }> {
      if (!isSingleBackend(db)) {
        return db.transaction(async (tx) => {
          const rows = await importRows(tx, userId, items, remapForeignId)
          const counts = { created: 0, updated: 0 }
          for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
            await writeImportChunk(tx, userId, rows.slice(i, i + IMPORT_CHUNK), zone, counts)
          }
          return counts
        })
      }
      const [job] = await db
        .insert(memoryImports)
        .values({ userId })
        .onConflictDoNothing()
        .returning({ id: memoryImports.id })
      if (!job) throw new ImportRunningError()
      const counts = { created: 0, updated: 0 }
      try {
        const rows = await importRows(db, userId, items, remapForeignId)
        for (let i = 0; i < rows.length; i += IMPORT_STEP) {
          const chunk = rows.slice(i, i + IMPORT_STEP)
          await db.transaction(async (tx) => {
            await tx.execute(sql`
              insert into ${memoryImportUndo} (import_id, memory_id, previous)
              select ${job.id}, v.id, (
                select jsonb_build_object('text', m.text, 'tags', m.tags, 'date', m.date,
                  'sort_date', m.sort_date, 'created_at', m.created_at, 'updated_at', m.updated_at)
                from ${memories} m where m.id = v.id and m.user_id = ${userId})
              from unnest(${uuidArray(chunk.map((r) => r.id))}) as v(id)`)
            await writeImportChunk(tx, userId, chunk, zone, counts)
          })
          // Other people's requests go first between steps: an import may take longer, a page may not.
          await giveWay(db, 250)
        }
        await db.update(memoryImports).set({ finishedAt: new Date() }).where(eq(memoryImports.id, job.id))
      } catch (error) {
        // If this fails too (the database went away), the next start does it.
        await rollBackImport(job.id, userId)
          .then(() => forgetImport(job.id))
          .catch(() => {})
        throw error
      }
      await forgetImport(job.id)
      return counts
    },

    /** At start-up: imports a crash left unfinished are rolled back, finished ones forgotten. */
    async recoverImports(): Promise<number> {
      const jobs = await db.select().from(memoryImports)
      for (const job of jobs) {
        if (!job.finishedAt) await rollBackImport(job.id, job.userId)
        await forgetImport(job.id)
      }
      return jobs.filter((j) => !j.finishedAt).length
    },
  }

  /** Undoes an import's steps, a batch of its log at a time. */
  async function rollBackImport(importId: string, userId: string) {
    for (let round = 0; round < 1_000_000; round++) {
      const done = await db.transaction(async (tx) => {
        const batch = await tx
          .select({ memoryId: memoryImportUndo.memoryId, previous: memoryImportUndo.previous })
          .from(memoryImportUndo)
          .where(eq(memoryImportUndo.importId, importId))
          .limit(IMPORT_CHUNK)
        if (batch.length === 0) return true
        const created = batch.filter((b) => b.previous === null).map((b) => b.memoryId)
        const changed = batch.filter((b) => b.previous !== null).map((b) => b.memoryId)
        if (created.length)
          await tx.delete(memories).where(and(inArray(memories.id, created), eq(memories.userId, userId)))
        if (changed.length)
          await tx.execute(sql`
            update ${memories} m set text = p.text, tags = p.tags, date = p.date, sort_date = p.sort_date,
              created_at = p.created_at, updated_at = p.updated_at
            from ${memoryImportUndo} u, jsonb_to_record(u.previous) as p(text text, tags text[], date date,
              sort_date date, created_at timestamptz, updated_at timestamptz)
            where u.import_id = ${importId} and u.memory_id = any(${uuidArray(changed)})
              and m.id = u.memory_id and m.user_id = ${userId}`)
        await tx.delete(memoryImportUndo).where(
          and(
            eq(memoryImportUndo.importId, importId),
            inArray(
              memoryImportUndo.memoryId,
              batch.map((b) => b.memoryId),
            ),
          ),
        )
        return false
      })
      if (done) return
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  /** Deletes an import's log a batch at a time (one big delete would hold PGlite), then the import. */
  async function forgetImport(importId: string) {
    for (let round = 0; round < 1_000_000; round++) {
      const result = await db.execute(sql`
        delete from ${memoryImportUndo} where import_id = ${importId} and memory_id in (
          select memory_id from ${memoryImportUndo} where import_id = ${importId} limit 5000)`)
      if (((result as unknown as { rowCount?: number | null }).rowCount ?? 0) === 0) break
      await new Promise((resolve) => setImmediate(resolve))
    }
    await db.delete(memoryImports).where(eq(memoryImports.id, importId))
  }
}
export type MemoriesRepo = ReturnType<typeof createMemoriesRepo>

const IMPORT_CHUNK = 1000
/** Rows per step on PGlite: each step holds the backend, so other requests wait at most one step. */
const IMPORT_STEP = 250
type Exec = Db | Parameters<Parameters<Db['transaction']>[0]>[0]
type ImportRow = NewMemory & { id: string }

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

/** The file's memories with the ids they will have: own ids kept, others remapped, new ones made here. */
async function importRows(
  exec: Exec,
  userId: string,
  items: NewMemory[],
  remapForeignId: (id: string) => string,
): Promise<ImportRow[]> {
  const ids = items.flatMap((m) => (m.id ? [m.id] : []))
  const own = new Set<string>()
  for (let i = 0; i < ids.length; i += IMPORT_CHUNK) {
    const rows = await exec
      .select({ id: memories.id })
      .from(memories)
      .where(and(inArray(memories.id, ids.slice(i, i + IMPORT_CHUNK)), eq(memories.userId, userId)))
    for (const r of rows) own.add(r.id)
  }
  const rows: ImportRow[] = []
  const seen = new Set<string>()
  for (const m of items) {
    const id = m.id ? (own.has(m.id) ? m.id : remapForeignId(m.id)) : randomUUID()
    // A remapped id can equal another id of the same file; one insert cannot write a row twice.
    if (seen.has(id)) throw new ImportConflictError()
    seen.add(id)
    rows.push({ ...m, id })
    // A large file is a lot of work for this thread: others' requests get turns in between.
    if (rows.length % IMPORT_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve))
  }
  return rows
}

/** Upserts one step's rows; a row skipped by setWhere belongs to someone else: the whole import fails. */
async function writeImportChunk(
  exec: Exec,
  userId: string,
  chunk: ImportRow[],
  zone: string,
  counts: { created: number; updated: number },
) {
  const written = await exec
    .insert(memories)
    .values(chunk.map((m) => ({ ...m, userId, sortDate: sortDateOf(m.date, m.createdAt, zone) })))
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
  if (written.length !== chunk.length) throw new ImportConflictError()
  for (const w of written) {
    if (w.inserted) counts.created += 1
    else counts.updated += 1
  }
}

export class ImportRunningError extends Error {
  constructor() {
    super('An import is already running for this account.')
    this.name = 'ImportRunningError'
  }
}

export class ImportConflictError extends Error {
  constructor() {
    super('Some memories in the file could not be imported.')
    this.name = 'ImportConflictError'
  }
}
