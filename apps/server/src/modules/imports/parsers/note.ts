import { createHash } from 'node:crypto'
import type { SourceFile } from './archive.ts'
import {
  ATTACHMENT_LIMITS,
  isMemoryDate,
  localDate,
  MEMORY_LIMITS,
  normalizeTags,
  sliceWhole,
} from '@remi/shared'

/**
 * A file of a note (a Keep note's image, an Evernote resource, a Bear asset), to become an attachment of
 * its memory. Its bytes have an ArrayBuffer of their own (handed from the reader's thread to the server's
 * without a copy); none when it is bigger than an attachment may be (it is only reported).
 */
export interface NoteFile {
  name: string
  size: number
  data: Uint8Array | null
}

/** A note's file bigger than this is not read: it could not be attached (ATTACHMENT_LIMITS). */
export const NOTE_FILE_ATTACH_MAX = ATTACHMENT_LIMITS.fileBytes

/** A note as a parser read it from another app's file, before it becomes memories. */
export interface ParsedNote {
  /** Where it came from (a file, an entry of an archive): named in the skipped list when it has no title. */
  source: string
  title: string
  /** Markdown. */
  body: string
  tags: string[]
  /** When the note was made: an instant, or a day written without a time ('2026-01-14'). */
  created: Date | string | null
  trashed: boolean
  archived: boolean
  /** Images, drawings, recordings and other files the note had that are not there to import. */
  attachments: { count: number; kinds: string[] }
  /** The note's files that are there: attached to its memory when they pass the attachments' checks. */
  files?: NoteFile[]
  /**
   * Files still to read into `files` (a Keep note's images, a Bear note's assets): read by the reader
   * after the note is parsed and timed (read-notes.worker.ts), never handed to the server's thread.
   */
  fileSources?: SourceFile[]
  /** Parts of the note left out for another reason ('encrypted text'). */
  leftOut?: string[]
}

/** A note that could not be read at all: listed as skipped with the reason. */
export interface BrokenNote {
  source: string
  reason: string
}

export type NoteItem = { note: ParsedNote } | { broken: BrokenNote }

/**
 * What a parser hands over, one note at a time (a big file is never held whole as notes): the note's name
 * and size, and how to read it. Reading is the costly part (Markdown and HTML parsers): the reader
 * (read-notes.worker.ts) times each one, and passes over the notes an earlier worker already read.
 */
export type NoteSink = (note: {
  source: string
  bytes: number
  read: () => NoteItem | Promise<NoteItem>
}) => Promise<void>

/** A note whose structure no parser should be asked to walk (thousands of levels deep): skipped. */
export class TooComplexError extends Error {}

export const noAttachments = () => ({ count: 0, kinds: [] as string[] })

/** Text as the database takes it: no NUL, no lone surrogates, Windows line ends as \n. */
export function storable(text: string): string {
  return text
    .replaceAll('\u0000', '')
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/\r\n?/g, '\n')
}

/** A day ('YYYY-MM-DD') in the user's zone for a note's creation time; null when there is none. */
export function noteDay(created: Date | string | null, zone: string): string | null {
  if (created === null) return null
  if (created instanceof Date) {
    if (Number.isNaN(+created)) return null
    const day = localDate(created, zone)
    return isMemoryDate(day) ? day : null
  }
  const text = created.trim()
  // A time with a zone (Z, +10:00) is an instant; a day or a time without one is read as written.
  if (/[T ]\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return noteDay(new Date(text), zone)
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(text)?.[1]
  return day && isMemoryDate(day) ? day : null
}

/** The instant a note was made, when known (a memory's createdAt). */
export function noteInstant(created: Date | string | null): Date | null {
  if (created instanceof Date) return Number.isNaN(+created) ? null : created
  if (typeof created === 'string' && /[T ]\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/i.test(created.trim())) {
    const d = new Date(created.trim())
    return Number.isNaN(+d) ? null : d
  }
  return null
}

/** "Not imported: 2 attachments (image, drawing)." or null. */
export function notImportedText(note: ParsedNote): string | null {
  const parts: string[] = []
  const { count, kinds } = note.attachments
  if (count > 0) {
    const what = count === 1 ? '1 attachment' : `${count} attachments`
    parts.push(kinds.length ? `${what} (${[...new Set(kinds)].join(', ')})` : what)
  }
  parts.push(...(note.leftOut ?? []))
  return parts.length ? `Not imported: ${parts.join('; ')}.` : null
}

/** The tags a memory may carry (MEMORY_LIMITS), and the ones left out with the reason. */
export function fitTags(tags: string[]): { tags: string[]; leftOut: string[] } {
  const kept: string[] = []
  const leftOut: string[] = []
  for (const tag of normalizeTags(tags.map((t) => storable(t).replace(/\s+/g, ' ')))) {
    if (tag.length > MEMORY_LIMITS.tagMax)
      leftOut.push(`tag “${tag}” is longer than ${MEMORY_LIMITS.tagMax} characters`)
    else if (kept.length >= MEMORY_LIMITS.tagsMax)
      leftOut.push(`tag “${tag}” left out: a memory has at most ${MEMORY_LIMITS.tagsMax} tags`)
    else kept.push(tag)
  }
  return { tags: kept, leftOut }
}

/** Where a part of a long note may end: a blank line, else a line end, else a space, else anywhere. */
function cutAt(text: string, max: number): number {
  if (text.length <= max) return text.length
  const window = text.slice(0, max)
  for (const sep of ['\n\n', '\n', ' ']) {
    const at = window.lastIndexOf(sep)
    if (at > max / 4) return at + sep.length
  }
  return sliceWhole(text, max).length
}

/**
 * The memory texts of a note: the title as the first line, then the body. One longer than a memory
 * may be is split into parts that each start with the title and "(part 2 of 3)"; nothing is cut.
 */
export function memoryTexts(title: string, body: string, max: number = MEMORY_LIMITS.textMax): string[] {
  const whole = title && body ? `${title}\n\n${body}` : title || body
  if (whole.length <= max) return [whole]
  // A title too long to head every part goes in the first part's text instead.
  const head = title.length <= 200 ? title : ''
  const rest = head ? body : whole
  const room = max - `${head} (part 99999 of 99999)\n\n`.length
  const chunks: string[] = []
  let text = rest
  while (text.length) {
    const at = cutAt(text, room)
    const chunk = text.slice(0, at).trim()
    if (chunk) chunks.push(chunk)
    text = text.slice(at)
  }
  return chunks.map((chunk, i) => {
    const label = `(part ${i + 1} of ${chunks.length})`
    return `${head ? `${head} ${label}` : label}\n\n${chunk}`
  })
}

/** A stable memory id for a user's memory with this text and day (the n-th alike in its file). */
export function importedMemoryId(userId: string, text: string, day: string | null, occurrence: number) {
  const h = createHash('sha256')
    .update(`remi-note-import\0${userId}\0${day ?? ''}\0${occurrence}\0${text}`)
    .digest('hex')
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** A title on one line. */
export const oneLine = (text: string) => storable(text).replace(/\s+/g, ' ').trim()

/** The file name without its folders and its extension. */
export function fileStem(path: string): string {
  const name = path.split('/').pop() ?? path
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(0, dot) : name
}
