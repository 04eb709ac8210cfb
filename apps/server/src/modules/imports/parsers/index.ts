import type { NoteImportFormat } from '@remi/shared'
import { badRequest } from '../../../lib/errors.ts'
import { diskFile, openArchive, type SourceFile } from './archive.ts'
import { isBearBackup, parseBear } from './bear.ts'
import { parseEvernote } from './evernote.ts'
import { isKeepNoteFile, parseKeep } from './keep.ts'
import { isMarkdownFile, parseMarkdown } from './markdown.ts'
import type { NoteSink } from './note.ts'

export interface Upload {
  /** The name the browser gave it. */
  name: string
  path: string
  size: number
}

/** A parser: the files holding its notes, and every file of the upload (where a note's images are). */
type Parser = (files: SourceFile[], emit: NoteSink, all: SourceFile[]) => Promise<void>

const parsers: Record<NoteImportFormat, Parser> = {
  keep: parseKeep,
  evernote: parseEvernote,
  bear: parseBear,
  markdown: parseMarkdown,
}

export const UNKNOWN_FILE =
  'This is not a file Remi can import notes from: choose a Google Keep Takeout (.zip or its .json notes), an Evernote export (.enex), a Bear backup (.bear2bk) or Markdown notes (.md, or a .zip of a folder).'

/** Which app an archive's entries come from, and the entries that hold its notes. */
function archiveFormat(name: string, files: SourceFile[]): { format: NoteImportFormat; files: SourceFile[] } {
  const names = files.map((f) => f.name)
  if (/\.bear2bk$/i.test(name) || isBearBackup(names)) return { format: 'bear', files }
  const keepFolder = files.filter((f) => /(^|\/)Keep\/[^/]+\.json$/i.test(f.name))
  if (keepFolder.length) return { format: 'keep', files: keepFolder }
  const enex = files.filter((f) => /\.enex$/i.test(f.name))
  if (enex.length) return { format: 'evernote', files: enex }
  const markdown = files.filter((f) => isMarkdownFile(f.name))
  if (markdown.length) return { format: 'markdown', files: markdown }
  const json = files.filter((f) => isKeepNoteFile(f.name))
  if (json.length) return { format: 'keep', files: json }
  throw badRequest(`No notes found in ${name}. ${UNKNOWN_FILE}`)
}

function fileFormat(name: string): NoteImportFormat | 'zip' | null {
  if (/\.(zip|bear2bk)$/i.test(name)) return 'zip'
  if (/\.enex$/i.test(name)) return 'evernote'
  if (isKeepNoteFile(name)) return 'keep'
  if (isMarkdownFile(name)) return 'markdown'
  return null
}

/**
 * Works out which app the uploaded files come from (all of one kind: 400 otherwise), tells `onFormat`,
 * and reads their notes, handing each to `emit` as it is read.
 */
export async function readNotes(
  uploads: Upload[],
  emit: NoteSink,
  onFormat: (format: NoteImportFormat) => void = () => {},
): Promise<{ format: NoteImportFormat }> {
  const kinds = uploads.map((u) => ({ upload: u, kind: fileFormat(u.name) }))
  const unknown = kinds.find((k) => k.kind === null)
  if (unknown) throw badRequest(`${unknown.upload.name}: ${UNKNOWN_FILE}`)
  const archives = kinds.filter((k) => k.kind === 'zip')
  if (archives.length > 1 || (archives.length === 1 && uploads.length > 1))
    throw badRequest('Send one archive at a time, or several note files of one kind.')
  if (archives.length === 1) {
    const upload = archives[0]!.upload
    const archive = await openArchive(upload.path)
    try {
      const { format, files } = archiveFormat(upload.name, archive.files)
      onFormat(format)
      await parsers[format](files, emit, archive.files)
      return { format }
    } finally {
      archive.close()
    }
  }
  const formats = new Set(kinds.map((k) => k.kind as NoteImportFormat))
  if (formats.size !== 1)
    throw badRequest('Send files of one kind at a time (all .json, all .enex or all .md).')
  const format = [...formats][0]!
  onFormat(format)
  const files = uploads.map((u) => diskFile(u.name, u.path, u.size))
  await parsers[format](files, emit, files)
  return { format }
}
