import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/db.ts'
import { queryRows, textParam, uuidArray, type Database } from './client.ts'

/** The one-parameter arrays and named statements the searches use, on PGlite and on PostgreSQL. */
describe('array parameters and named statements', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  it('passes any texts through one array parameter, quotes, backslashes, commas and braces included', async () => {
    const texts = ['plain', 'it\'s "quoted"', 'back\\slash', 'a,b {c}', '', 'NULL', 'ünïcode words']
    const rows = await queryRows<{ t: string; i: number }>(
      database.db,
      sql`select t, i::int from unnest(${textParam(texts)}) with ordinality as x(t, i) order by i`,
    )
    expect(rows.map((r) => r.t)).toEqual(texts)
  })

  it('runs one named statement with any number of values, each time with its own values', async () => {
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']
    const query = (words: string[], uuids: string[]) =>
      queryRows<{ n: number; m: number }>(
        database.db,
        sql`select cardinality(${textParam(words)})::int as n, cardinality(${uuidArray(uuids)})::int as m`,
      )
    expect(await query(['one'], ids)).toEqual([{ n: 1, m: 2 }])
    expect(await query(['one', 'two', 'three'], ids.slice(0, 1))).toEqual([{ n: 3, m: 1 }])
    expect(await query([], [])).toEqual([{ n: 0, m: 0 }])
  })
})
