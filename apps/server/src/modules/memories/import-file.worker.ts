/**
 * Checks a big memories import file in a worker thread (import-file.ts starts it): parsing 10 MB of
 * JSON and checking 100 000 memories on the server's own thread held every other request for
 * 100-200 ms at a time (the parse, then the young-generation collections of so many new objects).
 */
import { parentPort } from 'node:worker_threads'
import { checkImportFile, type ImportFileMessage } from './import-file.check.ts'

const port = parentPort!
port.once('message', (bytes: Uint8Array) =>
  checkImportFile(bytes, (message: ImportFileMessage) => port.postMessage(message)),
)
