import type pg from 'pg'
import type { Database } from '../../src/db/client.ts'
import type { Statement } from './capture.ts'

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement of a request that reads or writes memories, in a
 * transaction that is rolled back (a create is not written twice), after the statements before it (a
 * search's `set local`).
 */
export async function explainStatements(database: Database, statements: Statement[]): Promise<string[]> {
  const out: string[] = []
  const body = statements.filter((s) => !/^(begin|commit)$/i.test(s.sql))
  const run = async (
    query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  ) => {
    for (const s of body) {
      if (!/"memories"/.test(s.sql) || /^set /i.test(s.sql)) {
        await query(s.sql, s.params)
        continue
      }
      const res = await query(`explain (analyze, buffers) ${s.sql}`, s.params)
      out.push(`-- ${s.sql.replace(/\s+/g, ' ').slice(0, 300)}`)
      out.push(...res.rows.map((r) => `   ${String(Object.values(r)[0])}`))
    }
  }
  if (database.pglite) {
    const pglite = database.pglite
    await pglite
      .transaction(async (tx) => {
        await run((sql, params) => tx.query(sql, params))
        await tx.rollback()
      })
      .catch(() => {})
    return out
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client
  const client = await pool.connect()
  try {
    await client.query('begin')
    await run((sql, params) => client.query(sql, params))
  } finally {
    await client.query('rollback').catch(() => {})
    client.release()
  }
  return out
}
