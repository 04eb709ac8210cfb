import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { freePort } from '../../src/test/http-client.ts'

export interface TcpProxy {
  /** The loopback port clients connect to (it stays the same across stop and start). */
  port: number
  /** Connections accepted so far. */
  accepted(): number
  /** Like a database that went away: every proxied connection is cut and the port refuses new ones. */
  stop(): Promise<void>
  /**
   * Like a database host that died behind a live port: every proxied connection is cut, and new ones
   * are taken but never answered (until start()).
   */
  silence(): Promise<void>
  /** Forwards again on the same port. */
  start(): Promise<void>
  close(): Promise<void>
}

/**
 * A TCP proxy on loopback in front of `target` (a PostgreSQL server, say), so a test can take the
 * service away and bring it back without touching the service itself.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort()
  const sockets = new Set<Socket>()
  let accepted = 0
  let server: Server | null = null
  let silent = false

  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    // A cut connection errors on both sides; the proxy only passes that on by closing.
    socket.on('error', () => {})
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        accepted += 1
        track(client)
        if (silent) return
        const upstream = createConnection(target)
        track(upstream)
        client.pipe(upstream)
        upstream.pipe(client)
        client.once('close', () => upstream.destroy())
        upstream.once('close', () => client.destroy())
      })
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject)
        server = next
        resolve()
      })
    })

  const cut = () => {
    for (const socket of sockets) socket.destroy()
    sockets.clear()
  }
  const stop = async () => {
    const current = server
    server = null
    cut()
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
  }

  await listen()
  return {
    port,
    accepted: () => accepted,
    stop,
    async silence() {
      silent = true
      cut()
      if (!server) await listen()
    },
    async start() {
      // The connections taken while silent were never answered; their clients have given up on them.
      if (silent) cut()
      silent = false
      if (!server) await listen()
    },
    close: stop,
  }
}
