import { and, eq, inArray, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { giveWay, inUuids, isSingleBackend, uuidArray, type Db } from '../../db/client.ts'
import { memories, memoryImports, memoryImportUndo } from '../../db/schema.ts'
import { sortDateOf, type NewMemory } from './memory-query.repo.ts'

/** A file's memories taken in, all or none (an import), and an import a crash cut short put back. */
export function createMemoryImportsRepo(db: Db) {
  return {
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
            // The GIN indexes gather new entries in a pending list and merge it into the index when it
            // passes gin_pending_list_limit (4 MB): every ~12 000 imported rows one step took 200-310 ms
            // instead of ~60, and a page waiting behind it 250-340 ms. A small list merges often and
            // briefly (steps at most ~200 ms, p99 ~110; the import ~10 % slower).
            await tx.execute(sql`set local gin_pending_list_limit = '256kB'`)
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
      await nextTurn()
    }
  }

  /** Deletes an import's log a batch at a time (one big delete would hold PGlite), then the import. */
  async function forgetImport(importId: string) {
    for (let round = 0; round < 1_000_000; round++) {
      const result = await db.execute(sql`
        delete from ${memoryImportUndo} where import_id = ${importId} and memory_id in (
          select memory_id from ${memoryImportUndo} where import_id = ${importId} limit 5000)`)
      if (((result as unknown as { rowCount?: number | null }).rowCount ?? 0) === 0) break
      await nextTurn()
    }
    await db.delete(memoryImports).where(eq(memoryImports.id, importId))
  }
}

const IMPORT_CHUNK = 1000
/** Rows per step on PGlite: each step holds the backend, so other requests wait at most one step. */
const IMPORT_STEP = 250
type Exec = Db | Parameters<Parameters<Db['transaction']>[0]>[0]
type ImportRow = NewMemory & { id: string }

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
      .where(and(inUuids(memories.id, ids.slice(i, i + IMPORT_CHUNK)), eq(memories.userId, userId)))
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
    // A large file is a lot of work for this thread (an id hashed for each foreign one): others'
    // requests get turns in between.
    if (rows.length % IMPORT_STEP === 0) await nextTurn()
  }
  return rows
}

/**
 * Upserts one step's rows; a row skipped by the WHERE belongs to someone else: the whole import fails.
 * The rows travel as one JSON parameter read by jsonb_to_recordset: building a thousand-row VALUES list
 * with drizzle cost ~25 ms of this thread per chunk (2.2 s of a 100 000-memory import, in pieces long
 * enough to hold up everyone else's requests); JSON.stringify of the chunk is ~1 ms.
 */
async function writeImportChunk(
  exec: Exec,
  userId: string,
  chunk: ImportRow[],
  zone: string,
  counts: { created: number; updated: number },
) {
  const rows = JSON.stringify(
    chunk.map((m) => ({
      id: m.id,
      text: m.text,
      tags: m.tags,
      date: m.date,
      sort_date: sortDateOf(m.date, m.createdAt, zone),
      created_at: m.createdAt?.toISOString() ?? null,
      updated_at: m.updatedAt?.toISOString() ?? null,
      private: m.private ?? false,
    })),
  )
  // An import never makes a private memory public: a file without the flag (or with false) keeps it private.
  const result = await exec.execute(sql`
    with written as (
      insert into ${memories} (id, user_id, text, tags, date, sort_date, created_at, updated_at, private)
      select r.id, ${userId}, r.text, r.tags, r.date, r.sort_date,
        coalesce(r.created_at, now()), coalesce(r.updated_at, now()), coalesce(r.private, false)
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, text text, tags text[], date date,
        sort_date date, created_at timestamptz, updated_at timestamptz, private boolean)
      on conflict (id) do update set text = excluded.text, tags = excluded.tags, date = excluded.date,
        sort_date = excluded.sort_date, created_at = excluded.created_at, updated_at = excluded.updated_at,
        private = ${memories.private} or excluded.private
        where ${memories.userId} = ${userId}
      returning (xmax = 0) as inserted)
    select count(*)::int as written, (count(*) filter (where inserted))::int as created from written`)
  const [row] = (result as unknown as { rows: { written: number; created: number }[] }).rows
  if (row?.written !== chunk.length) throw new ImportConflictError()
  counts.created += row.created
  counts.updated += row.written - row.created
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
