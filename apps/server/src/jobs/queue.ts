/**
 * The durable job queue: pg-boss on the app's own database (PostgreSQL, or PGlite in its worker thread
 * or in process). Jobs are rows in pg-boss's schema, so they survive restarts; every instance works
 * them and pg-boss's SKIP LOCKED fetch gives each job to one worker; a job whose worker crashed is
 * retried once it expires. Features define a kind of job once (a name, how it retries, its handler)
 * and send to it; the queue starts only when some kind is defined, so a deployment with nothing to do
 * in the background opens no schema and polls nothing.
 */
import type { PgBoss, Db as IDatabase, Job, QueuePolicy } from 'pg-boss'
import type pg from 'pg'
import type { Database } from '../db/client.ts'

export interface JobLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export interface JobKindOptions<T> {
  /** Jobs handed to one call of `work` (several writes embedded in one request, say). Default 1. */
  batchSize?: number
  /**
   * After a full batch, fetch the next at once instead of waiting out the polling interval (pg-boss's
   * burstWhenBatchFull): a backlog drains as fast as `work` goes, not one batch a poll.
   */
  burstWhenBatchFull?: boolean
  /** Attempts after the first; each waits longer (exponential backoff from `retryDelaySeconds`). */
  retryLimit?: number
  retryDelaySeconds?: number
  retryDelayMaxSeconds?: number
  /** How long one attempt may run before it counts as crashed and is retried. Default 15 min. */
  expireInSeconds?: number
  /** pg-boss's queue policy: 'stately' keeps at most one job queued and one running. */
  policy?: QueuePolicy
  /** How often this kind's worker looks for jobs (default: the queue's): a kind with due times polls often. */
  pollingIntervalSeconds?: number
  /** Does the work; throwing fails the batch's jobs, which are retried as above. */
  work(jobs: Array<{ id: string; data: T; retryCount: number; signal: AbortSignal }>): Promise<void>
}

