/**
 * The events hub's LISTEN connection on PostgreSQL (PGlite is one process and listens to nothing): lost,
 * it listens again; once given back to the pool, it is the pool's. A test database dropped after a file
 * ended such a connection in the pool, and the hub, still listening for its errors, released it a second
 * time: pg-pool threw, an uncaught exception in CI.
 */
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createEventHub, NOTIFY_CHANNEL, type HubEvent } from './event-hub.ts'

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL

describe.runIf(onPostgres)('the events listener (PostgreSQL only)', () => {
  let t: TestApp
  let pool: pg.Pool
  beforeAll(async () => {
    t = await buildTestApp()
    pool = (t.database.db as unknown as { $client: pg.Pool }).$client
  })
  afterAll(() => t?.close())

  /** The backends of this database that LISTEN (their last statement). */
  async function listeners(): Promise<number[]> {
    const { rows } = await pool.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and query = $1`,
      [`LISTEN ${NOTIFY_CHANNEL}`],
    )
    return rows.map((r) => r.pid)
  }

  const terminate = (pid: number) => pool.query('select pg_terminate_backend($1)', [pid])

  it('listens again when its connection is lost, and events reach subscribers after', async () => {
    const warn = vi.fn()
    const hub = createEventHub(t.database, { info() {}, warn, error() {} })
    await hub.start()
    try {
      const [pid] = await listeners()
      expect(pid).toBeDefined()
      await terminate(pid!)
      await vi.waitFor(
        async () => {
          const now = await listeners()
          expect(now.length).toBe(1)
          expect(now[0]).not.toBe(pid)
        },
        { timeout: 10_000, interval: 100 },
      )
      expect(warn.mock.calls.map(([, message]) => message)).toEqual([
        'the events listener lost its connection; listening again',
      ])
      const got: HubEvent[] = []
      hub.subscribe('someone', (event) => got.push(event))
      const event = { userId: 'someone', type: 'reminder' } as unknown as HubEvent
      await pool.query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, JSON.stringify(event)])
      await vi.waitFor(() => expect(got).toEqual([event]), { timeout: 5_000, interval: 50 })
    } finally {
      await hub.stop()
    }
  })

  it('after stop, its connection ended in the pool is the pool’s: not handled, not released again', async () => {
    const warn = vi.fn()
    const hub = createEventHub(t.database, { info() {}, warn, error() {} })
    await hub.start()
    const [pid] = await listeners()
    expect(pid).toBeDefined()
    // Taken first, so that the hub's connection, given back, waits idle and is not the one that ends it.
    const other = await pool.connect()
    try {
      const before = pool.totalCount
      await hub.stop()
      await other.query('select pg_terminate_backend($1)', [pid])
      // The pool drops the idle connection that ended; the hub says nothing and throws nothing.
      await vi.waitFor(() => expect(pool.totalCount).toBeLessThan(before), { timeout: 5_000, interval: 50 })
      expect(warn).not.toHaveBeenCalled()
    } finally {
      other.release()
    }
  })
})
