/**
 * Reads an upload's notes in a worker thread (read-notes.ts starts it, times each note, and ends it when
 * one takes too long): says 'start' before reading each note and posts it once read, numbered in the
 * order the parsers find them, so a worker started after one was ended passes over the notes before.
 */
import { parentPort } from 'node:worker_threads'
import { AppError } from '../../lib/errors.ts'
import { enmlToMarkdown } from './parsers/evernote.ts'
import { readNotes } from './parsers/index.ts'
import { markdownNote } from './parsers/markdown.ts'
import { TooComplexError, type NoteItem } from './parsers/note.ts'
import { NOTE_IMPORT_TOO_COMPLEX } from '@remi/shared'
import type { ReaderInput, ReaderMessage } from './read-notes.ts'

/** Notes posted and not yet taken by the server's thread, at most: the rest wait (memory stays bounded). */
const AHEAD = 64

const port = parentPort!
const post = (message: ReaderMessage) => port.postMessage(message)

// The parsers' first note costs their set-up (compiling, caches): paid here, before any note is timed.
markdownNote('warm-up.md', '---\ntitle: a\n---\n# A\n\nb *c* [d](e) #f\n')
enmlToMarkdown(
  '<en-note><div>a <b>b</b></div><ol><li>c</li></ol><table><tr><td>d</td></tr></table></en-note>',
)

let unanswered = 0
let wake: (() => void) | null = null

port.on('message', (message: ReaderInput | 'taken') => {
  if (message === 'taken') {
    unanswered--
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
        post({ type: 'start', n, source, bytes })
        let item: NoteItem
        try {
          item = await readNote()
        } catch (error) {
          item = unreadable(source, error)
        }
        post({ type: 'item', n, item })
        unanswered++
        while (unanswered >= AHEAD) await new Promise<void>((resolve) => (wake = resolve))
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
