import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/client.ts'
import { createTestDatabase } from '../test/db.ts'
import { createJobQueue, type JobQueue } from './queue.ts'

/**
 * The durable queue as later features use it (embeddings now, reminders next): two queues over one
 * database stand for two instances of the server. Runs on PGlite and on PostgreSQL.
 */
const silent = { info() {}, warn() {}, error() {} }
const WAIT = { timeout: 20_000, interval: 50 }

describe('the job queue (pg-boss on the app database)', () => {
  let database: Database
  const queues: JobQueue[] = []
  const open = (options: { superviseIntervalSeconds?: number } = {}) => {
    const queue = createJobQueue({ database, logger: silent, pollingIntervalSeconds: 0.5, ...options })
    queues.push(queue)
    return queue
  }
  beforeEach(async () => {
    database = await createTestDatabase()
  })
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop(1000)
    await database.close()
  })

  it('works each job once, whichever instance takes it', async () => {
    const seen: Array<{ instance: string; n: number }> = []
    const [a, b] = [open(), open()]
    const kindA = a.define<{ n: number }>('test.once', {
      batchSize: 3,
      async work(jobs) {
        for (const job of jobs) seen.push({ instance: 'a', n: job.data.n })
      },
    })
    b.define<{ n: number }>('test.once', {
      batchSize: 3,
      async work(jobs) {
        for (const job of jobs) seen.push({ instance: 'b', n: job.data.n })
      },
    })
    await Promise.all([a.start(), b.start()])
    for (let n = 0; n < 30; n++) expect(await kindA.send({ n })).toEqual(expect.any(String))
    await vi.waitFor(() => expect(seen).toHaveLength(30), WAIT)
    // Nothing more arrives later: each of the 30 once.
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(seen.map((s) => s.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n))
  })

  it('retries a failing job with backoff until it succeeds', async () => {
    const attempts: number[] = []
    const queue = open()
    const kind = queue.define<{ x: number }>('test.retry', {
      retryLimit: 3,
      retryDelaySeconds: 1,
      async work([job]) {
        attempts.push(job!.retryCount)
        if (attempts.length < 3) throw new Error('the service is down')
      },
    })
    await queue.start()
    await kind.send({ x: 1 })
    await vi.waitFor(() => expect(attempts).toEqual([0, 1, 2]), WAIT)
  })

  it("gives a crashed instance's job to another once it has run past its time", async () => {
    const crashed = open({ superviseIntervalSeconds: 1 })
    const survivor = open({ superviseIntervalSeconds: 1 })
    let taken = 0
    const done: string[] = []
    // The first instance takes the job and never finishes it, as a process killed mid-job would not.
    const kind = crashed.define<{ id: string }>('test.crash', {
      expireInSeconds: 1,
      retryDelaySeconds: 1,
      async work() {
        taken += 1
        await new Promise(() => {})
      },
    })
    await crashed.start()
    await kind.send({ id: 'only' })
    await vi.waitFor(() => expect(taken).toBe(1), WAIT)
    survivor.define<{ id: string }>('test.crash', {
      expireInSeconds: 1,
      retryDelaySeconds: 1,
      async work([job]) {
        done.push(job!.data.id)
      },
    })
    await survivor.start()
    await vi.waitFor(() => expect(done).toEqual(['only']), WAIT)
  })

  it('finishes the job it is running before it stops (graceful shutdown), then takes no more', async () => {
    const queue = open()
    const finished: number[] = []
    let release: (() => void) | null = null
    const kind = queue.define<{ n: number }>('test.drain', {
      async work([job]) {
        await new Promise<void>((resolve) => (release = resolve))
        finished.push(job!.data.n)
      },
    })
    await queue.start()
    await kind.send({ n: 1 })
    await vi.waitFor(() => expect(release).not.toBeNull(), WAIT)
    const stopping = queue.stop(5000)
    // Still running when stop() was called: it waits for the job, which finishes a moment later.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(finished).toEqual([])
    release!()
    await stopping
    expect(finished).toEqual([1])
    expect(await kind.send({ n: 2 })).toBeNull()
  })

  it('drains a backlog batch after batch when asked to (burstWhenBatchFull), not one batch a poll', async () => {
    const queue = open()
    const batches: number[][] = []
    const kind = queue.define<{ n: number }>('test.burst', {
      batchSize: 3,
      burstWhenBatchFull: true,
      // A poll a minute: only bursting drains 13 jobs in 3-job batches before the wait below ends.
      pollingIntervalSeconds: 60,
      async work(jobs) {
        batches.push(jobs.map((job) => job.data.n))
      },
    })
    await queue.start()
    // Twelve jobs that come due in a second (a delayed send does not wake the worker)...
    for (let n = 0; n < 12; n++) await kind.send({ n }, { startAfterSeconds: 1 })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(batches).toEqual([])
    // ...then one sent now wakes it: one fetch, and full batches keep it fetching until the queue is dry.
    await kind.send({ n: 12 })
    await vi.waitFor(() => expect(batches.flat()).toHaveLength(13), WAIT)
    expect(batches.length).toBeGreaterThanOrEqual(5)
    expect(batches.every((batch) => batch.length <= 3)).toBe(true)
  })

  it('starts nothing when no kind of job is defined (no schema, no polling)', async () => {
    await open().start()
    const result = await database.db.execute(
      (await import('drizzle-orm')).sql`select 1 from pg_namespace where nspname = 'pgboss'`,
    )
    expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(0)
  })
})
