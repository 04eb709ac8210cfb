import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrateDatabase, openDatabase } from '../db/client.ts'
import { withDatabaseName } from './db.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

/** Migrates one database once per run; every test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (project.config.env?.TEST_DB === 'postgres') {
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
    // A template of its own per run, so runs at the same time on one server never touch each other's.
    const template = `remi_test_template_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${template}`)
    await admin.end()
    const database = await openDatabase({ databaseUrl: withDatabaseName(url, template), poolSize: 2 })
    await migrateDatabase(database)
    await database.close()
    project.provide('postgresTemplate', template)
    project.provide('pgliteTemplate', '')
    return async () => {
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await dropper.end()
    }
  }
  const database = await openDatabase({ inMemory: true })
  await migrateDatabase(database)
  const dump = await database.pglite!.dumpDataDir('none')
  await database.close()
  const file = join(mkdtempSync(join(tmpdir(), 'remi-test-')), 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  project.provide('postgresTemplate', '')
}
