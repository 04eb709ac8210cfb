import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { vector } from '@electric-sql/pglite-pgvector'
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { startPgliteThread } from './pglite-thread.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  /** The engine; PGlite is reached through node-postgres too when it runs in its worker thread. */
  kind: 'pglite' | 'postgres'
  /** The PGlite instance when it runs on this thread (the tests' in-memory databases: they dump and load it). */
  pglite?: PGlite
  close(): Promise<void>
}

/** vector: pgvector, for semantic search (enabled at start-up when an embedding model is configured). */
export const pgliteExtensions = { pg_trgm, btree_gin, vector }
/** Clients that reach a single PGlite backend: one transaction there holds back every other query. */
const singleBackends = new WeakSet<object>()

/**
 * PGlite, in this thread or its worker: one backend for the whole process, so code that would hold a
 * transaction open while it waits (for a model, say) must not, and takes an in-process lock instead.
 */
export function isSingleBackend(db: Db): boolean {
  const client = (db as unknown as { $client?: object }).$client
  return client instanceof PGlite || (client !== undefined && singleBackends.has(client))
}
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** Any constant shared by every instance: serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 0x52454d49 // "REMI"

export type OpenOptions =
  | { databaseUrl: string; poolSize?: number }
  | {
      dataDir?: string
      loadDataDir?: Blob
      inMemory?: boolean
      /** PGlite in a worker thread: the default for a data directory (production), optional otherwise. */
      thread?: boolean
    }

/** How long a request may wait to get a PostgreSQL connection (a new one, or a free one of the pool). */
export const POSTGRES_CONNECT_TIMEOUT_MS = 10_000

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database that takes connections and never answers (a dead host, a half-open network) would
      // otherwise hold every request forever; past this the request is a 503 (error-handler.ts). It also
      // bounds the wait for a free connection when all are busy.
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
      // Each statement here is short; PostgreSQL's JIT compiles any whose estimated cost passes
      // jit_above_cost, and compiling takes far longer than running them: recall's ranking for a person
      // with 100 000 memories ran in 1 ms and compiled for 28 (its neighbours' subqueries are costed high).
      onConnect: (client) => client.query('set jit = off'),
    })
    pool.on('error', () => {}) // an idle client's error must not crash the process; queries still report theirs
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const onDisk = Boolean(options.dataDir) && !options.inMemory
  // The owner's only, like the database in it (pglite-worker.ts).
  if (onDisk) mkdirSync(options.dataDir!, { recursive: true, mode: 0o700 })
  if (options.thread ?? onDisk) {
    // PGlite's WASM would otherwise run on the event loop: one big import stalled every request for seconds.
    const thread = await startPgliteThread({
      ...(onDisk ? { dataDir: options.dataDir! } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
    // PGlite is one backend, but a few connections keep the next statements queued in the worker while
    // one runs, instead of a round trip through this thread between them (load: 142 against 130
    // requests/s with one). The worker never splits a statement or a transaction between them.
    const pool = new pg.Pool({
      max: 4,
      user: 'postgres',
      database: 'postgres',
      stream: () => thread.connect(),
      allowExitOnIdle: true,
    })
    pool.on('error', () => {})
    singleBackends.add(pool)
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db
    return {
      db,
      kind: 'pglite',
      async close() {
        await pool.end()
        await thread.close()
      },
    }
  }
  const client = await PGlite.create({
    ...(options.inMemory || !options.dataDir ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  })
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return { db, kind: 'pglite', pglite: client, close: () => client.close() }
}

/**
 * For long background-like work on PGlite (an import in steps): waits, up to `maxMs`, while other
 * requests hold connections, so their queries go first and the work takes the backend when it is free.
 * Elsewhere it returns at once (PostgreSQL runs them side by side).
 */
export async function giveWay(db: Db, maxMs: number): Promise<void> {
  const client = (db as unknown as { $client?: pg.Pool }).$client
  if (!client || !singleBackends.has(client)) return nextTurn()
  const until = performance.now() + maxMs
  do await new Promise((resolve) => setTimeout(resolve, 2))
  while (client.totalCount - client.idleCount + client.waitingCount > 0 && performance.now() < until)
}

/** Applies pending migrations; several instances starting at once take turns on an advisory lock. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.pglite) {
    const db = database.db as unknown as Parameters<typeof migratePglite>[0]
    await migratePglite(db, { migrationsFolder })
    return
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client
  const lockClient = await pool.connect()
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    // On the lock's own connection: PGlite's pool has only that one.
    await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder })
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    lockClient.release()
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}

/**
 * UUIDs as one array parameter (`= any(${uuidArray(ids)})`): drizzle's inArray builds a parameter for
 * each, a thousand of them ~10 ms of this thread. The ids must be checked UUIDs (a bad one fails the query).
 */
export const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

/**
 * Texts as one array parameter (`unnest(${textParam(words)})`): the statement's text is the same however
 * many there are, so a named statement (queryRows) is prepared once for all of them.
 */
export const textParam = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`

/** Numbers as one array parameter, for the same reason as textParam. */
export const floatParam = (values: number[]) => sql`${`{${values.join(',')}}`}::float8[]`

/** `column` is one of `ids` (checked UUIDs): inArray with one parameter, see uuidArray. */
export const inUuids = (column: SQLWrapper, ids: string[]) => sql`${column} = any(${uuidArray(ids)})`

/**
 * `db.execute(query)`'s rows, on PostgreSQL as a named prepared statement: each connection parses and
 * plans it once, then PostgreSQL keeps a generic plan (planning was 0.14 ms of a page's 0.31). Only for
 * statements whose best plan does not depend on the values: a generic plan cannot fold a
 * plainto_tsquery($1) or estimate a filter's matches. The name is a hash of the text, so the same text is the same statement. PGlite is
 * one backend behind several pool connections, each of which would prepare the same name again, so
 * there it stays unnamed.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return preparedRows<T>(db, query)({})
}

/**
 * A statement built once, its changing values as `sql.placeholder(name)`, run as often as needed with
 * those values: no SQL is built or hashed per call (drizzle's building was 18% of the page route's CPU
 * under load). Named on PostgreSQL, as queryRows.
 */
export function preparedRows<T>(db: Db, query: SQL): (values: Record<string, unknown>) => Promise<T[]> {
  const { session, dialect } = db as unknown as {
    session: {
      prepareQuery(
        q: unknown,
        f: undefined,
        name: string | undefined,
        array: false,
      ): { execute(values: Record<string, unknown>): Promise<unknown> }
    }
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } }
  }
  const built = dialect.sqlToQuery(query)
  const name = isSingleBackend(db)
    ? undefined
    : `remi_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 22)}`
  const prepared = session.prepareQuery(built, undefined, name, false)
  return async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows
}
