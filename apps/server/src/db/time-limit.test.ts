import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/db.ts'
import { queryRows, type Database } from './client.ts'
import { SearchTimeoutError, withTimeLimit } from './time-limit.ts'

const onPostgres = process.env.TEST_DB === 'postgres'

describe('withTimeLimit', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  const settings = (db: Database['db']) =>
    queryRows<{ timeout: string; plans: string }>(
      db,
      sql`select current_setting('statement_timeout') as timeout, current_setting('plan_cache_mode') as plans`,
    )

  it.runIf(onPostgres)(
    'stops a statement past the limit as SearchTimeoutError, and leaves the connection as it was',
    async () => {
      const before = await settings(database.db)
      await expect(
        withTimeLimit(database.db, 50, (exec) => exec.execute(sql`select pg_sleep(2)`)),
      ).rejects.toBeInstanceOf(SearchTimeoutError)
      // Inside: the limit, and every named statement planned for its own values (a search's words).
      const inside = await withTimeLimit(database.db, 1500, (exec) => settings(exec))
      expect(inside).toEqual([{ timeout: '1500ms', plans: 'force_custom_plan' }])
      // Outside, on every connection of the pool (its size is 5 in tests), the settings are back.
      const after = await Promise.all(Array.from({ length: 5 }, () => settings(database.db)))
      expect(after.flat()).toEqual(Array(5).fill(before[0]))
    },
  )

  it.runIf(!onPostgres)(
    'runs the statements as they are on PGlite (one backend, not interrupted)',
    async () => {
      const rows = await withTimeLimit(database.db, 50, (exec) =>
        queryRows<{ one: number }>(exec, sql`select 1 as one`),
      )
      expect(rows).toEqual([{ one: 1 }])
    },
  )
})
