import type { FastifyInstance } from 'fastify'
import type { HeavyJobs } from '../../lib/heavy-jobs.ts'
import type { SessionsApi } from '../auth/index.ts'
import { accountRoutes } from './account.routes.ts'
import type { AccountService } from './account.service.ts'

export { createAccountRepo } from './account.repo.ts'
export { createAccountService, type AccountService } from './account.service.ts'

/** The account as a whole (export, import, delete): registered at /api/auth/user. */
export async function accountModule(
  app: FastifyInstance,
  opts: { account: AccountService; sessions: SessionsApi; heavyJobs: HeavyJobs },
) {
  await app.register(accountRoutes, {
    service: opts.account,
    sessions: opts.sessions,
    heavyJobs: opts.heavyJobs,
  })
}
