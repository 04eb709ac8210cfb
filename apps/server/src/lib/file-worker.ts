import { Worker } from 'node:worker_threads'
import { payloadTooLarge } from './errors.ts'

/**
 * A worker's heap limit while it reads an import file: a 64 MB JSON file parses into ~400 MB of objects;
 * a file that needs more is refused (413) instead of growing the server without bound.
 */
export const FILE_WORKER_HEAP_MB = 768

/**
 * Starts the worker `file` for one task, sends it `input`, hands each message it posts to `take` until
 * `take` says the task is settled, then ends it. Running out of its heap is a 413.
 */
export async function runFileWorker<M>(file: URL, input: unknown, take: (message: M) => boolean) {
  const worker = new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: FILE_WORKER_HEAP_MB } })
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: M) => {
        if (take(message)) resolve()
      })
      worker.once('error', (error: Error & { code?: string }) =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? payloadTooLarge('The import file holds more than the server can read at once.')
            : error,
        ),
      )
      worker.once('exit', (code) => reject(new Error(`The import reader stopped (exit code ${code}).`)))
      worker.postMessage(input)
    })
  } finally {
    void worker.terminate()
  }
}
