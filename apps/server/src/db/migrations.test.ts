import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase, type Database } from './client.ts'
import { createPostgresDatabase } from '../test/db.ts'

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
  return createPostgresDatabase(url, `remi_test_migrate_${randomBytes(6).toString('hex')}`, { poolSize: 2 })
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
      expect(indexes).toContainEqual({ indexname: 'memories_user_sort_idx' })
      expect(indexes).not.toContainEqual({ indexname: 'memories_user_date_idx' })
      expect(indexes).not.toContainEqual({ indexname: 'memories_user_undated_created_idx' })
    } finally {
      await database.close()
    }
  })
})

describe('migration 0007_memories_speed: the per-user memory counter', () => {
  const counts = async (database: Database) =>
    Object.fromEntries(
      (
        await rows(
          database,
          sql`select u.email, c.total from memory_counts c join users u on u.id = c.user_id`,
        )
      ).map((r) => [r.email, Number(r.total)]),
    )

  it('starts from the rows already there, then follows every insert, delete and upsert in the same transaction', async () => {
    const database = await emptyDatabase()
    try {
      await migrateTo(database, migrationsBefore('0007_memories_speed'))
      const [ann, bob, cy] = await rows(
        database,
        sql`insert into users (email) values ('ann@example.test'), ('bob@example.test'), ('cy@example.test') returning id`,
      )
      await database.db.execute(sql`
        insert into memories (user_id, text, sort_date) values
          (${ann!.id}, 'one', '2026-01-01'), (${ann!.id}, 'two', '2026-01-02'), (${bob!.id}, 'three', '2026-01-03')`)

      await migrateDatabase(database)
      expect(await counts(database)).toEqual({ 'ann@example.test': 2, 'bob@example.test': 1 })

      // Several users in one statement, then a user's first memory.
      await database.db.execute(sql`
        insert into memories (user_id, text, sort_date) values
          (${ann!.id}, 'four', '2026-01-04'), (${bob!.id}, 'five', '2026-01-05'), (${cy!.id}, 'six', '2026-01-06')`)
      expect(await counts(database)).toEqual({
        'ann@example.test': 3,
        'bob@example.test': 2,
        'cy@example.test': 1,
      })

      // An upsert counts only the rows it inserted (an import's updates change nothing).
      const [existing] = await rows(database, sql`select id from memories where text = 'one'`)
      await database.db.execute(sql`
        insert into memories (id, user_id, text, sort_date) values
          (${existing!.id}, ${ann!.id}, 'one, edited', '2026-01-01'), (gen_random_uuid(), ${ann!.id}, 'seven', '2026-01-07')
        on conflict (id) do update set text = excluded.text`)
      expect((await counts(database))['ann@example.test']).toBe(4)

      // A rolled-back insert leaves the counter as it was.
      await database.db
        .transaction(async (tx) => {
          await tx.execute(
            sql`insert into memories (user_id, text, sort_date) values (${bob!.id}, 'gone', '2026-01-08')`,
          )
          tx.rollback()
        })
        .catch(() => {})
      expect((await counts(database))['bob@example.test']).toBe(2)

      await database.db.execute(
        sql`delete from memories where user_id = ${ann!.id} and text in ('two', 'four')`,
      )
      expect((await counts(database))['ann@example.test']).toBe(2)

      // Deleting a user takes their counter with them and leaves the others alone.
      await database.db.execute(sql`delete from users where id = ${bob!.id}`)
      expect(await counts(database)).toEqual({ 'ann@example.test': 2, 'cy@example.test': 1 })
      const [check] = await rows(
        database,
        sql`select count(*) filter (where c.total is distinct from m.n) as wrong from memory_counts c
            full join (select user_id, count(*)::int as n from memories group by user_id) m on m.user_id = c.user_id`,
      )
      expect(Number(check!.wrong)).toBe(0)
    } finally {
      await database.close()
    }
  })
})
