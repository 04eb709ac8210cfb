import { PGlite } from '@electric-sql/pglite'
import type { Logger } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { pgliteExtensions, type Database, type Db } from '../../src/db/client.ts'
import * as schema from '../../src/db/schema.ts'

export interface Statement {
  sql: string
  params: unknown[]
}

/**
 * The database the app is built on while the SQL of each request is recorded: drizzle's logger sees
 * every statement with its parameters. node-postgres logs its own begin/commit; PGlite runs them inside
 * its transaction(), so db.transaction() marks them for it.
 */
export async function openCapturing(
  target: { databaseUrl: string } | { dataDir: string },
): Promise<{ database: Database; record<T>(fn: () => Promise<T>): Promise<Statement[]>; replay: Replayer }> {
  let log: Statement[] | null = null
  const logger: Logger = {
    logQuery: (query, params) => void log?.push({ sql: query, params }),
  }
  let database: Database
  let replay: Replayer
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 4 })
    pool.on('error', () => {})
    const db = drizzleNodePg({ client: pool, schema, logger }) as unknown as Db
    database = { db, kind: 'postgres', close: () => pool.end() }
    replay = async (statements) => {
      const client = await pool.connect()
      try {
        for (const s of statements) await client.query(s.sql, s.params)
      } finally {
        client.release()
      }
    }
  } else {
    const client = await PGlite.create({ dataDir: target.dataDir, extensions: pgliteExtensions })
    const db = drizzlePglite({ client, schema, logger }) as unknown as Db
    const transaction = db.transaction.bind(db)
    db.transaction = (async (
      fn: Parameters<Db['transaction']>[0],
      config?: Parameters<Db['transaction']>[1],
    ) =>
      transaction(async (tx) => {
        log?.push({ sql: 'begin', params: [] })
        const result = await fn(tx)
        log?.push({ sql: 'commit', params: [] })
        return result
      }, config)) as Db['transaction']
    database = { db, kind: 'pglite', pglite: client, close: () => client.close() }
    replay = async (statements) => {
      let i = 0
      while (i < statements.length) {
        if (statements[i]!.sql !== 'begin') {
          await client.query(statements[i]!.sql, statements[i]!.params)
          i += 1
          continue
        }
        const end = statements.findIndex((s, j) => j > i && s.sql === 'commit')
        const inside = statements.slice(i + 1, end)
        await client.transaction(async (tx) => {
          for (const s of inside) await tx.query(s.sql, s.params)
        })
        i = end + 1
      }
    }
  }
  return {
    database,
    replay,
    async record(fn) {
      log = []
      try {
        await fn()
        return log
      } finally {
        log = null
      }
    },
  }
}

/** Runs the recorded statements of one request, in order, on one connection. */
export type Replayer = (statements: Statement[]) => Promise<void>
