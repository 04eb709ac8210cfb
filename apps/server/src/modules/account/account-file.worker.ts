/** Reads and checks an account import file in a worker thread (account-file.ts starts it). */
import { readFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { checkAccountFile, type AccountFileMessage } from './account-file.check.ts'

const port = parentPort!
// The path of the file the request body was written to (upload-file.ts): read here, not on the server's thread.
port.once('message', (path: string) =>
  checkAccountFile(readFileSync(path), (message: AccountFileMessage) => port.postMessage(message)),
)
