import { readFileSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts'

// PGlite in its worker thread, reached over the wire protocol as production reaches it.
describe('PGlite in a worker thread', () => {
  let thread: PgliteThread
  const clients: pg.Client[] = []
  const connect = async () => {
    const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connect() })
    await client.connect()
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    const template = inject('pgliteTemplate')
    thread = await startPgliteThread(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {})
    const setup = await connect()
    await setup.query('create table t (id int primary key, v text)')
  })
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})))
    await thread.close()
  })

  it('leaves the event loop free while a statement runs', async () => {
    const client = await connect()
    const order: string[] = []
    const query = client.query('select pg_sleep(0.3)').then(() => order.push('query'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    order.push('timer')
    await query
    expect(order).toEqual(['timer', 'query'])
  })

  it("never mixes one connection's parameterised statements with another's", async () => {
    const conns = await Promise.all([connect(), connect(), connect(), connect()])
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        conns[i % conns.length]!.query('select $1::int as n, $2::text as s', [i, `s${i}`]).then(
          (r) => r.rows[0],
        ),
      ),
    )
    expect(answers).toEqual(Array.from({ length: 80 }, (_, i) => ({ n: i, s: `s${i}` })))
  })

  it('holds other connections back until a transaction ends, and they then see its writes', async () => {
    const [a, b] = await Promise.all([connect(), connect()])
    await a.query('begin')
    await a.query("insert into t values (1, 'one')")
    let read: unknown = null
    const reading = b.query('select v from t where id = 1').then((r) => (read = r.rows))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(read).toBeNull()
    await a.query('commit')
    await reading
    expect(read).toEqual([{ v: 'one' }])
  })

  it('rolls back the transaction of a connection that goes away, and serves the next one', async () => {
    const [a, b] = await Promise.all([connect(), connect()])
    a.on('error', () => {}) // its connection is cut on purpose
    await a.query('begin')
    await a.query("insert into t values (2, 'lost')")
    const waiting = b.query('select count(*)::int as n from t where id = 2')
    ;(a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
    expect((await waiting).rows).toEqual([{ n: 0 }])
  })

  it('runs with 48 MB of shared buffers, not the default 128 MB that would be resident from the start', async () => {
    const client = await connect()
    expect((await client.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '48MB' }])
  })

  it('reports a failed statement to its client and carries on', async () => {
    const client = await connect()
    await expect(client.query('select * from missing_table')).rejects.toThrow(/missing_table/)
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })
})
