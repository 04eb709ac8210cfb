import type { FastifyInstance } from 'fastify'
import type { Env } from '../../config/env.ts'
import { authRoutes } from './auth.routes.ts'
import { signInOptionsRoute } from './sign-in-options.ts'
import type { AuthService } from './auth.service.ts'
import type { Oidc } from './oidc.ts'
import type { SessionsApi } from './sessions.service.ts'
import type { FailureLimiter, LocalAccounts } from './local-accounts.ts'
import type { UsersService } from './users.service.ts'
import type { EmailVerification } from './email-verification.ts'

// The module's surface: what the composition root, plugins and other modules may use.
export { createAuthService, type AuthService } from './auth.service.ts'
export { createEmailVerification, type EmailVerification } from './email-verification.ts'
export {
  createFailureLimiter,
  createLocalAccounts,
  type FailureLimiter,
  type LocalAccounts,
} from './local-accounts.ts'
export { LOCAL_IDP_PATH, localIdpFetch, localIdpPlugin } from './local-idp.ts'
export { createOidc, type Oidc, type OidcFetch } from './oidc.ts'
export { createSessionsRepo } from './sessions.repo.ts'
export { createSessions, SESSION_CACHE_MS, type SessionsApi } from './sessions.service.ts'
export { createUsersRepo } from './users.repo.ts'
export { createUsersService, type UsersService } from './users.service.ts'

export interface AuthModuleOptions {
  env: Env
  oidc: Oidc
  sessions: SessionsApi
  auth: AuthService
  users: UsersService
  localAccounts: LocalAccounts
  failures: FailureLimiter
  accessTokens: { revokeAll(userId: string): Promise<number> }
  emailVerification: EmailVerification
  signInRateLimit: number
}

/** Sign-in, sign-out, the CSRF token and the current user: registered at /api/auth. */
export async function authModule(app: FastifyInstance, opts: AuthModuleOptions) {
  await app.register(authRoutes, {
    env: opts.env,
    oidc: opts.oidc,
    sessions: opts.sessions,
    service: opts.auth,
    users: opts.users,
    localAccounts: opts.localAccounts,
    failures: opts.failures,
    accessTokens: opts.accessTokens,
    emailVerification: opts.emailVerification,
    signInRateLimit: opts.signInRateLimit,
  })
  // What the sign-in page offers (its own file: issue 46's web work, apart from the routes above).
  await app.register(signInOptionsRoute, {
    env: opts.env,
    localAccounts: opts.localAccounts,
    signInRateLimit: opts.signInRateLimit,
  })
}
