/**
 * Checks a big memories import file in a worker thread (import-file.ts starts it): parsing 10 MB of
 * JSON and checking 100 000 memories on the server's own thread held every other request for
 * 100-200 ms at a time (the parse, then the young-generation collections of so many new objects).
 */
import { readFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { checkImportFile, type ImportFileMessage } from './import-file.check.ts'

const port = parentPort!
// The path of the file the request body was written to (upload-file.ts): read here, not on the server's thread.
port.once('message', (path: string) =>
  checkImportFile(readFileSync(path), (message: ImportFileMessage) => port.postMessage(message)),
)
