/**
 * PGlite in a worker thread (started by pglite-thread.ts): its WASM runs here, so a long query never
 * blocks the server's event loop. Each connection is a MessagePort carrying the PostgreSQL wire protocol,
 * so the main thread talks to it with node-postgres exactly as to PostgreSQL.
 *
 * PGlite is one backend: messages from several connections are interleaved only at statement
 * boundaries (after a Sync or a simple Query, outside a transaction), so one connection's extended-protocol
 * Parse/Bind/Execute and its transactions are never split by another's.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { vector } from '@electric-sql/pglite-pgvector'
import { releaseMemory, releaseMemoryWhenIdle } from '../lib/memory.ts'
import { keepFilesPrivate } from '../lib/private-files.ts'

export interface WorkerOptions {
  dataDir?: string
  loadDataDir?: Blob
}
export type ToWorker = { type: 'connect'; port: MessagePort } | { type: 'close' }
export type FromWorker = { type: 'ready' } | { type: 'closed' } | { type: 'failed'; message: string }

interface Connection {
  port: MessagePort
  /** Bytes received but not yet a whole message. */
  pending: Buffer
  /** Whole messages waiting for the backend; type 0 is the startup packet. */
  messages: { type: number; bytes: Buffer }[]
  started: boolean
  closed: boolean
}

const SYNC = Buffer.from([0x53, 0, 0, 0, 4])
const options = workerData as WorkerOptions
const parent = parentPort!
const post = (message: FromWorker) => parent.postMessage(message)
// This thread has a V8 heap of its own, which a burst of queries grows (its young generation to 134 MB
// after the bench's load) and the main thread's idle collection does not reach.
const activity = releaseMemoryWhenIdle()

// The database is the owner's only (files 0600, directories 0700), whatever the umask.
keepFilesPrivate()

let db: PGlite
try {
  db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, btree_gin, vector },
    // PostgreSQL's default 128 MB of shared buffers is all resident from the start here (WebAssembly
    // memory, zeroed when PGlite sets it up, never given back). With 100 000 memories searches took the
    // same CPU with 128, 64 or 48 MB, and twice as much with 32 (their pages no longer fit).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=48MB'],
  })
  post({ type: 'ready' })
  // What starting PGlite left in the young generation (17 MB), given back while the main thread is still
  // loading the app, so this costs no time to /readyz.
  releaseMemory()
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
  process.exit(1)
}

const connections: Connection[] = []
/** The connection the backend belongs to until its statement or transaction ends. */
let owner: Connection | null = null
let running = false
let closing = false

parent.on('message', (message: ToWorker) => {
  if (message.type === 'connect') attach(message.port)
  else void close()
})

function attach(port: MessagePort) {
  const connection: Connection = {
    port,
    pending: Buffer.alloc(0),
    messages: [],
    started: false,
    closed: false,
  }
  connections.push(connection)
  port.on('message', (chunk: Uint8Array) => {
    if (connection.closed) return
    // Copies only when a message spans chunks: every buffer made here is freed by a GC later, in between
    // others, and malloc keeps such gaps resident (idle RSS after the bench's load 299-315 -> 276-290 MB).
    connection.pending =
      connection.pending.length > 0
        ? Buffer.concat([connection.pending, chunk])
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    frame(connection)
    pump()
  })
  port.on('close', () => detach(connection))
}

/** Splits the received bytes into protocol messages: the startup packet has no type byte. */
function frame(connection: Connection) {
  for (;;) {
    const buf = connection.pending
    const headerLength = connection.started ? 5 : 4
    if (buf.length < headerLength) return
    const length = connection.started ? 1 + buf.readInt32BE(1) : buf.readInt32BE(0)
    if (buf.length < length) return
    connection.messages.push({ type: connection.started ? buf[0]! : 0, bytes: buf.subarray(0, length) })
    connection.pending = buf.subarray(length)
    connection.started = true
  }
}

function detach(connection: Connection) {
  if (connection.closed) return
  connection.closed = true
  connection.messages = []
  connection.port.close()
  const index = connections.indexOf(connection)
  if (index >= 0) connections.splice(index, 1)
  pump()
}

function pump() {
  if (running) return
  running = true
  // Messages that arrive meanwhile are picked up by the loop itself. When it stops for an owner that is
  // mid-statement, that owner's next message pumps again: re-pumping here for the others would spin.
  void drain().finally(() => {
    running = false
    if (!closing && !owner && connections.some((c) => c.messages.length > 0)) pump()
  })
}

async function drain() {
  for (;;) {
    if (owner?.closed) await release()
    if (!owner) {
      // Round robin: the first connection with work goes to the back of the line.
      const next = connections.find((c) => c.messages.length > 0)
      if (!next) return
      connections.push(...connections.splice(connections.indexOf(next), 1))
      owner = next
    }
    const connection = owner
    const { messages } = connection
    // The owner is mid-statement or mid-transaction: nobody else may use the backend until it goes on.
    if (messages.length === 0) return
    if (messages[0]!.type === 0x58) {
      // Terminate: the connection ends; the backend stays up for the others.
      detach(connection)
      continue
    }
    // The owner's messages to the end of its statement go to the backend in one call (node-postgres
    // sends a statement's Parse, Bind, Describe, Execute and Sync together), and come back in one reply.
    const end = messages.findIndex((m) => isBoundary(m.type) || m.type === 0x58)
    // Through the boundary; a Terminate after them is seen on its own (above) the next time round.
    const count = end < 0 ? messages.length : messages[end]!.type === 0x58 ? end : end + 1
    const batch = messages.splice(0, count)
    const type = batch.at(-1)!.type
    const bytes = batch.length === 1 ? batch[0]!.bytes : Buffer.concat(batch.map((m) => m.bytes))
    // Only statements count: the pool closing its idle connections 10 s after a burst must not put it off.
    activity()
    const output: Uint8Array<ArrayBuffer>[] = []
    try {
      await db.runExclusive(() =>
        db.execProtocolRawStream(bytes, { onRawData: (data) => void output.push(new Uint8Array(data)) }),
      )
    } catch (error) {
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
      throw error
    }
    send(connection, output)
    if (isBoundary(type) && !db.isInTransaction()) owner = null
  }
}

/** A statement ends with Sync or a simple Query; a startup packet (type 0) ends too. */
const isBoundary = (type: number) => type === 0x53 || type === 0x51 || type === 0

function send(connection: Connection, output: Uint8Array<ArrayBuffer>[]) {
  if (connection.closed || output.length === 0) return
  // Usually one piece, already a copy of its own: sent as it is.
  if (output.length === 1) return connection.port.postMessage(output[0], [output[0]!.buffer])
  const total = output.reduce((n, o) => n + o.length, 0)
  const bytes = new Uint8Array(total)
  let at = 0
  for (const o of output) {
    bytes.set(o, at)
    at += o.length
  }
  connection.port.postMessage(bytes, [bytes.buffer])
}

/** A connection that went away mid-statement or mid-transaction: end both so the next one starts clean. */
async function release() {
  owner = null
  await db.runExclusive(() => db.execProtocolRawStream(SYNC, { onRawData: () => {} }))
  if (db.isInTransaction()) await db.exec('ROLLBACK')
}

async function close() {
  if (closing) return
  closing = true
  for (const connection of [...connections]) detach(connection)
  while (running) await new Promise((resolve) => setTimeout(resolve, 5))
  await db.close()
  post({ type: 'closed' })
  parent.close()
}
