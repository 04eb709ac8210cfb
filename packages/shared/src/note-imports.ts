import { z } from 'zod'

/**
 * Imports of notes from other apps (issue 34): Google Keep (a Takeout .zip or its note .json files),
 * Evernote (.enex), Bear 2 backups (.bear2bk) and Markdown (.md files or a .zip of a folder).
 */
export const NOTE_IMPORT_FORMATS = ['keep', 'evernote', 'bear', 'markdown'] as const
export const NoteImportFormat = z.enum(NOTE_IMPORT_FORMATS)
export type NoteImportFormat = z.infer<typeof NoteImportFormat>

/** The limits of one upload (each refused with an answer naming it). */
export const NOTE_IMPORT_LIMITS = {
  /** The upload, all files together: 413 past it. */
  uploadBytes: 200 * 1024 * 1024,
  /** Entries in one archive: 400 past it. */
  archiveEntries: 20_000,
  /** What one archive unpacks to, all entries together: 413 past it. */
  unpackedBytes: 1024 * 1024 * 1024,
  /** Files in one upload. */
  files: 1_000,
  /** The notes shown as they will look in the preview. */
  previewNotes: 5,
} as const

/**
 * Why a note was skipped when reading it took longer than its share of time (a note whose Markdown or HTML
 * makes the parsers work quadratically, or nests thousands deep): the rest of the upload still imports.
 */
export const NOTE_IMPORT_TOO_COMPLEX = 'Not imported: the note is too complex to import.'

/**
 * ready: parsed, waiting for the person to start it. queued/running: the job has it. done: every memory
 * written. failed: nothing written (error says why). undone: its memories were removed.
 */
export const NOTE_IMPORT_STATUSES = ['ready', 'queued', 'running', 'done', 'failed', 'undone'] as const
export const NoteImportStatus = z.enum(NOTE_IMPORT_STATUSES)
export type NoteImportStatus = z.infer<typeof NoteImportStatus>

export const NoteImportCounts = z.object({
  /** Notes found in the files (broken ones included). */
  notes: z.number().int(),
  /** Notes that will become memories. */
  toImport: z.number().int(),
  trashed: z.number().int(),
  empty: z.number().int(),
  /** Notes that could not be read (broken file, encrypted, too big). */
  broken: z.number().int(),
  /** Memories the notes make (a long note makes several parts). */
  memories: z.number().int(),
  /** Of those, memories already there from an earlier import of the same notes (not made again). */
  alreadyImported: z.number().int(),
  /** Memories this import created (once done). */
  created: z.number().int(),
  /** Images and PDFs (and other files that may be attached) the memories get as attachments. */
  files: z.number().int().optional(),
  /** Files of the notes that are not attached (too big, a kind that cannot be, past the allowance). */
  filesLeftOut: z.number().int().optional(),
})
export type NoteImportCounts = z.infer<typeof NoteImportCounts>

/** A note that is not imported, or a part of one that is left out (an extra tag, an attachment). */
export const NoteImportSkipped = z.object({
  /** The note's title, or its file's name. */
  note: z.string(),
  reason: z.string(),
})
export type NoteImportSkipped = z.infer<typeof NoteImportSkipped>

/** A memory as the import will write it. */
export const NoteImportPreviewItem = z.object({
  text: z.string(),
  tags: z.array(z.string()),
  date: z.string().nullable(),
  /** What of the note is not imported: 'Not imported: 2 attachments (images, drawings, recordings).' */
  notImported: z.string().nullable(),
  /** The names of the files the memory gets as attachments. */
  files: z.array(z.string()).optional(),
})
export type NoteImportPreviewItem = z.infer<typeof NoteImportPreviewItem>

export const NoteImport = z.object({
  id: z.string(),
  format: NoteImportFormat,
  /** The uploaded file's name (the first one's, when several were sent). */
  fileName: z.string(),
  status: NoteImportStatus,
  counts: NoteImportCounts,
  /** Memories written so far of `total` (running), all of them once done. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  skipped: z.array(NoteImportSkipped),
  /** The first few memories as they will look. */
  preview: z.array(NoteImportPreviewItem),
  /** "412 notes found: 398 to import, 9 trashed, 5 empty". */
  summary: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type NoteImport = z.infer<typeof NoteImport>

export const NoteImportList = z.object({ items: z.array(NoteImport) })
export type NoteImportList = z.infer<typeof NoteImportList>

export const NoteImportIdParams = z.object({ id: z.uuid({ error: 'Not an import id.' }) })

/** What POST /api/imports answers: the import, parsed and waiting to be started. */
export const NoteImportCreated = z.object({
  id: z.string(),
  format: NoteImportFormat,
  preview: NoteImport,
})
export type NoteImportCreated = z.infer<typeof NoteImportCreated>

export const NoteImportUndoResult = z.object({ removed: z.number().int() })
export type NoteImportUndoResult = z.infer<typeof NoteImportUndoResult>

const filesWord = (n: number) => (n === 1 ? '1 file' : `${n} files`)

/**
 * "412 notes found: 398 to import, 9 trashed, 5 empty; 31 files to attach, 2 not attached" (the parts
 * that are zero left out; "attached" once the import is done).
 */
export function noteImportSummary(
  c: Pick<NoteImportCounts, 'notes' | 'toImport' | 'trashed' | 'empty' | 'broken' | 'files' | 'filesLeftOut'>,
  done = false,
) {
  const parts = [`${c.toImport} to import`]
  if (c.trashed) parts.push(`${c.trashed} trashed`)
  if (c.empty) parts.push(`${c.empty} empty`)
  if (c.broken) parts.push(`${c.broken} could not be read`)
  const files: string[] = []
  if (c.files) files.push(`${filesWord(c.files)} ${done ? 'attached' : 'to attach'}`)
  if (c.filesLeftOut) files.push(`${c.files ? c.filesLeftOut : filesWord(c.filesLeftOut)} not attached`)
  const notes = `${c.notes} ${c.notes === 1 ? 'note' : 'notes'} found: ${parts.join(', ')}`
  return files.length ? `${notes}; ${files.join(', ')}` : notes
}
