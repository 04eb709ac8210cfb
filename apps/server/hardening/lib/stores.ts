import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase, type Database } from '../../src/db/client.ts'
import type { Context, Engine } from './scenario.ts'

/** Where one engine's data lives for one scenario: a PGlite data directory, or a PostgreSQL database of its own. */
export interface Store {
  engine: Engine
  dataDir: string
  databaseUrl?: string
  /** Opens the database directly (the server must be stopped first on PGlite). */
  open(): Promise<Database>
  drop(): Promise<void>
}

export async function createStore(context: Context, engine: Engine, name: string): Promise<Store> {
  const dataDir = join(context.workDir, `${name}-${engine}`)
  mkdirSync(dataDir, { recursive: true })
  if (engine === 'pglite')
    return { engine, dataDir, open: () => openDatabase({ dataDir }), drop: async () => {} }
  const database = `remi_hardening_${name.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: context.postgresUrl })
  await admin.connect()
  await admin.query(`create database ${database}`)
  await admin.end()
  const url = new URL(context.postgresUrl)
  url.pathname = `/${database}`
  return {
    engine,
    dataDir,
    databaseUrl: url.href,
    open: () => openDatabase({ databaseUrl: url.href, poolSize: 2 }),
    async drop() {
      if (process.env.HARDENING_KEEP) return
      const dropper = new pg.Client({ connectionString: context.postgresUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${database} with (force)`)
      await dropper.end()
    },
  }
}
