import { createServer, type Server, type Socket } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { openDatabase, POSTGRES_CONNECT_TIMEOUT_MS, type Database } from '../db/client.ts'
import { freePort } from '../test/http-client.ts'
import { captureLogs } from '../test/logs.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, errorHandler, isDatabaseUnreachable } from './error-handler.ts'

/** A TCP server standing in for a database that misbehaves: it cuts every connection, or never answers. */
async function fakeDatabase(behaviour: 'cut' | 'silent') {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    if (behaviour === 'cut') socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/remi`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

/** The real error handler and the real pool options, with one route that queries through Drizzle. */
async function appOn(databaseUrl: string) {
  const logs = captureLogs('info')
  const database: Database = await openDatabase({ databaseUrl, poolSize: 2 })
  const app: FastifyInstance = Fastify({ logger: logs.logger })
  await app.register(errorHandler)
  app.get('/query', async () => database.db.execute(sql`select 1 as one`))
  app.get('/transaction', async () => database.db.transaction(async (tx) => tx.execute(sql`select 1`)))
  await app.ready()
  const levels = () =>
    logs
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
  return {
    app,
    levels,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(opened.splice(0).map((o) => o.close()))
})
afterAll(async () => Promise.all(opened.map((o) => o.close())))

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503)
  expect(res.headers['retry-after']).toBe('5')
  expect(res.json()).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    message: DATABASE_UNAVAILABLE_MESSAGE,
    code: 'SERVICE_UNAVAILABLE',
  })
}

describe('a database that cannot be reached is a 503, not a 500', () => {
  it('nothing listening (connection refused), through a query and a transaction', async () => {
    const t = await appOn(`postgres://postgres@127.0.0.1:${await freePort()}/remi`)
    opened.push(t)
    expectUnavailable(await t.app.inject({ method: 'GET', url: '/query' }))
    expectUnavailable(await t.app.inject({ method: 'GET', url: '/transaction' }))
    // An outage is logged, but not as a crash.
    expect(t.levels().filter((l) => l.level >= 50)).toEqual([])
    expect(t.levels().filter((l) => l.msg === 'the database cannot be reached')).toHaveLength(2)
  })

  it('every connection cut as it opens (Connection terminated unexpectedly)', async () => {
    const db = await fakeDatabase('cut')
    const t = await appOn(db.url)
    opened.push(t, db)
    expectUnavailable(await t.app.inject({ method: 'GET', url: '/query' }))
    expect(t.levels().filter((l) => l.level >= 50)).toEqual([])
  })

  it('a database that accepts and never answers: the pool gives up after its connect timeout', async () => {
    const db = await fakeDatabase('silent')
    const t = await appOn(db.url)
    opened.push(t, db)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pending = t.app.inject({ method: 'GET', url: '/query' })
    let settled = false
    void pending.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(POSTGRES_CONNECT_TIMEOUT_MS - 100)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expectUnavailable(await pending)
  })

  it('other failures stay 500s, logged as errors', async () => {
    const app = Fastify({ logger: false })
    await app.register(errorHandler)
    const closed = await freePort()
    // A query that failed on a working database, and an outside API that could not be reached.
    app.get('/syntax', async () => {
      throw Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })
    })
    app.get('/fetch', async () => fetch(`http://127.0.0.1:${closed}/`))
    for (const url of ['/syntax', '/fetch']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(500)
      expect(res.json()).toMatchObject({ code: 'INTERNAL' })
    }
    await app.close()
  })
})

describe('isDatabaseUnreachable', () => {
  const pgError = (code: string) => Object.assign(new Error('terminating connection'), { code })

  it('knows PostgreSQL shutting down or refusing connections, and connection-class codes', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001'])
      expect(isDatabaseUnreachable(pgError(code)), code).toBe(true)
  })

  it('looks through causes and AggregateErrors (both loopback addresses refused)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })
    const aggregate = new AggregateError([refused, refused], '')
    expect(isDatabaseUnreachable(new Error('Failed query: select 1', { cause: aggregate }))).toBe(true)
  })

  it('leaves query errors and anything else alone', () => {
    for (const error of [pgError('23505'), pgError('42P01'), new Error('boom'), 'text', null, undefined])
      expect(isDatabaseUnreachable(error)).toBe(false)
  })
})
