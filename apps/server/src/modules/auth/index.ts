import type { FastifyInstance } from 'fastify'
import type { Env } from '../../config/env.ts'
import { authRoutes } from './auth.routes.ts'
import type { AuthService } from './auth.service.ts'
import type { Oidc } from './oidc.ts'
import type { SessionsApi } from './sessions.service.ts'
import type { LocalAccounts } from './local-accounts.ts'
import type { UsersRepo } from './users.repo.ts'

export interface AuthModuleOptions {
  env: Env
  oidc: Oidc
  sessions: SessionsApi
  auth: AuthService
  users: UsersRepo
  localAccounts: LocalAccounts
  signInRateLimit: number
}

/** Sign-in, sign-out, the CSRF token and the current user: registered at /api/auth. */
export async function authModule(app: FastifyInstance, opts: AuthModuleOptions) {
  await app.register(authRoutes, {
    env: opts.env,
    oidc: opts.oidc,
    sessions: opts.sessions,
    service: opts.auth,
    repo: opts.users,
    localAccounts: opts.localAccounts,
    signInRateLimit: opts.signInRateLimit,
  })
}
