import {
  MEMORY_LIMITS,
  NOTE_IMPORT_LIMITS,
  noteImportSummary,
  type NoteImport,
  type NoteImportCounts,
  type NoteImportPreviewItem,
  type NoteImportSkipped,
  sliceWhole,
} from '@remi/shared'
import { badRequest, conflict, notFound } from '../../lib/errors.ts'
import type { JobKind, JobLogger, JobQueue } from '../../jobs/queue.ts'
import type { ImportItem, ImportRow, ImportsRepo } from './imports.repo.ts'
import type { Upload } from './parsers/index.ts'
import {
  fitTags,
  importedMemoryId,
  memoryTexts,
  noteDay,
  noteInstant,
  notImportedText,
  oneLine,
  storable,
  type NoteItem,
} from './parsers/note.ts'
import { readNotesInWorker } from './read-notes.ts'

export const IMPORT_JOB = 'note-import'
/** The skipped list keeps this many; past it, one line says how many more. */
const SKIPPED_MAX = 5_000
const PREVIEW_TEXT_MAX = 1_000

const zeroCounts = (): NoteImportCounts => ({
  notes: 0,
  toImport: 0,
  trashed: 0,
  empty: 0,
  broken: 0,
  memories: 0,
  alreadyImported: 0,
  created: 0,
})

