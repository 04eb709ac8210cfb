/**
 * Reads a memories import file in a worker thread (import-file.ts starts it): parsing 10 MB of JSON and
 * checking 100 000 memories on the server's own thread held every other request for 100-200 ms at a
 * time (the parse, then the young-generation collections of so many new objects). It sends back the
 * memories as checked, a batch at a time, or the first problem, with the messages the route always gave.
 */
import { parentPort } from 'node:worker_threads'
import { IMPORT_DUPLICATE_ID, ImportedMemory, ImportMemoriesEnvelope } from '@remi/shared'
import { z } from 'zod'

export type FromImportWorker =
  | { type: 'batch'; items: z.output<typeof ImportedMemory>[] }
  | ({ type: 'done' } & Omit<z.output<typeof ImportMemoriesEnvelope>, 'memories'>)
  | { type: 'invalid'; field: string; message: string }
  | { type: 'not-json' }

/** Memories per message: small enough that taking one in is a short task for the server's thread. */
const BATCH = 1000
const port = parentPort!
const post = (message: FromImportWorker) => port.postMessage(message)
const field = (path: PropertyKey[]) => path.map(String).join('.')

port.once('message', (bytes: Uint8Array) => {
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
  const items = envelope.data.memories
  const seen = new Set<string>()
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = z.array(ImportedMemory).safeParse(items.slice(start, start + BATCH))
    if (!batch.success) {
      const [index, ...rest] = batch.error.issues[0]!.path
      const path = ['memories', start + Number(index), ...rest]
      return post({ type: 'invalid', field: field(path), message: batch.error.issues[0]!.message })
    }
    for (const [i, item] of batch.data.entries()) {
      if (!item.id) continue
      if (seen.has(item.id))
        return post({
          type: 'invalid',
          field: field(['memories', start + i, 'id']),
          message: IMPORT_DUPLICATE_ID,
        })
      seen.add(item.id)
    }
    post({ type: 'batch', items: batch.data })
  }
  post({ type: 'done', format: envelope.data.format, version: envelope.data.version })
})
