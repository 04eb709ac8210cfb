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
  NOTE_FILE_ATTACH_MAX,
  type NoteFile,
  type NoteItem,
  type ParsedNote,
} from './parsers/note.ts'
import { readNotesInWorker } from './read-notes.ts'

export const IMPORT_JOB = 'note-import'

/** Without the attachments, a note's files are reported as not imported, as its missing ones are. */
function withFiles(attachments: ParsedNote['attachments'], files: NoteFile[]): ParsedNote['attachments'] {
  if (!files.length) return attachments
  return { count: attachments.count + files.length, kinds: [...attachments.kinds, 'image or file'] }
}

/** The skipped list keeps this many; past it, one line says how many more. */
const SKIPPED_MAX = 5_000
const PREVIEW_TEXT_MAX = 1_000

/**
 * The attachments' checks and store, for the notes' files (attachments module): a file is attached with
 * the same checks as an uploaded one (its sniffed type, 20 MB, the person's allowance, the pixel limit)
 * and read by the same job. Either answers why a file cannot be attached, in words, or null.
 */
export interface ImportFiles {
  /** Checked when the upload is read (`pending`: bytes of this import's files accepted before it). */
  refusal(userId: string, file: { name: string; data: Buffer }, pending: number): Promise<string | null>
  /** Attached to a memory the import created, when the import runs (the allowance checked again). */
  attach(userId: string, memoryId: string, file: { name: string; data: Buffer }): Promise<string | null>
}

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength)
const TOO_BIG_TO_ATTACH = `A file may be at most ${NOTE_FILE_ATTACH_MAX / 1024 / 1024} MB; this one is larger.`
const notAttached = (name: string, reason: string) => `“${name}” not attached: ${reason}`

const zeroCounts = (): NoteImportCounts => ({
  notes: 0,
  toImport: 0,
  trashed: 0,
  empty: 0,
  broken: 0,
  memories: 0,
  alreadyImported: 0,
  created: 0,
  files: 0,
  filesLeftOut: 0,
})

export function createImportsService(deps: {
  repo: ImportsRepo
  users: { timezoneOf(userId: string): Promise<string> }
  jobs: JobQueue
  logger: JobLogger
  /** The notes' files become attachments (without it, they are reported as not imported). */
  files?: ImportFiles
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
      summary: noteImportSummary(counts, row.status === 'done'),
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
      await attachFiles(importId, row.userId)
      if (created > 0) deps.onImported?.(row.userId)
      logger.info({ importId, created }, 'note import finished')
    } catch (error) {
      logger.error({ err: error, importId }, 'note import failed; what it wrote was removed')
      await repo.fail(importId, 'The import failed and nothing of it was kept. Try again.').catch(() => {})
    } finally {
      live.delete(importId)
    }
  }

  /**
   * Once its memories are written, the import's files are attached to them one at a time (each kept in the
   * database until then), then it is done. A file refused now (the allowance reached since the preview) is
   * reported, not a failure of the import.
   */
  async function attachFiles(importId: string, userId: string) {
    const row = await repo.get(userId, importId)
    if (row?.status !== 'running') return
    const counts = { ...zeroCounts(), ...(row.counts as Partial<NoteImportCounts>) }
    const skipped = [...row.skipped]
    let file = await repo.nextFile(importId, -1)
    for (; file; file = await repo.nextFile(importId, file.seq)) {
      // A memory an earlier import of the same note made already has its files; so has one whose file
      // was attached before a crash cut this run short (the run starts again from its first file).
      if (!(await repo.created(importId, file.memoryId))) {
        counts.files = Math.max(0, (counts.files ?? 0) - 1)
        continue
      }
      if (await repo.hasFile(userId, file.memoryId, file)) continue
      const refused = await deps.files!.attach(userId, file.memoryId, file)
      if (refused) {
        counts.files = Math.max(0, (counts.files ?? 0) - 1)
        counts.filesLeftOut = (counts.filesLeftOut ?? 0) + 1
        if (skipped.length < SKIPPED_MAX)
          skipped.push({ note: file.name, reason: notAttached(file.name, refused) })
      }
    }
    await repo.filesAttached(importId, { counts, skipped })
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
      let fileSeq = 0
      let fileBytes = 0
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
        let body = storable(note.body).trim()
        const files = deps.files ? (note.files ?? []) : []
        // A note of files alone (a photo) is named by its first file, as a memory made from files is.
        if (!title && !body && files.length) body = files[0]!.name
        if (!title && !body) {
          counts.empty++
          skip(label, 'Empty.')
          return
        }
        counts.toImport++
        const { tags, leftOut } = fitTags([...(note.archived ? ['archived'] : []), ...note.tags])
        for (const reason of leftOut) skip(label, `Not imported: ${reason}.`)
        const notImported = notImportedText(
          deps.files ? note : { ...note, attachments: withFiles(note.attachments, note.files ?? []) },
        )
        if (notImported) skip(label, notImported)
        const date = noteDay(note.created, zone)
        const createdAt = noteInstant(note.created)
        const texts = memoryTexts(title, body)
        if (counts.memories + texts.length > MEMORY_LIMITS.importMax)
          throw badRequest(
            `The file makes more than ${MEMORY_LIMITS.importMax.toLocaleString('en')} memories, the most one import may write.`,
          )
        const ids: string[] = []
        for (const text of texts) {
          const key = `${date}\0${text}`
          const n = occurrences.get(key) ?? 0
          occurrences.set(key, n + 1)
          ids.push(importedMemoryId(userId, text, date, n))
          pending.push({
            seq: counts.memories++,
            memoryId: ids.at(-1)!,
            text,
            tags,
            date,
            createdAt,
          })
        }
        // Its files go on its first memory, once they pass the attachments' checks.
        const attached: string[] = []
        for (const file of files) {
          const data = file.data && asBuffer(file.data)
          const refused = data
            ? await deps.files!.refusal(userId, { name: file.name, data }, fileBytes)
            : null
          if (!data || refused) {
            counts.filesLeftOut = (counts.filesLeftOut ?? 0) + 1
            skip(label, notAttached(file.name, refused ?? TOO_BIG_TO_ATTACH))
            continue
          }
          await repo.addFile(importId, { seq: fileSeq++, memoryId: ids[0]!, name: file.name, data })
          fileBytes += data.length
          counts.files = (counts.files ?? 0) + 1
          attached.push(file.name)
        }
        if (preview.length < NOTE_IMPORT_LIMITS.previewNotes) {
          const first = texts[0]!
          preview.push({
            text: first.length > PREVIEW_TEXT_MAX ? `${sliceWhole(first, PREVIEW_TEXT_MAX)}…` : first,
            tags,
            date,
            notImported,
            ...(attached.length ? { files: attached } : {}),
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
