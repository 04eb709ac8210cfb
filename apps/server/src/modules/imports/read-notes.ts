import { Worker } from 'node:worker_threads'
import { NOTE_IMPORT_TOO_COMPLEX, type ErrorCode, type NoteImportFormat } from '@remi/shared'
import { AppError, badRequest, payloadTooLarge } from '../../lib/errors.ts'
import { FILE_WORKER_HEAP_MB } from '../../lib/file-worker.ts'
import type { Upload } from './parsers/index.ts'
import type { NoteItem } from './parsers/note.ts'

const workerFile = new URL('./read-notes.worker.ts', import.meta.url)
const MB = 1024 * 1024

/** What the reader (read-notes.worker.ts) is sent: the uploads, and how many notes to pass over. */
export interface ReaderInput {
  uploads: Upload[]
  after: number
}

export type ReaderMessage =
  | { type: 'format'; format: NoteImportFormat }
  /** `cpuMs`: the reader's own CPU time as it starts the note, and once it has parsed it. */
  | { type: 'start'; n: number; source: string; bytes: number; cpuMs: number }
  | { type: 'parsed'; n: number; cpuMs: number }
  | { type: 'item'; n: number; item: NoteItem }
  | { type: 'done' }
  | { type: 'refused'; status: number; code: ErrorCode; message: string }
  | { type: 'failed'; message: string }

/**
 * How long reading may take. A note: `noteMs` of the worker's CPU time, and `msPerMb` more for each MB it
 * has (a 40 KB note 1.1 s, a 16 MB one 33 s; ordinary notes take a few ms). CPU time, so that a busy
 * machine does not make an ordinary note too complex; but never more than `noteWallFactor` times that
 * on the clock. The whole upload: `uploadMs` on the clock, whatever it holds.
 */
export interface ReadBudget {
  noteMs: number
  msPerMb: number
  noteWallFactor: number
  uploadMs: number
}

export const READ_BUDGET: ReadBudget = {
  noteMs: 1_000,
  msPerMb: 2_000,
  noteWallFactor: 10,
  uploadMs: 3 * 60_000,
}

export const UPLOAD_TOO_SLOW = (budget: ReadBudget) =>
  `Not imported: reading the upload took longer than ${budget.uploadMs / 60_000} minutes, the most one import may take, so this note and the ones after it were not read. Import them in a smaller upload.`

export const NO_FORMAT_IN_TIME = (budget: ReadBudget) =>
  `The upload could not be read within ${budget.uploadMs / 60_000} minutes. Send fewer or smaller files at a time.`

type End =
  | { kind: 'done' }
  | { kind: 'too-complex'; n: number; source: string }
  | { kind: 'late'; source: string | null }

/**
 * Reads the uploads' notes in a worker thread, off the server's own, handing each to `take` in order.
 * Some Markdown and HTML makes the parsers' work grow with the square of a note's size, and a parse
 * cannot be interrupted from inside: a note that takes longer than its budget ends the worker, is skipped
 * as too complex to import, and a fresh worker goes on from the next note. Past the whole upload's
 * budget, the notes not read yet are skipped with one line saying so. Answers the format of the notes.
 */
export async function readNotesInWorker(
  uploads: Upload[],
  take: (item: NoteItem) => Promise<void>,
  budget: ReadBudget = READ_BUDGET,
): Promise<NoteImportFormat> {
  const deadline = performance.now() + budget.uploadMs
  let format: NoteImportFormat | undefined
  let after = 0
  for (;;) {
    const end = await readSome({ uploads, after }, take, budget, deadline, (f) => (format = f))
    if (end.kind === 'too-complex') {
      await take({ broken: { source: end.source, reason: NOTE_IMPORT_TOO_COMPLEX } })
      after = end.n
      continue
    }
    if (!format) throw badRequest(NO_FORMAT_IN_TIME(budget))
    if (end.kind === 'late')
      await take({
        broken: { source: end.source ?? 'The rest of the upload', reason: UPLOAD_TOO_SLOW(budget) },
      })
    return format
  }
}

/** The CPU time `worker` has used so far, in ms; null once it has ended. */
async function cpuMs(worker: Worker): Promise<number | null> {
  try {
    const { user, system } = await worker.cpuUsage()
    return (user + system) / 1000
  } catch {
    return null
  }
}

