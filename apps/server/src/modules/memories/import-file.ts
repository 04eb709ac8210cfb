import { Worker } from 'node:worker_threads'
import { ErrorCode, type ImportedMemory, type ImportMemoriesEnvelope } from '@remi/shared'
import type { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { checkImportFile, type ImportFileMessage } from './import-file.check.ts'

const workerFile = new URL('./import-file.worker.ts', import.meta.url)

export type ImportFile = Omit<z.output<typeof ImportMemoriesEnvelope>, 'memories'> & {
  memories: z.output<typeof ImportedMemory>[]
}

/**
 * Bigger bodies are read in a worker thread; smaller ones here, at once: 256 KB (~2 000 memories) takes
 * ~20 ms, less than starting the worker (~350 ms: it loads zod and the shared schemas anew).
 */
const IN_THREAD_MAX_BYTES = 256 * 1024

/**
 * The import body (its bytes, unparsed) read and checked; a big one in a worker thread of its own,
 * started for this import and ended after it, the memories arriving a batch at a time, so this thread
 * only ever takes in a small piece. A bad file is a 400 naming the first problem: 'body.memories.3.text: …'.
 */
export async function readImportFile(received: Buffer | undefined): Promise<ImportFile> {
  // No body at all (an empty request) reads as an empty file: not JSON.
  const body = received ?? Buffer.alloc(0)
  const memories: ImportFile['memories'] = []
  let result: ImportFile | AppError | undefined
  const take = (message: ImportFileMessage) => {
    if (message.type === 'batch') memories.push(...message.items)
    else if (message.type === 'done') result = { format: message.format, version: message.version, memories }
    else if (message.type === 'not-json')
      result = new AppError(400, ErrorCode.BadRequest, 'The request body is not valid JSON.')
    else
      result = new AppError(
        400,
        ErrorCode.ValidationFailed,
        `body${message.field ? `.${message.field}` : ''}: ${message.message}`,
      )
  }
  if (body.length <= IN_THREAD_MAX_BYTES) checkImportFile(body, take)
  else await inWorker(body, take, () => result !== undefined)
  if (result instanceof AppError) throw result
  if (!result) throw new Error('The import reader gave no answer.')
  return result
}

/** Runs checkImportFile in a worker thread, handing each message to `take` until `settled()`. */
async function inWorker(body: Buffer, take: (message: ImportFileMessage) => void, settled: () => boolean) {
  // A copy of its own to hand over: a Buffer may be a view into a larger pool.
  const bytes = new Uint8Array(body)
  const worker = new Worker(workerFile)
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: ImportFileMessage) => {
        take(message)
        if (settled()) resolve()
      })
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`The import reader stopped (exit code ${code}).`)))
      worker.postMessage(bytes, [bytes.buffer])
    })
  } finally {
    void worker.terminate()
  }
}