export function createImportsService(deps: {
  repo: ImportsRepo
  users: { timezoneOf(userId: string): Promise<string> }
  jobs: JobQueue
  logger: JobLogger
  /** Told when an import has written memories (semantic search embeds them). */
  onImported?: (userId: string) => void
}) {
  const { repo, users, logger } = deps
  /** Memories written so far by the imports running in this process (PostgreSQL's one transaction shows none). */
  const live = new Map<string, number>()

  const job: JobKind<{ importId: string }> = deps.jobs.define<{ importId: string }>(IMPORT_JOB, {
    retryLimit: 2,
    retryDelaySeconds: 5,
    // An import that takes longer than this is retried as crashed: 100 000 memories take a few minutes.
    expireInSeconds: 3600,
    work: async (batch) => {
      for (const j of batch) await run(j.data.importId)
    },
  })

  function toNoteImport(row: ImportRow): NoteImport {
    const counts = { ...zeroCounts(), ...(row.counts as Partial<NoteImportCounts>) }
    const done = row.status === 'done' ? row.total : (live.get(row.id) ?? row.progress)
    return {
      id: row.id,
      format: row.format,
      fileName: row.fileName,
      status: row.status === 'queued' && live.has(row.id) ? 'running' : row.status,
      counts,
      progress: { done, total: row.total },
      skipped: row.skipped,
      preview: row.preview as NoteImportPreviewItem[],
      summary: noteImportSummary(counts),
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    }
  }

  async function run(importId: string) {
    const row = await repo.claim(importId)
    if (!row) return // done, undone, or another worker has it
    live.set(importId, 0)
    try {
      const zone = await users.timezoneOf(row.userId)
      const created = await repo.write(row, zone, (done) => live.set(importId, done))
      if (created > 0) deps.onImported?.(row.userId)
      logger.info({ importId, created }, 'note import finished')
    } catch (error) {
      logger.error({ err: error, importId }, 'note import failed; what it wrote was removed')
      await repo.fail(importId, 'The import failed and nothing of it was kept. Try again.').catch(() => {})
    } finally {
      live.delete(importId)
    }
  }

  return {
    /** Reads the uploaded files' notes into a new import, ready to start: its preview. */
    async create(userId: string, uploads: Upload[], fingerprint: string): Promise<NoteImport> {
      const zone = await users.timezoneOf(userId)
      const fileName = uploads[0]?.name ?? 'notes'
      const importId = await repo.create(userId, { format: 'markdown', fileName, fingerprint })
      const counts = zeroCounts()
      const skipped: NoteImportSkipped[] = []
      const preview: NoteImportPreviewItem[] = []
      const occurrences = new Map<string, number>()
      let pending: ImportItem[] = []
      const skip = (note: string, reason: string) => {
        if (skipped.length < SKIPPED_MAX) skipped.push({ note, reason })
        else if (skipped.length === SKIPPED_MAX)
          skipped.push({ note: '…', reason: 'More notes were skipped than are listed here.' })
      }
      const flush = async () => {
        const items = pending
        pending = []
        await repo.addItems(importId, items)
        counts.alreadyImported += await repo.existing(
          userId,
          items.map((i) => i.memoryId),
        )
      }
      const take = async (item: NoteItem) => {
        counts.notes++
        if ('broken' in item) {
          counts.broken++
          skip(item.broken.source, item.broken.reason)
          return
        }
        const { note } = item
        const title = oneLine(note.title)
        const label = title || note.source
        if (note.trashed) {
          counts.trashed++
          skip(label, 'In the trash.')
          return
        }
        const body = storable(note.body).trim()
        if (!title && !body) {
          counts.empty++
          skip(label, 'Empty.')
          return
        }
        counts.toImport++
        const { tags, leftOut } = fitTags([...(note.archived ? ['archived'] : []), ...note.tags])
        for (const reason of leftOut) skip(label, `Not imported: ${reason}.`)
        const notImported = notImportedText(note)
        if (notImported) skip(label, notImported)
        const date = noteDay(note.created, zone)
        const createdAt = noteInstant(note.created)
        const texts = memoryTexts(title, body)
        if (counts.memories + texts.length > MEMORY_LIMITS.importMax)
          throw badRequest(
            `The file makes more than ${MEMORY_LIMITS.importMax.toLocaleString('en')} memories, the most one import may write.`,
          )
        for (const text of texts) {
          const key = `${date}\0${text}`
          const n = occurrences.get(key) ?? 0
          occurrences.set(key, n + 1)
          pending.push({
            seq: counts.memories++,
            memoryId: importedMemoryId(userId, text, date, n),
            text,
            tags,
            date,
            createdAt,
          })
        }
        if (preview.length < NOTE_IMPORT_LIMITS.previewNotes) {
          const first = texts[0]!
          preview.push({
            text: first.length > PREVIEW_TEXT_MAX ? `${sliceWhole(first, PREVIEW_TEXT_MAX)}…` : first,
            tags,
            date,
            notImported,
          })
        }
        if (pending.length >= 500) await flush()
      }
      try {
        // In a worker thread, each note within a time budget: see read-notes.ts.
        const format = await readNotesInWorker(uploads, take)
        await flush()
        await repo.finishParse(importId, { format, counts, skipped, preview })
      } catch (error) {
        await repo.remove(importId)
        throw error
      }
      return toNoteImport((await repo.get(userId, importId))!)
    },

    async get(userId: string, id: string): Promise<NoteImport> {
      const row = await repo.get(userId, id)
      if (!row) throw notFound('Import')
      return toNoteImport(row)
    },

    async list(userId: string): Promise<NoteImport[]> {
      return (await repo.list(userId)).map(toNoteImport)
    },

    /** Hands a previewed import to the job queue. */
    async start(userId: string, id: string): Promise<NoteImport> {
      const row = await repo.get(userId, id)
      if (!row) throw notFound('Import')
      if (row.total === 0) throw badRequest('This import has no notes to import.')
      if (!(await repo.queue(userId, id))) throw conflict('This import has already been started.')
      const sent = await job.send({ importId: id })
      if (!sent) {
        await repo.fail(id, 'Background work is not running on this server; the import could not start.')
        throw conflict('Background work is not running on this server; the import could not start.')
      }
      return toNoteImport((await repo.get(userId, id))!)
    },

    /** "Undo this import": removes exactly the memories it created. */
    async undo(userId: string, id: string): Promise<{ removed: number }> {
      const row = await repo.get(userId, id)
      if (!row) throw notFound('Import')
      const removed = await repo.undo(userId, id)
      if (removed === undefined) throw conflict('Only a finished import can be undone.')
      return { removed }
    },

    /** At start-up, before the first request: imports a crash cut short are rolled back to queued. */
    rollBackCrashed: () => repo.recover(),

    /** Once the job queue runs: queued imports (a crash's among them) are handed to it again. */
    async resume(): Promise<number> {
      const ids = await repo.queued()
      for (const importId of ids) await job.send({ importId })
      return ids.length
    },

    /** Test hook: runs a queued import here and now, as the job would. */
    run,
  }
}
export type ImportsService = ReturnType<typeof createImportsService>
