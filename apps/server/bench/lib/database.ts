import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client.ts'
import { identities, users } from '../../src/db/schema.ts'
import { localAccountId } from '../../src/modules/auth/local-idp.ts'
import type { Engine } from './report.ts'

export const MAIN_EMAIL = 'bench@example.test'
export const otherEmail = (i: number) => `other${i}@example.test`
export const ZONE = 'Europe/Lisbon'

/** Where one engine's data lives for a run: a fresh PostgreSQL database, or a PGlite data directory. */
export interface BenchStore {
  engine: Engine
  /** PostgreSQL only. */
  databaseUrl?: string
  /** DATA_DIR for the server (PGlite keeps its database there). */
  dataDir: string
  open(): Promise<Database>
  drop(): Promise<void>
}

/** A database of its own per run (remi_bench_<pid>_<random>), dropped at the end. */
export async function createPostgresStore(baseUrl: string, dataDir: string): Promise<BenchStore> {
  const name = `remi_bench_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    engine: 'postgres',
    databaseUrl: url.href,
    dataDir,
    open: () => openDatabase({ databaseUrl: url.href, poolSize: 4 }),
    async drop() {
      if (process.env.BENCH_KEEP) return console.log(`  kept database ${name}`)
      const dropper = new pg.Client({ connectionString: baseUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** PGlite opened the way main.ts opens it, in DATA_DIR. */
export function createPgliteStore(dataDir: string): BenchStore {
  return { engine: 'pglite', dataDir, open: () => openDatabase({ dataDir }), drop: async () => {} }
}

const WORDS = `meeting dentist appointment garden plan project review call mother father sister brother friend
birthday party dinner lunch breakfast coffee recipe travel flight hotel passport visa doctor pharmacy medicine
gym running yoga swim bike walk park beach mountain hike camping book movie series podcast music concert guitar
piano lesson school homework exam teacher class course budget invoice salary tax bank loan rent mortgage
insurance car repair mechanic tyre oil fuel train bus ticket office desk laptop phone password backup server
deploy release bug feature design sprint standup retro manager team client contract deadline presentation
slides report email letter parcel delivery shopping groceries milk bread eggs cheese fruit vegetables chicken
fish pasta rice soup salad cake cookies chocolate wine beer tea water plant flowers tomato basil roses lawn fence
paint kitchen bathroom bedroom window door roof heating plumber electrician cleaner laundry ironing vacuum
vacation holiday weekend morning evening night tomorrow yesterday today monday tuesday wednesday thursday friday
saturday sunday january february march april may june july august september october november december idea note
remember important urgent later maybe question answer thought dream goal habit journal gratitude mood sleep`
  .split(/\s+/)
  .filter(Boolean)
const TAGS = [
  'work',
  'home',
  'health',
  'family',
  'finance',
  'travel',
  'ideas',
  'shopping',
  'fitness',
  'learning',
  'Garden',
  'Car',
]
/** In one memory in 2 000 (50 of 100 000): the rare word searched for. */
export const RARE_WORD = 'zanzibar'

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`

/** Users that can sign in through the local IdP: the same provider and subject it gives their e-mail. */
export async function createUsers(database: Database, emails: string[]): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < emails.length; i += 100) {
    const chunk = emails.slice(i, i + 100)
    const rows = await database.db
      .insert(users)
      .values(chunk.map((email) => ({ email, name: email.split('@')[0]!, timezone: ZONE })))
      .returning({ id: users.id, email: users.email })
    await database.db.insert(identities).values(
      rows.map((r) => ({
        userId: r.id,
        provider: 'local' as const,
        subject: localAccountId(r.email),
        email: r.email,
      })),
    )
    ids.push(...rows.map((r) => r.id))
  }
  return ids
}

/**
 * Memories numbered `from`..`to` for each user: 6–24 words, 0–3 tags, one in eight undated, dates and
 * creation times spread over ten years; sort_date as the app sets it (the date, else the creation day in
 * the user's zone).
 */
export async function seedMemories(database: Database, userIds: string[], from: number, to: number) {
  const { db } = database
  await db.execute(sql`select setseed(0.42)`)
  const perStatement = 20_000
  const usersPerStatement = Math.max(1, Math.floor(perStatement / (to - from + 1)))
  for (let u = 0; u < userIds.length; u += usersPerStatement) {
    const ids = userIds.slice(u, u + usersPerStatement)
    const step = Math.max(1, Math.floor(perStatement / ids.length))
    for (let start = from; start <= to; start += step) {
      const end = Math.min(to, start + step - 1)
      // References to g (and s.i) make the subqueries run per row, not once for the whole insert.
      await db.execute(sql`
        insert into memories (user_id, text, tags, date, sort_date, created_at, updated_at)
        select u.id,
          (select string_agg(v.w[1 + floor(random() * ${WORDS.length})::int], ' ' order by s.i)
             from generate_series(1, 6 + (g % 19)) as s(i))
            || case when g % 2000 = 7 then ${` ${RARE_WORD}`} else '' end,
          array(select distinct v.t[1 + floor(random() * ${TAGS.length})::int]
             from generate_series(1, g % 4) where g > 0),
          d, coalesce(d, (c at time zone ${ZONE})::date), c, c
        from unnest(${sql.raw(`'{${ids.join(',')}}'::uuid[]`)}) as u(id),
          generate_series(${start}::int, ${end}::int) as g,
          (select ${textArray(WORDS)} as w, ${textArray(TAGS)} as t) as v,
          lateral (select now() - random() * interval '3650 days' as c where g > 0) as ts,
          lateral (select case when g % 8 = 0 then null else date '2026-11-21' - floor(random() * 3650)::int end as d
            where g > 0) as ds`)
    }
  }
  // As autovacuum would leave it: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`vacuum analyze`)
}

/** Opens, migrates and seeds: the main user's first `count` memories and 200 other users with 500 each. */
export async function seedStore(store: BenchStore, count: number, others: { users: number; each: number }) {
  const database = await store.open()
  try {
    await migrateDatabase(database)
    const [mainId] = await createUsers(database, [MAIN_EMAIL])
    const otherIds = await createUsers(
      database,
      Array.from({ length: others.users }, (_, i) => otherEmail(i + 1)),
    )
    if (others.users) await seedMemories(database, otherIds, 1, others.each)
    await seedMemories(database, [mainId!], 1, count)
    return { mainId: mainId!, otherIds }
  } finally {
    await database.close()
  }
}

/** Grows the main user's memories from `from` to `to` (the 10 000 run becomes the 100 000 one). */
export async function growStore(store: BenchStore, mainId: string, from: number, to: number) {
  const database = await store.open()
  try {
    await seedMemories(database, [mainId], from + 1, to)
  } finally {
    await database.close()
  }
}
