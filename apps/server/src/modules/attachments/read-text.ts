import { Worker } from 'node:worker_threads'
import type { FileKind } from './sniff.ts'

const workerFile = new URL('./read-file.worker.ts', import.meta.url)

/** What reading a file found: its words (bounded), or why there are none. */
export interface ReadResult {
  status: 'ready' | 'failed'
  text?: string | null
  reason?: string | null
  pages?: number | null
  /** A PDF's first page, or a HEIC photo (which sharp alone cannot decode), as a small WebP. */
  thumbnail?: Uint8Array | undefined
  /** A HEIC photo's size, known once decoded (other photos' sizes are read when they are attached). */
  width?: number | undefined
  height?: number | undefined
}

/** Characters of a file's words kept, at most (a book-length PDF keeps its first part). */
export const TEXT_CHARS = 1_000_000

/**
 * Limits of one file's reading, in a worker thread of its own: its heap, and its time on the clock. OCR
 * runs in tesseract.js's own worker, started and ended by this one (and ended with it).
 */
export const READ_LIMITS = { heapMb: 512, ms: 120_000 }

export const READ_TOO_LONG = `Reading it took longer than ${READ_LIMITS.ms / 1000} seconds, the most one file may take.`
export const READ_TOO_BIG = 'Reading it needed more memory than one file may take.'

/** Reads a file's words off the server's thread, within READ_LIMITS. */
export async function readAttachment(
  data: Buffer,
  kind: FileKind,
  limits: { heapMb: number; ms: number } = READ_LIMITS,
): Promise<ReadResult> {
  if (kind === 'download') return { status: 'ready', text: null }
  const worker = new Worker(workerFile, {
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    workerData: { kind },
  })
  let timer: NodeJS.Timeout | undefined
  try {
    return await new Promise<ReadResult>((resolve) => {
      timer = setTimeout(() => resolve({ status: 'failed', reason: READ_TOO_LONG }), limits.ms)
      worker.once('message', (result: ReadResult) => resolve(result))
      worker.once('error', (error: Error & { code?: string }) =>
        resolve({
          status: 'failed',
          reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? READ_TOO_BIG : 'Its words could not be read.',
        }),
      )
      worker.once('exit', () => resolve({ status: 'failed', reason: 'Its words could not be read.' }))
      // The bytes are copied (the caller keeps its buffer).
      worker.postMessage(new Uint8Array(data))
    })
  } finally {
    clearTimeout(timer)
    await worker.terminate()
  }
}
