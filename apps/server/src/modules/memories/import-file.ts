import { Worker } from 'node:worker_threads'
import { ErrorCode, type ImportedMemory, type ImportMemoriesEnvelope } from '@remi/shared'
import type { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import type { FromImportWorker } from './import-file.worker.ts'

const workerFile = new URL('./import-file.worker.ts', import.meta.url)

export type ImportFile = Omit<z.output<typeof ImportMemoriesEnvelope>, 'memories'> & {
  memories: z.output<typeof ImportedMemory>[]
}

/**
 * The import body (its bytes, unparsed) read and checked in a worker thread of its own, started for
 * this import and ended after it; the memories arrive a batch at a time, so this thread only ever takes
 * in a small piece. A bad file is a 400 naming the first problem: 'body.memories.3.text: …'.
 */
export async function readImportFile(body: Buffer): Promise<ImportFile> {
  // A copy of its own to hand over: a Buffer may be a view into a larger pool.
  const bytes = new Uint8Array(body)
  const worker = new Worker(workerFile)
  const memories: ImportFile['memories'] = []
  try {
    return await new Promise<ImportFile>((resolve, reject) => {
      worker.on('message', (message: FromImportWorker) => {
        if (message.type === 'batch') memories.push(...message.items)
        else if (message.type === 'done')
          resolve({ format: message.format, version: message.version, memories })
        else if (message.type === 'not-json')
          reject(new AppError(400, ErrorCode.BadRequest, 'The request body is not valid JSON.'))
        else
          reject(
            new AppError(
              400,
              ErrorCode.ValidationFailed,
              `body${message.field ? `.${message.field}` : ''}: ${message.message}`,
            ),
          )
      })
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`The import reader stopped (exit code ${code}).`)))
      worker.postMessage(bytes, [bytes.buffer])
    })
  } finally {
    void worker.terminate()
  }
}
