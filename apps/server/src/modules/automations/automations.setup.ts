import type { Env } from '../../config/env.ts'
import type { Db } from '../../db/client.ts'
import type { JobLogger, JobQueue } from '../../jobs/queue.ts'
import type { AutomationChat, AutomationNotices } from './automation-run.ts'
import { createAutomationsRepo } from './automations.repo.ts'
import { createAutomationsService } from './automations.service.ts'

/** Builds the automations service (buildApp calls this once; a test builds a second "instance" with it). */
export function createAutomations(deps: {
  env: Env
  db: Db
  jobs: JobQueue
  logger: JobLogger
  chat: AutomationChat
  notices: AutomationNotices
  users: { timezoneOf(userId: string): Promise<string> }
  options?: { pollingIntervalSeconds?: number; now?: () => Date }
}) {
  return createAutomationsService({ ...deps, repo: createAutomationsRepo(deps.db), ...deps.options })
}
