import type {
  NoteImportCounts,
  NoteImportFormat,
  NoteImportPreviewItem,
  NoteImportSkipped,
} from '@remi/shared'
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { giveWay, isSingleBackend, type Db } from '../../db/client.ts'
import {
  memories,
  memoryAttachments,
  noteImportFiles,
  noteImportItems,
  noteImportMemories,
  noteImports,
} from '../../db/schema.ts'

export interface ImportItem {
  seq: number
  memoryId: string
  text: string
  tags: string[]
  date: string | null
  createdAt: Date | null
}

export type ImportRow = typeof noteImports.$inferSelect

/** Rows written per statement, and per step on PGlite (each step holds its one backend). */
const STEP = 250

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export function createImportsRepo(db: Db) {
  /** Writes items seq from..to (inclusive) as memories (an id already there is left as it is) and logs the new ones. */
  async function writeStep(
    exec: Db | Tx,
    importId: string,
    userId: string,
    zone: string,
    from: number,
    to: number,
  ) {
    const result = await exec.execute(sql`
      with written as (
        insert into ${memories} (id, user_id, text, tags, date, sort_date, created_at, updated_at)
        select i.memory_id, ${userId}, i.text, i.tags, i.date,
          coalesce(i.date, (coalesce(i.created_at, now()) at time zone ${zone})::date),
          coalesce(i.created_at, now()), now()
        from ${noteImportItems} i
        where i.import_id = ${importId} and i.seq between ${from} and ${to}
        order by i.seq
        on conflict (id) do nothing
        returning id),
      logged as (
        insert into ${noteImportMemories} (import_id, memory_id)
        select ${importId}, id from written on conflict do nothing returning memory_id)
      select count(*)::int as created from logged`)
    return Number((result as unknown as { rows: { created: number }[] }).rows[0]?.created ?? 0)
  }

  /** Removes what an import created (a failed or crashed run, or an undo), a step at a time. */
  async function removeCreated(importId: string, userId: string): Promise<number> {
    let removed = 0
    for (;;) {
      const batch = await db
        .select({ memoryId: noteImportMemories.memoryId })
        .from(noteImportMemories)
        .where(eq(noteImportMemories.importId, importId))
        .limit(1000)
      if (!batch.length) return removed
      const ids = batch.map((b) => b.memoryId)
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(memories)
          .where(and(inArray(memories.id, ids), eq(memories.userId, userId)))
          .returning({ id: memories.id })
        removed += gone.length
        await tx
          .delete(noteImportMemories)
          .where(and(eq(noteImportMemories.importId, importId), inArray(noteImportMemories.memoryId, ids)))
      })
      await giveWay(db, 250)
    }
  }

  return {
    async create(
      userId: string,
      fields: { format: NoteImportFormat; fileName: string; fingerprint: string },
    ) {
      const [row] = await db
        .insert(noteImports)
        .values({ userId, ...fields, counts: {}, skipped: [], preview: [] })
        .returning({ id: noteImports.id })
      return row!.id
    },

    /** A note's file, kept until the job attaches it to the memory (memoryId) the note becomes. */
    async addFile(importId: string, file: { seq: number; memoryId: string; name: string; data: Buffer }) {
      await db.insert(noteImportFiles).values({ importId, ...file })
    },

    /** The import's next file to attach after `after` (one at a time: a file may be 20 MB), or none. */
    async nextFile(importId: string, after: number) {
      const [row] = await db
        .select()
        .from(noteImportFiles)
        .where(and(eq(noteImportFiles.importId, importId), gt(noteImportFiles.seq, after)))
        .orderBy(noteImportFiles.seq)
        .limit(1)
      return row
    },

    /** Whether the memory has this file already (attached before a crash cut the import's run short). */
    async hasFile(userId: string, memoryId: string, file: { name: string; data: Buffer }) {
      const rows = await db
        .select({ id: memoryAttachments.id })
        .from(memoryAttachments)
        .where(
          and(
            eq(memoryAttachments.userId, userId),
            eq(memoryAttachments.memoryId, memoryId),
            eq(memoryAttachments.name, file.name),
            eq(memoryAttachments.size, file.data.length),
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    /** Whether this import created the memory (not one an earlier import of the same note had made). */
    async created(importId: string, memoryId: string): Promise<boolean> {
      const rows = await db
        .select({ id: noteImportMemories.memoryId })
        .from(noteImportMemories)
        .where(and(eq(noteImportMemories.importId, importId), eq(noteImportMemories.memoryId, memoryId)))
      return rows.length > 0
    },

    /** Its files attached: the import is done, with what became of them, and its copies of them removed. */
    async filesAttached(
      importId: string,
      fields: { counts: NoteImportCounts; skipped: NoteImportSkipped[] },
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(noteImports)
          .set({ ...fields, status: 'done', finishedAt: new Date() })
          .where(and(eq(noteImports.id, importId), eq(noteImports.status, 'running')))
        await tx.delete(noteImportFiles).where(eq(noteImportFiles.importId, importId))
      })
    },

    async addItems(importId: string, items: ImportItem[]) {
      if (!items.length) return
      await db.insert(noteImportItems).values(items.map((i) => ({ importId, ...i })))
    },

    /** How many of these memory ids the user already has. */
    async existing(userId: string, ids: string[]): Promise<number> {
      if (!ids.length) return 0
      const rows = await db
        .select({ id: memories.id })
        .from(memories)
        .where(and(inArray(memories.id, ids), eq(memories.userId, userId)))
      return rows.length
    },

    async finishParse(
      importId: string,
      fields: {
        format: NoteImportFormat
        counts: NoteImportCounts
        skipped: NoteImportSkipped[]
        preview: NoteImportPreviewItem[]
      },
    ) {
      await db
        .update(noteImports)
        .set({ ...fields, total: fields.counts.memories })
        .where(eq(noteImports.id, importId))
    },

    async remove(importId: string) {
      await db.delete(noteImports).where(eq(noteImports.id, importId))
    },

    async get(userId: string, id: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .select()
        .from(noteImports)
        .where(and(eq(noteImports.id, id), eq(noteImports.userId, userId)))
      return row
    },

    async list(userId: string, limit = 20): Promise<ImportRow[]> {
      return db
        .select()
        .from(noteImports)
        .where(eq(noteImports.userId, userId))
        .orderBy(desc(noteImports.createdAt))
        .limit(limit)
    },

    /** ready (or failed) → queued; false when it is in another state. */
    async queue(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(noteImports)
        .set({ status: 'queued', error: null, progress: 0 })
        .where(
          and(
            eq(noteImports.id, id),
            eq(noteImports.userId, userId),
            inArray(noteImports.status, ['ready', 'failed']),
          ),
        )
        .returning({ id: noteImports.id })
      return rows.length > 0
    },

    /** queued → running, for one worker only. */
    async claim(id: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .update(noteImports)
        .set({ status: 'running', progress: 0 })
        .where(and(eq(noteImports.id, id), eq(noteImports.status, 'queued')))
        .returning()
      return row
    },

    /**
     * Writes every item of a claimed import as memories, all or nothing. PostgreSQL: one transaction
     * (a crash rolls it back; the import row stays locked by it meanwhile). PGlite, one backend that a
     * long transaction would hold for everyone: steps of their own, each logging what it created, and a
     * failure (or after a crash, the next start: recover) removes them all.
     */
    async write(row: ImportRow, zone: string, progress: (done: number) => void): Promise<number> {
      const total = row.total
      if (!isSingleBackend(db)) {
        return db.transaction(async (tx) => {
          await tx.execute(sql`select id from ${noteImports} where id = ${row.id} for update`)
          let created = 0
          for (let from = 0; from < total; from += STEP * 4) {
            created += await writeStep(tx, row.id, row.userId, zone, from, from + STEP * 4 - 1)
            progress(Math.min(total, from + STEP * 4))
          }
          await finish(tx, row.id, created)
          return created
        })
      }
      let created = 0
      try {
        for (let from = 0; from < total; from += STEP) {
          const done = Math.min(total, from + STEP)
          await db.transaction(async (tx) => {
            created += await writeStep(tx, row.id, row.userId, zone, from, from + STEP - 1)
            await tx.update(noteImports).set({ progress: done }).where(eq(noteImports.id, row.id))
          })
          progress(done)
          await giveWay(db, 250)
        }
        await finish(db, row.id, created)
        return created
      } catch (error) {
        await removeCreated(row.id, row.userId).catch(() => {})
        throw error
      }
    },

    async fail(id: string, message: string) {
      await db
        .update(noteImports)
        .set({ status: 'failed', error: message, progress: 0 })
        .where(eq(noteImports.id, id))
    },

    /** Removes what a done import created; its count. Undefined when it is not done (or not theirs). */
    async undo(userId: string, id: string): Promise<number | undefined> {
      const [row] = await db
        .update(noteImports)
        .set({ status: 'undone' })
        .where(and(eq(noteImports.id, id), eq(noteImports.userId, userId), eq(noteImports.status, 'done')))
        .returning({ id: noteImports.id })
      if (!row) return undefined
      return removeCreated(id, userId)
    },

    /**
     * At start-up: imports a crash left running go back to queued, what they wrote removed (PGlite's steps;
     * on PostgreSQL the crash rolled its transaction back). On PostgreSQL a row another instance's running
     * transaction holds is skipped. Returns how many.
     */
    async recover(): Promise<number> {
      if (isSingleBackend(db)) {
        const running = await db.select().from(noteImports).where(eq(noteImports.status, 'running'))
        for (const r of running) {
          await removeCreated(r.id, r.userId)
          await db.update(noteImports).set({ status: 'queued', progress: 0 }).where(eq(noteImports.id, r.id))
        }
        return running.length
      }
      return db.transaction(async (tx) => {
        const result =
          await tx.execute(sql`update ${noteImports} set status = 'queued', progress = 0 where id in (
          select id from ${noteImports} where status = 'running' for update skip locked)`)
        return (result as unknown as { rowCount?: number | null }).rowCount ?? 0
      })
    },

    async queued(): Promise<string[]> {
      const queued = await db
        .select({ id: noteImports.id })
        .from(noteImports)
        .where(eq(noteImports.status, 'queued'))
      return queued.map((q) => q.id)
    },
  }

  /** Its memories written: done, or still running while it has files to attach (the service attaches them). */
  async function finish(exec: Db | Tx, id: string, created: number) {
    await exec.execute(sql`update ${noteImports} set progress = total, finished_at = now(),
      status = case when exists (select 1 from ${noteImportFiles} f where f.import_id = ${id})
        then 'running' else 'done' end,
      counts = jsonb_set(counts, '{created}', to_jsonb(${created}::int)) where id = ${id}`)
    await exec.delete(noteImportItems).where(eq(noteImportItems.importId, id))
  }
}
export type ImportsRepo = ReturnType<typeof createImportsRepo>
