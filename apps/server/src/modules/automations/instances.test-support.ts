import { readFileSync } from 'node:fs'
import type { JobKindOptions, JobQueue } from '../../jobs/queue.ts'
import type { TestApp } from '../../test/build-test-app.ts'
import type { FakePushService } from '../../test/fakes/push-service.ts'
import type { FakeSmtp } from '../../test/fakes/smtp.ts'
import {
  createEmailChannel,
  createEventHub,
  createPushChannel,
  createRemindersRepo,
  createRemindersService,
  loadVapidKeys,
} from '../reminders/index.ts'
import { createAutomations } from './automations.setup.ts'

const silent = { info() {}, warn() {}, error() {} }

/**
 * Two instances of the server's background work on one database, as a test builds them (instance()):
 * each with its own queue and channels. The job queue at a fake clock, as briefing-delivery.test.ts has it: each job sent waits for the clock
 * to reach its start, then runs; one that throws is tried again 5 s (of the clock) later, as pg-boss
 * retries it.
 */
export function fakeQueue(clock: () => Date) {
  const kinds = new Map<string, JobKindOptions<object>>()
  const waiting: Array<{ kind: string; data: object; startAt: number; retries: number }> = []
  const queue: JobQueue = {
    define<T extends object>(name: string, kind: JobKindOptions<T>) {
      kinds.set(name, kind as JobKindOptions<object>)
      return {
        name,
        async send(data: T, options: { startAfterSeconds?: number } = {}) {
          const startAt = clock().getTime() + (options.startAfterSeconds ?? 0) * 1000
          waiting.push({ kind: name, data, startAt, retries: 0 })
          return String(waiting.length)
        },
      }
    },
    start: async () => {},
    stop: async () => {},
    running: true,
  }
  return {
    queue,
    /** The jobs of a kind not run yet: when each starts, and its data. */
    waiting: (kind: string) =>
      waiting
        .filter((job) => job.kind === kind)
        .map((job) => ({ startAt: new Date(job.startAt).toISOString(), data: job.data })),
    /** Runs, oldest start first, every job whose start the clock has reached; how many ran and failed. */
    async runDue(): Promise<{ ran: number; failed: number }> {
      let ran = 0
      let failed = 0
      for (;;) {
        const due = waiting
          .filter((job) => job.startAt <= clock().getTime())
          .sort((a, b) => a.startAt - b.startAt)[0]
        if (!due) return { ran, failed }
        waiting.splice(waiting.indexOf(due), 1)
        const signal = new AbortController().signal
        try {
          await kinds.get(due.kind)!.work([{ id: 'job', data: due.data, retryCount: due.retries, signal }])
          ran += 1
        } catch {
          failed += 1
          waiting.push({ ...due, startAt: clock().getTime() + 5000, retries: due.retries + 1 })
        }
      }
    },
  }
}

/** One instance of the server's background work on the test app's database: its own queue and channels. */
export async function instance(o: { t: TestApp; push: FakePushService; smtp: FakeSmtp; clock: () => Date }) {
  const { t, push, smtp, clock } = o
  const jobs = fakeQueue(clock)
  const hub = createEventHub(t.database, silent)
  await hub.start()
  const reminders = createRemindersService({
    repo: createRemindersRepo(t.db),
    env: t.env,
    jobs: jobs.queue,
    hub,
    push: createPushChannel({
      keys: loadVapidKeys(t.env),
      allowPrivate: true,
      ca: readFileSync(push.certFile, 'utf8'),
    }),
    email: createEmailChannel({ url: smtp.url }, t.env.appUrl),
    logger: silent,
    now: clock,
  })
  const automations = createAutomations({
    env: t.env,
    db: t.db,
    jobs: jobs.queue,
    logger: silent,
    chat: t.services.chat,
    notices: reminders,
    users: t.services.users,
    options: { now: clock },
  })
  return { jobs, hub, reminders, automations }
}
export type Instance = Awaited<ReturnType<typeof instance>>
