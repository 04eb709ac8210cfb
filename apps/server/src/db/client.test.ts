import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/db.ts'
import { queryRows, type Database } from './client.ts'

const onPostgres = process.env.TEST_DB === 'postgres'

describe.runIf(onPostgres)('PostgreSQL connections (PostgreSQL only: PGlite is built without JIT)', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  it('have JIT off on every connection of the pool, however many it opens', async () => {
    // Held at once, so the pool opens a connection for each (its size is 5 in tests).
    const settings = await database.db.transaction(async (outer) => {
      const inner = await Promise.all(
        Array.from({ length: 4 }, () =>
          queryRows<{ jit: string; pid: number }>(
            database.db,
            sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`,
          ),
        ),
      )
      const own = await queryRows<{ jit: string; pid: number }>(
        outer,
        sql`select current_setting('jit') as jit, pg_backend_pid() as pid`,
      )
      return [...inner.flat(), ...own]
    })
    expect(new Set(settings.map((s) => s.pid)).size).toBe(5)
    expect(settings.map((s) => s.jit)).toEqual(Array(5).fill('off'))
  })
})
