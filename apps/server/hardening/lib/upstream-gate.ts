import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { Socket } from 'node:net'
import { freePort } from '../../src/test/http-client.ts'

/**
 * How an outside service behaves: as itself (healthy), not there at all (down: connection refused),
 * slower than any timeout (slow: takes the request and never answers), or answering garbage with a 200.
 */
export type GateMode = 'healthy' | 'down' | 'slow' | GarbageKind
export type GarbageKind = 'non-json' | 'wrong-shape' | 'truncated'

export interface GateRequest {
  method: string
  url: URL
  headers: IncomingHttpHeaders
  body: string
}

/** A garbage answer: sent with status 200; `cut` ends the connection after `body` instead of finishing it. */
export interface Garbage {
  contentType: string
  body: string
  cut?: boolean
}

export interface GateOptions {
  /** The healthy service behind the gate (a loopback fake's origin). */
  target: string
  /** The garbage this service answers, per kind and request. */
  garbage(kind: GarbageKind, request: GateRequest): Garbage
  /** Which requests a slow or garbage mode applies to (default: all); the others go through healthy. */
  applies?(request: GateRequest): boolean
  /** Runs before a request goes through healthy (to script the fake for it). */
  beforeForward?(request: GateRequest): void
  /** Forward one request at a time (a fake whose scripts are taken in arrival order). */
  serial?: boolean
}

export interface UpstreamGate {
  /** Where the app is pointed instead of the service. */
  origin: string
  mode: GateMode
  /** Switches the behaviour for the next requests; 'down' closes the port, the others reopen it. */
  set(mode: GateMode): Promise<void>
  /** Requests that met a fault (not counting connections refused while down). */
  faulted(): number
  close(): Promise<void>
}

/**
 * A loopback front for one outside service whose behaviour a test switches at run time, so one
 * running app meets the service down, slow and broken and then healthy again, without a restart.
 */
export async function startUpstreamGate(options: GateOptions): Promise<UpstreamGate> {
  const port = await freePort()
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let mode: GateMode = 'healthy'
  let faulted = 0
  let queue: Promise<void> = Promise.resolve()

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const req: GateRequest = {
      method: request.method ?? 'GET',
      url: new URL(request.url ?? '/', 'http://gate'),
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    }
    const current = mode
    if (current === 'healthy' || current === 'down' || !(options.applies?.(req) ?? true)) {
      if (!options.serial) return forward(req, response)
      const turn = queue.then(() => forward(req, response))
      queue = turn.catch(() => {})
      return turn
    }
    faulted += 1
    // Never answered: the socket stays open until the app gives up or the gate closes.
    if (current === 'slow') return
    const garbage = options.garbage(current, req)
    const body = Buffer.from(garbage.body)
    if (garbage.cut) {
      // Part of the body (an event stream's first events; a document's first half with a length that
      // promises more), then the connection breaks.
      const stream = garbage.contentType.startsWith('text/event-stream')
      response.writeHead(200, {
        'content-type': garbage.contentType,
        ...(stream ? {} : { 'content-length': body.length * 2 }),
      })
      response.write(body, () => setTimeout(() => response.destroy(), 50))
      return
    }
    response.writeHead(200, { 'content-type': garbage.contentType, 'content-length': body.length })
    response.end(body)
  }

  function forward(req: GateRequest, response: ServerResponse): Promise<void> {
    options.beforeForward?.(req)
    const target = new URL(req.url.pathname + req.url.search, options.target)
    const headers = { ...req.headers, host: target.host }
    return new Promise<void>((resolve) => {
      const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
        answer.once('end', resolve)
        answer.once('error', () => resolve())
      })
      upstream.once('error', () => {
        if (!response.headersSent) response.writeHead(502).end()
        else response.destroy()
        resolve()
      })
      response.once('close', () => {
        upstream.destroy()
        resolve()
      })
      upstream.end(req.body)
    })
  }

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((request, response) => {
        handle(request, response).catch(() => response.destroy())
      })
      next.on('connection', (socket) => {
        sockets.add(socket)
        socket.once('close', () => sockets.delete(socket))
      })
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject)
        server = next
        resolve()
      })
    })

  const shut = async () => {
    const current = server
    server = null
    // Kept-alive connections too: the app must meet a refused connection, not an old socket.
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
  }

  await open()
  return {
    origin: `http://127.0.0.1:${port}`,
    get mode() {
      return mode
    },
    async set(next) {
      if (next === 'down') await shut()
      else if (!server) await open()
      // Requests held by 'slow' stay held: the app has (or will have) given up on them by itself.
      mode = next
    },
    faulted: () => faulted,
    close: shut,
  }
}
