/**
 * Reads an upload's notes in a worker thread (read-notes.ts starts it, times each note, and ends it when
 * one takes too long): says 'start' before reading each note and posts it once read, numbered in the
 * order the parsers find them, so a worker started after one was ended passes over the notes before.
 */
import { parentPort } from 'node:worker_threads'
import { AppError } from '../../lib/errors.ts'
import { enmlToMarkdown } from './parsers/evernote.ts'
import { readBytes } from './parsers/archive.ts'
import { readNotes } from './parsers/index.ts'
import { markdownNote } from './parsers/markdown.ts'
import { NOTE_FILE_ATTACH_MAX, TooComplexError, type NoteItem } from './parsers/note.ts'
import { NOTE_IMPORT_TOO_COMPLEX } from '@remi/shared'
import type { ReaderInput, ReaderMessage } from './read-notes.ts'

/** Notes posted and not yet taken by the server's thread, at most: the rest wait (memory stays bounded). */
const AHEAD = 64
/** Bytes of notes' files posted and not yet taken, at most (a note past it waits; one note always goes). */
const AHEAD_BYTES = 64 * 1024 * 1024

const port = parentPort!
const post = (message: ReaderMessage) => port.postMessage(message)

/** This thread's CPU time in ms: the same clock the server reads with worker.cpuUsage(). */
function cpuMs(): number {
  const { user, system } = process.threadCpuUsage()
  return (user + system) / 1000
}

// The parsers' first note costs their set-up (compiling, caches): paid here, before any note is timed.
markdownNote('warm-up.md', '---\ntitle: a\n---\n# A\n\nb *c* [d](e) #f\n')
enmlToMarkdown(
  '<en-note><div>a <b>b</b></div><ol><li>c</li></ol><table><tr><td>d</td></tr></table></en-note>',
)

let unanswered = 0
/** The file bytes of each note posted and not yet taken, in order (they are taken in order). */
const unansweredBytes: number[] = []
let bytesAhead = 0
let wake: (() => void) | null = null

port.on('message', (message: ReaderInput | 'taken') => {
  if (message === 'taken') {
    unanswered--
    bytesAhead -= unansweredBytes.shift() ?? 0
    wake?.()
    return
  }
  void read(message)
})

/** What a note that could not be read becomes: a stack overflow or a nesting refused is 'too complex'. */
function unreadable(source: string, error: unknown): NoteItem {
  const tooComplex =
    error instanceof TooComplexError || (error instanceof RangeError && /call stack/i.test(error.message))
  const reason = tooComplex ? NOTE_IMPORT_TOO_COMPLEX : 'Not imported: the note could not be read.'
  return { broken: { source, reason } }
}

async function read({ uploads, after }: ReaderInput) {
  let n = 0
  try {
    await readNotes(
      uploads,
      async ({ source, bytes, read: readNote }) => {
        n++
        if (n <= after) return
        post({ type: 'start', n, source, bytes, cpuMs: cpuMs() })
        let item: NoteItem
        try {
          item = await readNote()
        } catch (error) {
          item = unreadable(source, error)
        }
        post({ type: 'parsed', n, cpuMs: cpuMs() })
        // Its files are read once it is parsed (not timed: reading is linear) and handed over, not copied.
        if ('note' in item && item.note.fileSources) {
          const { fileSources, ...note } = item.note
          item = { note }
          if (!note.trashed) {
            note.files = [...(note.files ?? [])]
            for (const file of fileSources)
              note.files.push({
                name: file.name.split('/').pop() || 'file',
                size: file.size,
                data: await readBytes(file, NOTE_FILE_ATTACH_MAX).catch(() => null),
              })
          }
        }
        const buffers =
          'note' in item
            ? (item.note.files ?? []).flatMap((f) => (f.data ? [f.data.buffer as ArrayBuffer] : []))
            : []
        const fileBytes = buffers.reduce((sum, b) => sum + b.byteLength, 0)
        port.postMessage({ type: 'item', n, item } satisfies ReaderMessage, buffers)
        unanswered++
        unansweredBytes.push(fileBytes)
        bytesAhead += fileBytes
        while (unanswered >= AHEAD || (bytesAhead > AHEAD_BYTES && unanswered > 0))
          await new Promise<void>((resolve) => (wake = resolve))
      },
      (format) => post({ type: 'format', format }),
    )
    post({ type: 'done' })
  } catch (error) {
    if (error instanceof AppError)
      post({ type: 'refused', status: error.statusCode, code: error.code, message: error.message })
    else post({ type: 'failed', message: (error as Error).message })
  }
}
