import type { Env } from '../../config/env.ts'
import type { Database } from '../../db/client.ts'
import type { JobLogger, JobQueue } from '../../jobs/queue.ts'
import { createEmailChannel, createPushChannel, loadVapidKeys } from './channels.ts'
import { createEventHub } from './event-hub.ts'
import { createRemindersRepo } from './reminders.repo.ts'
import { createRemindersService } from './reminders.service.ts'

/** Builds the reminders service and its channels (buildApp calls this once). */
export function createReminders(deps: {
  env: Env
  database: Database
  jobs: JobQueue
  logger: JobLogger
  briefing?: (userId: string) => Promise<{ date: string; content: string }>
  options?: { pollingIntervalSeconds?: number; now?: () => Date }
}) {
  const { env, database, jobs, logger } = deps
  const hub = createEventHub(database, logger)
  const reminders = createRemindersService({
    repo: createRemindersRepo(database.db),
    env,
    jobs,
    hub,
    push: createPushChannel({ keys: loadVapidKeys(env), allowPrivate: env.allowPrivateNetworkUrls }),
    email: env.smtp ? createEmailChannel(env.smtp, env.appUrl) : null,
    logger,
    briefing: deps.briefing,
    ...deps.options,
  })
  return { reminders, hub }
}