export interface JobKind<T> {
  readonly name: string
  /**
   * Stores a job (durable once this resolves) and wakes this instance's worker. Resolves to the job's
   * id, or null when the queue's policy refused it (one like it already waiting) or the queue is off.
   */
  send(data: T, options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<string | null>
}

export interface JobQueue {
  define<T extends object>(name: string, options: JobKindOptions<T>): JobKind<T>
  /** Creates pg-boss's schema (first start), the queues, and starts working. No kinds: nothing. */
  start(): Promise<void>
  /** Stops taking jobs and waits (up to `timeoutMs`) for the running ones to finish. */
  stop(timeoutMs?: number): Promise<void>
  /** Whether start() has been called and the queue is (or is becoming) usable. */
  readonly running: boolean
}

export interface JobQueueOptions {
  database: Database
  logger: JobLogger
  /**
   * How often workers look for jobs sent by other instances and for retries that came due. Jobs sent by
   * this instance wake its worker at once. Long by default: each look is a query, and on PGlite a
   * query every few seconds keeps its worker thread from ever being idle (memory is given back then).
   */
  pollingIntervalSeconds?: number
  /** How often jobs that ran past their time (a crashed instance's) are found and retried (default 60 s). */
  superviseIntervalSeconds?: number
}

const SCHEMA = 'pgboss'

/**
 * pg-boss over our own connections: PGlite in this thread through its own adapter, anything reached by
 * node-postgres (PostgreSQL, PGlite's worker thread) through the app's pool, so the queue adds no
 * connections of its own. A statement list without values is sent as one simple query (pg-boss's
 * BEGIN ... COMMIT blocks stay on one connection) and its results' rows flattened, as pg-boss's own
 * driver does.
 */
async function adapterFor(database: Database): Promise<IDatabase> {
  if (database.pglite) {
    const { fromPglite } = await import('pg-boss')
    return fromPglite(database.pglite)
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = (await pool.query(text, values?.length ? values : undefined)) as unknown
      if (Array.isArray(result)) return { rows: result.flatMap((r: { rows?: unknown[] }) => r.rows ?? []) }
      return result as { rows: unknown[] }
    },
  }
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, logger } = options
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 30
  const kinds = new Map<string, JobKindOptions<object>>()
  const workers = new Map<string, string>()
  let boss: PgBoss | null = null
  let starting: Promise<PgBoss | null> | null = null
  let stopped = false

  async function startBoss(): Promise<PgBoss | null> {
    if (kinds.size === 0) return null
    // Loaded only when there is background work: a deployment without any never pays for the module.
    const { PgBoss } = await import('pg-boss')
    const instance = new PgBoss({
      db: await adapterFor(database),
      schema: SCHEMA,
      backend: database.kind === 'pglite' && database.pglite ? 'pglite' : 'postgres',
      // No cron schedules yet (reminders keep their own times as jobs sent to start later).
      schedule: false,
      registerInstance: false,
      persistWarnings: false,
      openTelemetry: { enabled: false },
      ...(options.superviseIntervalSeconds && {
        superviseIntervalSeconds: options.superviseIntervalSeconds,
        monitorIntervalSeconds: options.superviseIntervalSeconds,
      }),
    })
    // pg-boss retries its polling and maintenance by itself: a database outage is a warning, not an error.
    instance.on('error', (error: unknown) => logger.warn({ err: error }, 'job queue error (retried)'))
    await instance.start()
    for (const [name, kind] of kinds) {
      await instance.createQueue(name, {
        policy: kind.policy ?? 'standard',
        retryLimit: kind.retryLimit ?? 5,
        retryDelay: kind.retryDelaySeconds ?? 5,
        retryBackoff: true,
        ...(kind.retryDelayMaxSeconds !== undefined && { retryDelayMax: kind.retryDelayMaxSeconds }),
        expireInSeconds: kind.expireInSeconds ?? 900,
      })
    }
    if (stopped) {
      await instance.stop({ graceful: false, close: false })
      return null
    }
    boss = instance
    for (const [name, kind] of kinds) {
      const id = await instance.work<object>(
        name,
        {
          batchSize: kind.batchSize ?? 1,
          burstWhenBatchFull: kind.burstWhenBatchFull ?? false,
          pollingIntervalSeconds: kind.pollingIntervalSeconds ?? pollingIntervalSeconds,
        },
        async (jobs: Job<object>[]) => {
          await kind.work(
            jobs.map((j) => ({ id: j.id, data: j.data, retryCount: j.retryCount, signal: j.signal })),
          )
        },
      )
      workers.set(name, id)
    }
    logger.info({ queues: [...kinds.keys()] }, 'job queue started')
    return instance
  }

  return {
    define<T extends object>(name: string, kind: JobKindOptions<T>): JobKind<T> {
      if (starting) throw new Error(`Job kind ${name} defined after the queue started`)
      kinds.set(name, kind as JobKindOptions<object>)
      return {
        name,
        async send(data, sendOptions = {}) {
          const instance = boss ?? (starting ? await starting : null)
          if (!instance || stopped) return null
          const id = await instance.send(name, data, {
            ...(sendOptions.singletonKey && { singletonKey: sendOptions.singletonKey }),
            ...(sendOptions.startAfterSeconds && { startAfter: sendOptions.startAfterSeconds }),
          })
          const worker = workers.get(name)
          if (id && worker && !sendOptions.startAfterSeconds) instance.notifyWorker(worker)
          return id
        },
      }
    },

    start() {
      // Instances starting at once on an empty database race to create pg-boss's schema; the loser's
      // CREATE SCHEMA fails on the winner's, and a second try finds it made.
      starting ??= startBoss()
        .catch(async (error: unknown) => {
          logger.warn({ err: error }, 'the job queue did not start; trying again')
          await new Promise((resolve) => setTimeout(resolve, 1000))
          return startBoss()
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'the job queue could not start; background work is off until restart')
          return null
        })
      return starting.then(() => undefined)
    },

    async stop(timeoutMs = 8_000) {
      stopped = true
      const instance = boss ?? (starting ? await starting : null)
      boss = null
      // close: false, the connections are the app's and it closes them after this.
      await instance?.stop({ graceful: true, close: false, timeout: timeoutMs })
    },

    get running() {
      return starting !== null && !stopped
    },
  }
}
