/**
 * Starts PGlite in a worker thread (pglite-worker.ts) and hands out connections to it as duplex streams
 * that node-postgres uses in place of a socket: no port or socket file is opened, so nothing else on the
 * machine can reach the database.
 */
import module from 'node:module'
import { Duplex } from 'node:stream'
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads'
import type { FromWorker, ToWorker, WorkerOptions } from './pglite-worker.ts'

export interface PgliteThread {
  /** A new connection: give it to pg as `stream`. */
  connect(): Duplex
  close(): Promise<void>
}

const workerFile = new URL('./pglite-worker.ts', import.meta.url)

export async function startPgliteThread(options: WorkerOptions): Promise<PgliteThread> {
  // The compile cache main.ts turned on does not reach a worker unless its environment names it; without
  // it the worker strips its TypeScript again each start (Node's stripper: +16 MB resident, +65 ms CPU).
  const compileCache = module.getCompileCacheDir?.()
  const worker = new Worker(workerFile, {
    workerData: options,
    ...(compileCache && { env: { ...process.env, NODE_COMPILE_CACHE: compileCache } }),
  })
  const open = new Set<PortStream>()
  let exited: Error | null = null

  const stopped = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.on('error', (error) => {
    exited ??= new Error(`The PGlite worker failed: ${error.message}`)
  })
  worker.once('exit', (code) => {
    exited ??= new Error(`The PGlite worker stopped (exit code ${code}).`)
    for (const stream of open) stream.destroy(exited)
  })

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: FromWorker) => {
      if (message.type === 'ready') resolve()
      if (message.type === 'failed') reject(new Error(`PGlite could not start: ${message.message}`))
    }
    worker.on('message', onMessage)
    void stopped.then(() => reject(exited ?? new Error('The PGlite worker stopped before it was ready.')))
  })
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'failed') exited ??= new Error(`PGlite failed: ${message.message}`)
  })
  // Idle connections are unreferenced too (pg's allowExitOnIdle), so a script that forgets close() still exits.
  worker.unref()

  const send = (message: ToWorker, transfer?: MessagePort[]) => worker.postMessage(message, transfer)
  return {
    connect() {
      const { port1, port2 } = new MessageChannel()
      const stream = new PortStream(port1)
      if (exited) {
        process.nextTick(() => stream.destroy(exited!))
        return stream
      }
      open.add(stream)
      stream.once('close', () => open.delete(stream))
      send({ type: 'connect', port: port2 }, [port2])
      return stream
    },
    async close() {
      for (const stream of open) stream.destroy()
      if (exited) return stopped
      worker.ref()
      send({ type: 'close' })
      const timer = setTimeout(() => void worker.terminate(), 10_000)
      await stopped
      clearTimeout(timer)
    },
  }
}

/** The socket-like surface pg's Connection uses (connect, setNoDelay, ref/unref) over a MessagePort. */
class PortStream extends Duplex {
  private readonly port: MessagePort

  constructor(port: MessagePort) {
    super()
    this.port = port
    port.on('message', (bytes: Uint8Array) =>
      this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)),
    )
    port.on('close', () => this.push(null))
  }

  connect() {
    process.nextTick(() => this.emit('connect'))
    return this
  }
  setNoDelay() {
    return this
  }
  setKeepAlive() {
    return this
  }
  ref() {
    this.port.ref()
    return this
  }
  unref() {
    this.port.unref()
    return this
  }

  override _read() {}

  /**
   * Each write goes over as one message; what node-postgres writes corked (a statement's Parse, Bind,
   * Describe, Execute and Sync) comes here together and goes as one. (Writable's own _write hands a
   * single chunk here too.) Copied into a buffer of its own: a Buffer is often a view into a larger shared
   * pool, which postMessage would copy whole, or a transfer would take.
   */
  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void) {
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.chunk.length, 0))
    let at = 0
    for (const { chunk } of chunks) {
      bytes.set(chunk, at)
      at += chunk.length
    }
    this.port.postMessage(bytes, [bytes.buffer])
    callback()
  }

  override _final(callback: (error?: Error | null) => void) {
    this.port.close()
    callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.port.close()
    callback(error)
  }
}
