import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase, type Database } from './client.ts'
import { withDatabaseName } from '../test/db.ts'

const migrations = fileURLToPath(new URL('./migrations', import.meta.url))

/** The migrations folder as it was before `tag`: a database "of an older release". */
function migrationsBefore(tag: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'remi-migrations-')), 'migrations')
  cpSync(migrations, dir, { recursive: true })
  const journalFile = join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag === tag)
  expect(at, `${tag} is in the journal`).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

/** An empty database of this run's engine (PGlite in memory, or a new PostgreSQL database). */
async function emptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (process.env.TEST_DB !== 'postgres' || !url) return openDatabase({ inMemory: true })
  const name = `remi_test_migrate_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const database = await openDatabase({ databaseUrl: withDatabaseName(url, name), poolSize: 2 })
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

async function migrateTo(database: Database, migrationsFolder: string) {
  if (database.kind === 'pglite')
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder })
  else
    await migrateNodePg(database.db as unknown as Parameters<typeof migrateNodePg>[0], { migrationsFolder })
}

const rows = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows

describe('migration 0004_memories_sort_date on existing rows', () => {
  it("backfills each memory's day: its date, else the creation day in the user's zone (UTC if unknown)", async () => {
    const database = await emptyDatabase()
    try {
      await migrateTo(database, migrationsBefore('0004_memories_sort_date'))
      const [tokyo, mars] = await rows(
        database,
        sql`insert into users (email, timezone) values ('tokyo@example.test', 'Asia/Tokyo'),
          ('mars@example.test', 'Mars/Olympus_Mons') returning id`,
      )
      await database.db.execute(sql`
        insert into memories (user_id, text, date, created_at) values
          (${tokyo!.id}, 'dated', '2025-07-04', '2026-02-28T16:00:00Z'),
          (${tokyo!.id}, 'undated, March 1 in Tokyo', null, '2026-02-28T16:00:00Z'),
          (${tokyo!.id}, 'undated, Feb 28 in Tokyo', null, '2026-02-28T14:59:59Z'),
          (${mars!.id}, 'undated, unknown zone: the UTC day', null, '2026-02-28T23:30:00Z')`)

      await migrateDatabase(database)

      const backfilled = await rows(
        database,
        sql`select text, sort_date::text as day from memories order by text`,
      )
      expect(backfilled).toEqual([
        { text: 'dated', day: '2025-07-04' },
        { text: 'undated, Feb 28 in Tokyo', day: '2026-02-28' },
        { text: 'undated, March 1 in Tokyo', day: '2026-03-01' },
        { text: 'undated, unknown zone: the UTC day', day: '2026-02-28' },
      ])
      const [column] = await rows(
        database,
        sql`select is_nullable from information_schema.columns where table_name = 'memories' and column_name = 'sort_date'`,
      )
      expect(column).toEqual({ is_nullable: 'NO' })
      const indexes = await rows(
        database,
        sql`select indexname from pg_indexes where tablename = 'memories' and indexname like 'memories_user_%' order by 1`,
      )
      expect(indexes).toEqual([{ indexname: 'memories_user_sort_idx' }])
    } finally {
      await database.close()
    }
  })
})