/** One worker's run: from note `after + 1` until the end, a note past its budget, or the upload's deadline. */
function readSome(
  input: ReaderInput,
  take: (item: NoteItem) => Promise<void>,
  budget: ReadBudget,
  deadline: number,
  onFormat: (format: NoteImportFormat) => void,
): Promise<End> {
  return new Promise<End>((resolve, reject) => {
    // The files a worker opens are closed when it ends, even mid-read (trackUnmanagedFds, on by default).
    const worker = new Worker(workerFile, {
      resourceLimits: { maxOldGenerationSizeMb: FILE_WORKER_HEAP_MB },
      trackUnmanagedFds: true,
    })
    let reading: { n: number; source: string; cpuAtStart: number; allowed: number } | null = null
    let noteTimer: NodeJS.Timeout | undefined
    let ended = false
    let failure: unknown = null
    /** The notes posted so far, taken one after another. */
    let taking = Promise.resolve()

    const end = (outcome: End | { error: unknown }) => {
      if (ended) return
      ended = true
      clearTimeout(noteTimer)
      clearTimeout(uploadTimer)
      // Ends it even mid-parse (a regular expression's loop included).
      void worker.terminate()
      // What arrived before the end is taken first.
      void taking.then(() => {
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)))
        else if ('error' in outcome)
          reject(outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error)))
        else resolve(outcome)
      })
    }
    const uploadTimer = setTimeout(
      () => end({ kind: 'late', source: reading?.source ?? null }),
      Math.max(0, deadline - performance.now()),
    )

    worker.on('message', (message: ReaderMessage) => {
      if (ended) return
      switch (message.type) {
        case 'format':
          onFormat(message.format)
          break
        case 'start': {
          const { n, source, cpuMs: cpuAtStart } = message
          const allowed = budget.noteMs + (message.bytes / MB) * budget.msPerMb
          reading = { n, source, cpuAtStart, allowed }
          const started = performance.now()
          // Looked at when the clock says the budget is spent: past it in CPU time (or far past it on
          // the clock) ends the worker; else looked at again when what is left would be spent. The CPU
          // time counts from the reader's own reading at the note's start, however late this thread
          // hears of it (a busy server heard of it seconds late, and let a note past its budget through).
          const check = async () => {
            const now = await cpuMs(worker)
            if (reading?.n !== n || ended || now === null) return
            const left = allowed - (now - cpuAtStart)
            if (left <= 0 || performance.now() - started >= allowed * budget.noteWallFactor)
              end({ kind: 'too-complex', n, source })
            else noteTimer = setTimeout(() => void check(), Math.max(left, 10))
          }
          noteTimer = setTimeout(() => void check(), allowed)
          break
        }
        case 'parsed': {
          // Parsed: within its budget, as the reader's own CPU time says, or too complex all the same
          // (whenever this thread looked). Its files (read next) are not timed.
          clearTimeout(noteTimer)
          const parsed = reading
          reading = null
          if (parsed?.n === message.n && message.cpuMs - parsed.cpuAtStart > parsed.allowed)
            end({ kind: 'too-complex', n: parsed.n, source: parsed.source })
          break
        }
        case 'item': {
          clearTimeout(noteTimer)
          reading = null
          const { item } = message
          taking = taking.then(async () => {
            if (failure) return
            try {
              await take(item)
              if (!ended) worker.postMessage('taken')
            } catch (error) {
              failure = error
              end({ error })
            }
          })
          break
        }
        case 'done':
          end({ kind: 'done' })
          break
        case 'refused':
          end({ error: new AppError(message.status, message.code, message.message) })
          break
        case 'failed':
          end({ error: new Error(`The note reader failed: ${message.message}`) })
          break
      }
    })
    worker.on('error', (error: Error & { code?: string }) => {
      // Out of its heap on a note: that note is too complex; elsewhere, the upload is more than it can hold.
      if (reading) end({ kind: 'too-complex', n: reading.n, source: reading.source })
      else
        end({
          error:
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? payloadTooLarge('The upload holds more than the server can read at once.')
              : error,
        })
    })
    worker.on('exit', (code) =>
      end(
        reading
          ? { kind: 'too-complex', n: reading.n, source: reading.source }
          : { error: new Error(`The note reader stopped (exit code ${code}).`) },
      ),
    )
    worker.postMessage(input)
  })
}
