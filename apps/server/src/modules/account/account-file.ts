import { readFile } from 'node:fs/promises'
import { ErrorCode, type ImportAccountBody } from '@remi/shared'
import type { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { runFileWorker } from '../../lib/file-worker.ts'
import type { UploadedFile } from '../../lib/upload-file.ts'
import { IN_THREAD_MAX_BYTES } from '../memories/index.ts'
import { checkAccountFile, type AccountFileMessage, type ListedFile } from './account-file.check.ts'

const workerFile = new URL('./account-file.worker.ts', import.meta.url)

/** An account import file as checked: what ImportAccountBody would give, and the files it lists. */
export type AccountFile = Pick<z.output<typeof ImportAccountBody>, 'memories' | 'conversations'> & {
  files: ListedFile[]
}

/**
 * The import file (the request body as it was written to disk) read and checked; a big one in a worker
 * thread of its own, the memories and conversations arriving a slice at a time, so this thread only ever
 * takes in a small piece. A bad file is a 400 naming the first problem: 'body.conversations.2.messages.0.role: …'.
 */
export async function readAccountFile(upload: UploadedFile | undefined): Promise<AccountFile> {
  // No body at all (an empty request) reads as an empty file: not JSON.
  if (!upload) throw new AppError(400, ErrorCode.BadRequest, 'The request body is not valid JSON.')
  const file: AccountFile = { memories: [], conversations: [], files: [] }
  let result: AccountFile | AppError | undefined
  const take = (message: AccountFileMessage) => {
    if (message.type === 'batch') file.memories.push(...message.items)
    else if (message.type === 'conversations') file.conversations.push(...message.items)
    else if (message.type === 'files') file.files.push(...message.items)
    else if (message.type === 'done') result = file
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
  // A small file here at once, as a memories import does: less than starting a worker takes.
  if (upload.size <= IN_THREAD_MAX_BYTES) checkAccountFile(await readFile(upload.path), take)
  else await runFileWorker(workerFile, upload.path, take)
  if (result instanceof AppError) throw result
  if (!result) throw new Error('The import reader gave no answer.')
  return result
}
