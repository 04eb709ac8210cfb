import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../db/client.ts'

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.href
}

/**
 * A fresh, migrated database of its own for one test file: in-memory PGlite loaded from the run's
 * template, or (TEST_DB=postgres) a PostgreSQL database copied from the template database.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (process.env.TEST_DB === 'postgres' && url) {
    const name = `remi_test_${randomBytes(6).toString('hex')}`
    return createPostgresDatabase(url, name, { template: inject('postgresTemplate'), poolSize: 5 })
  }
  const template = inject('pgliteTemplate')
  // TEST_PGLITE_THREAD=1: PGlite in its worker thread behind node-postgres, as production runs it.
  const thread = process.env.TEST_PGLITE_THREAD === '1'
  return openDatabase({ inMemory: true, loadDataDir: new Blob([readFileSync(template)]), thread })
}

/** A new PostgreSQL database `name` on the server at `url` (a copy of `template`, or empty), dropped on close. */
export async function createPostgresDatabase(
  url: string,
  name: string,
  options: { template?: string; poolSize: number },
): Promise<Database> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`)
      break
    } catch (error) {
      // Two files copying the template at the same instant: wait and try again.
      if (attempt > 20 || !String(error).includes('being accessed by other users')) throw error
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
    }
  }
  await admin.end()
  const database = await openDatabase({
    databaseUrl: withDatabaseName(url, name),
    poolSize: options.poolSize,
  })
  return {
    ...database,
    async close() {
      await database.close()
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}
