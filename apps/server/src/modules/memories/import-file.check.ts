/**
 * Checks a memories import file (its bytes): the memories as checked, a batch at a time, or the first
 * problem, with the messages the route always gave. Run in a worker thread for big files
 * (import-file.worker.ts), on the server's own thread for small ones (import-file.ts).
 */
import { IMPORT_DUPLICATE_ID, ImportedMemory, ImportMemoriesEnvelope } from '@remi/shared'
import { z } from 'zod'

export type ImportFileMessage =
  | { type: 'batch'; items: z.output<typeof ImportedMemory>[] }
  | ({ type: 'done' } & Omit<z.output<typeof ImportMemoriesEnvelope>, 'memories'>)
  | { type: 'invalid'; field: string; message: string }
  | { type: 'not-json' }

/** Memories per message: small enough that taking one in is a short task for the server's thread. */
const BATCH = 1000
export const field = (path: PropertyKey[]) => path.map(String).join('.')

export function checkImportFile(bytes: Uint8Array, post: (message: ImportFileMessage) => void): void {
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return post({ type: 'not-json' })
  }
  const envelope = ImportMemoriesEnvelope.safeParse(body)
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!
    return post({ type: 'invalid', field: field(issue.path), message: issue.message })
  }
  if (checkMemories(envelope.data.memories, post))
    post({ type: 'done', format: envelope.data.format, version: envelope.data.version })
}

/**
 * Checks a file's memories a batch at a time, posting each batch as checked, or the first problem
 * (then false). The account import's reader checks its memories with it too.
 */
export function checkMemories(
  items: unknown[],
  post: (message: Extract<ImportFileMessage, { type: 'batch' | 'invalid' }>) => void,
): boolean {
  const seen = new Set<string>()
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = z.array(ImportedMemory).safeParse(items.slice(start, start + BATCH))
    if (!batch.success) {
      const [index, ...rest] = batch.error.issues[0]!.path
      const path = ['memories', start + Number(index), ...rest]
      post({ type: 'invalid', field: field(path), message: batch.error.issues[0]!.message })
      return false
    }
    for (const [i, item] of batch.data.entries()) {
      if (!item.id) continue
      if (seen.has(item.id)) {
        post({ type: 'invalid', field: field(['memories', start + i, 'id']), message: IMPORT_DUPLICATE_ID })
        return false
      }
      seen.add(item.id)
    }
    post({ type: 'batch', items: batch.data })
  }
  return true
}
