/**
 * The automations' jobs on the real queue (pg-boss): every instance schedules every automation at
 * start-up, and the queue keeps one waiting job per run (its singleton key). PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { createJobQueue, type JobQueue } from '../../jobs/queue.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createAutomations } from './automations.setup.ts'

const silent = { info() {}, warn() {}, error() {} }
const noChat = {
  create: () => Promise.reject(new Error('not in this test')),
  beginSend: () => Promise.reject(new Error('not in this test')),
}

let t: TestApp
const queues: JobQueue[] = []
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  for (const queue of queues) await queue.stop(1000)
  await t?.close()
})

/** An instance's queue and automations over the test app's database. */
async function instance(database: Database) {
  const jobs = createJobQueue({ database, logger: silent, pollingIntervalSeconds: 60 })
  queues.push(jobs)
  const automations = createAutomations({
    env: t.env,
    db: database.db,
    jobs,
    logger: silent,
    chat: noChat,
    notices: { deliverNotice: async () => true, replayMissed: () => {} },
    users: t.services.users,
  })
  await jobs.start()
  return automations
}

describe('automation-due jobs on pg-boss', () => {
  it('one waiting job per run, however many instances start', async () => {
    const user = await t.createUser()
    const [a, b] = [await instance(t.database), await instance(t.database)]
    const made = await a.create(user.id, {
      prompt: 'Summarise my week',
      schedule: 'FREQ=WEEKLY;BYDAY=FR;BYHOUR=17',
    })
    await a.start()
    await b.start()
    await a.start()
    const result: unknown = await t.db.execute(
      sql`select singleton_key as key, state from pgboss.job where name = 'automation-due'`,
    )
    const rows = (result as { rows: unknown[] }).rows
    expect(rows).toEqual([{ key: `${made.id}@${made.nextRunAt}`, state: 'created' }])
  })
})
