import { BriefingSections, type BriefingSource } from '@remi/shared'
import { and, eq, lt, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { isSingleBackend, type Db } from '../../db/client.ts'
import * as schema from '../../db/schema.ts'
import { briefings, memoryCounts } from '../../db/schema.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Where a locked section's queries go: the transaction that holds the lock, or the database. */
export type Exec = Db | Tx

export interface BriefingRow {
  localDate: string
  content: string
  source: BriefingSource
  inputsHash: string
  /** Null when the stored value does not read as sections (then the row is treated as stale). */
  sections: BriefingSections | null
  generatedAt: Date
  /** The user's memories version (memory_counts.version) its facts were gathered at. */
  memoriesVersion: number
}

/** The day's stored briefing, if any, and the user's memories version now. */
export interface StoredBriefing {
  row: BriefingRow | undefined
  memoriesVersion: number
}

/** Days of briefings kept per user; older ones are deleted as new ones are stored. */
const KEEP_DAYS = 14
/**
 * Connections for the generations' locks, apart from the pool every request uses: each generation (and
 * each request waiting for another instance's) holds one while the model writes, and ten people opening
 * the dashboard at once took all ten of the pool's, holding back every other request until the model
 * answered. Past this many at once, generations wait for one another; other requests never do.
 */
const LOCK_CONNECTIONS = 20

/** A pool of its own on the same PostgreSQL database, its connections closed when idle. */
function lockPoolFor(db: Db): Db {
  const main = (db as unknown as { $client: pg.Pool }).$client
  const pool = new pg.Pool({
    ...main.options,
    max: LOCK_CONNECTIONS,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  })
  pool.on('error', () => {}) // an idle client's error must not crash the process; queries still report theirs
  return drizzle({ client: pool, schema }) as unknown as Db
}

/**
 * PostgreSQL has many connections and several instances may share it; PGlite is one connection inside
 * this process, where a transaction holds back every other query until it ends.
 */
// PGlite is reached through a pg pool too (its worker), but it has one backend: a transaction held there
// while a model writes would hold back every other request.
const isPool = (db: Db) => !isSingleBackend(db)

export function createBriefingsRepo(db: Db) {
  const pool = isPool(db)
  let lockDb: Db | undefined
  /** Generations in progress in this process, per user: the next one for a user starts when these end. */
  const running = new Map<string, Promise<unknown>>()

  /** Runs `fn` alone for this user in this process. */
  async function locally<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const before = running.get(userId) ?? Promise.resolve()
    const mine = before.then(fn, fn)
    const settled = mine.catch(() => {})
    running.set(userId, settled)
    try {
      return await mine
    } finally {
      if (running.get(userId) === settled) running.delete(userId)
    }
  }

  /** The user's memories version now (memory_counts.version; 0 before their first memory). */
  async function memoriesVersion(userId: string, exec: Exec = db): Promise<number> {
    const [counter] = await exec
      .select({ version: memoryCounts.version })
      .from(memoryCounts)
      .where(eq(memoryCounts.userId, userId))
    return counter?.version ?? 0
  }

  return {
    async find(userId: string, localDate: string, exec: Exec = db): Promise<StoredBriefing> {
      const version = sql`coalesce((select ${memoryCounts.version} from ${memoryCounts}
        where ${memoryCounts.userId} = ${userId}), 0)`.mapWith(Number)
      const [row] = await exec
        .select({
          localDate: briefings.localDate,
          content: briefings.content,
          source: briefings.source,
          inputsHash: briefings.inputsHash,
          sections: briefings.sections,
          generatedAt: briefings.generatedAt,
          memoriesVersion: briefings.memoriesVersion,
          memoriesNow: version,
        })
        .from(briefings)
        .where(and(eq(briefings.userId, userId), eq(briefings.localDate, localDate)))
      if (!row) return { row: undefined, memoriesVersion: await memoriesVersion(userId, exec) }
      const { memoriesNow, ...stored } = row
      const sections = BriefingSections.safeParse(stored.sections)
      return {
        row: { ...stored, sections: sections.success ? sections.data : null },
        memoriesVersion: memoriesNow,
      }
    },

    memoriesVersion,

    /** The stored briefing still tells the facts as they are at this memories version (never lowered). */
    async markCurrent(userId: string, localDate: string, memoriesVersion: number) {
      await db
        .update(briefings)
        .set({ memoriesVersion })
        .where(
          and(
            eq(briefings.userId, userId),
            eq(briefings.localDate, localDate),
            lt(briefings.memoriesVersion, memoriesVersion),
          ),
        )
    },

    /** The stored briefings are forgotten: the next visit writes the day's again. */
    async forget(userId: string) {
      await db.delete(briefings).where(eq(briefings.userId, userId))
    },

    /** The day's one row, replaced; briefings older than two weeks go at the same time. */
    async save(
      exec: Exec,
      userId: string,
      row: Omit<BriefingRow, 'sections'> & { sections: BriefingSections },
    ) {
      const values = { ...row, userId }
      await exec
        .insert(briefings)
        .values(values)
        .onConflictDoUpdate({
          target: [briefings.userId, briefings.localDate],
          set: {
            content: row.content,
            source: row.source,
            inputsHash: row.inputsHash,
            sections: row.sections,
            generatedAt: row.generatedAt,
            memoriesVersion: row.memoriesVersion,
          },
        })
      await exec
        .delete(briefings)
        .where(
          and(
            eq(briefings.userId, userId),
            lt(briefings.localDate, sql`${row.localDate}::date - ${KEEP_DAYS}::int`),
          ),
        )
    },

    /**
     * Runs `fn` while no other generation for this user runs, in this process or (on PostgreSQL) in any
     * instance sharing the database: a transaction-scoped advisory lock on the user's key. `fn` must send
     * its queries through the `exec` it is given: on PostgreSQL that is the lock's own connection, so the
     * lock holder never waits for a pool connection that the requests queued behind it are holding. That
     * connection comes from a pool of its own (LOCK_CONNECTIONS), so generations never hold back the rest.
     */
    async withUserLock<T>(userId: string, fn: (exec: Exec) => Promise<T>): Promise<T> {
      return locally(userId, async () => {
        if (!pool) return fn(db)
        lockDb ??= lockPoolFor(db)
        return lockDb.transaction(async (tx) => {
          // The transaction sits idle while the model writes (up to its time limit): a server-wide
          // idle-in-transaction timeout must not end it and lose the briefing.
          await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`)
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`remi:briefing:${userId}`}))`)
          return fn(tx)
        })
      })
    },
  }
}
export type BriefingsRepo = ReturnType<typeof createBriefingsRepo>
