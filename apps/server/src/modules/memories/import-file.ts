import { readFile } from 'node:fs/promises'
import { ErrorCode, type ImportedMemory, type ImportMemoriesEnvelope } from '@remi/shared'
import type { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { runFileWorker } from '../../lib/file-worker.ts'
import type { UploadedFile } from '../../lib/upload-file.ts'
import { checkImportFile, type ImportFileMessage } from './import-file.check.ts'

const workerFile = new URL('./import-file.worker.ts', import.meta.url)

export type ImportFile = Omit<z.output<typeof ImportMemoriesEnvelope>, 'memories'> & {
  memories: z.output<typeof ImportedMemory>[]
}

/**
 * Bigger bodies are read in a worker thread; smaller ones here, at once: 256 KB (~2 000 memories) takes
 * ~20 ms, less than starting the worker (~350 ms: it loads zod and the shared schemas anew).
 */
export const IN_THREAD_MAX_BYTES = 256 * 1024

/**
 * The import file (the request body as it was written to disk) read and checked; a big one in a worker
 * thread of its own, started for this import and ended after it, the memories arriving a batch at a time,
 * so this thread only ever takes in a small piece. A bad file is a 400 naming the first problem:
 * 'body.memories.3.text: …'.
 */
export async function readImportFile(upload: UploadedFile | undefined): Promise<ImportFile> {
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
    return result !== undefined
  }
  // No body at all (an empty request) reads as an empty file: not JSON.
  if (!upload || upload.size <= IN_THREAD_MAX_BYTES)
    checkImportFile(upload ? await readFile(upload.path) : new Uint8Array(), take)
  else await runFileWorker(workerFile, upload.path, take)
  if (result instanceof AppError) throw result
  if (!result) throw new Error('The import reader gave no answer.')
  return result
}
