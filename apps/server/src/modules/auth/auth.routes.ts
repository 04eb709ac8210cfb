import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ChangePasswordBody,
  CsrfTokenResponse,
  CurrentUser,
  Invitation,
  isIanaTimeZone,
  isSafeRedirectPath,
  LocalAccountStatus,
  SessionIdParams,
  SessionList,
  SignedOutOthers,
  SignOutOthersQuery,
  ErrorCode,
} from '@remi/shared'
import { z } from 'zod'
import type { Env, OAuthProviderName } from '../../config/env.ts'
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import { loggableError } from '../../plugins/error-handler.ts'
import { csrfUserInfo } from '../../plugins/security.ts'
import type { AuthService } from './auth.service.ts'
import { describeDevice } from './device.ts'
import { LOCAL_IDP_PATH } from './local-idp.ts'
import type { FailureLimiter, LocalAccounts } from './local-accounts.ts'
import type { EmailVerification } from './email-verification.ts'
import { FLOW_COOKIE, SignInError, type Oidc } from './oidc.ts'
import { preferredLanguage } from './preferred-language.ts'
import type { SessionsApi } from './sessions.service.ts'
import type { UsersService } from './users.service.ts'

export interface AuthRoutesOptions {
  env: Env
  oidc: Oidc
  sessions: SessionsApi
  service: AuthService
  users: Pick<UsersService, 'findById' | 'latestIdentity'>
  localAccounts: LocalAccounts
  /** Failed passwords per account (and address), shared with the sign-in form: a guess counts at either door. */
  failures: FailureLimiter
  /** Ends the person's personal access tokens (a password change, signing out everywhere else). */
  accessTokens: { revokeAll(userId: string): Promise<number> }
  emailVerification: EmailVerification
  signInRateLimit: number
}

const VerifyQuery = z.object({ token: z.string().max(200).optional() })
/** Links asked for per person per hour (each is an e-mail to the address). */
export const VERIFICATION_LINKS_PER_HOUR = 5

const ProviderParams = z.object({ provider: z.string().max(40) })
const LoginQuery = z.object({
  timezone: z.string().max(64).optional(),
  returnTo: z.string().max(2000).optional(),
})

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const { env, oidc, sessions, service, users, localAccounts, failures, accessTokens } = opts

  /** The other sessions end, and the access tokens too unless the person keeps them. */
  async function signOutOthers(userId: string, sessionId: string, keepAccessTokens: boolean) {
    const signedOut = await sessions.revokeOthers(userId, sessionId)
    const accessTokensEnded = keepAccessTokens ? 0 : await accessTokens.revokeAll(userId)
    return { signedOut, accessTokensEnded }
  }
  const r = app.withTypeProvider<ZodTypeProvider>()
  // Sign-in routes are open to anyone (public: no session needed) and rate limited.
  const signInLimit = { public: true, rateLimit: { max: opts.signInRateLimit, timeWindow: '1 minute' } }
  const providerLabel = (p: OAuthProviderName) => (p === 'google' ? 'Google' : 'Microsoft')

  function knownProvider(name: string): OAuthProviderName {
    if (name !== 'google' && name !== 'microsoft') throw notFound(`Sign-in provider '${name.slice(0, 40)}'`)
    if (!oidc.isEnabled(name)) throw notFound(`Sign-in with ${providerLabel(name)} on this server`)
    return name
  }
  const loginError = (reason: string) => `${env.appUrl}/login?error=${encodeURIComponent(reason)}`

  r.get(
    '/csrf-token',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: CsrfTokenResponse } } },
    async (request, reply) => ({ csrfToken: reply.generateCsrf({ userInfo: csrfUserInfo(request) }) }),
  )

  r.get(
    '/login/:provider',
    { config: signInLimit, schema: { tags: ['auth'], params: ProviderParams, querystring: LoginQuery } },
    async (request, reply) => {
      const provider = knownProvider(request.params.provider)
      const { timezone, returnTo } = request.query
      let start: Awaited<ReturnType<Oidc['start']>>
      try {
        start = await oidc.start(provider, {
          timezone: timezone && isIanaTimeZone(timezone) ? timezone : null,
          returnTo: isSafeRedirectPath(returnTo) ? returnTo : null,
        })
      } catch (error) {
        request.log.warn({ err: error, provider }, 'sign-in provider unreachable')
        return reply.redirect(
          loginError(`${providerLabel(provider)} sign-in is unavailable right now. Please try again later.`),
        )
      }
      reply.setCookie(FLOW_COOKIE, start.flowCookie, {
        path: '/api/auth/callback',
        httpOnly: true,
        sameSite: 'lax',
        secure: env.secureCookies,
        maxAge: start.maxAgeSeconds,
      })
      return reply.redirect(start.url)
    },
  )

  r.get(
    '/callback/:provider',
    { config: signInLimit, schema: { tags: ['auth'], params: ProviderParams } },
    async (request, reply) => {
      const provider = knownProvider(request.params.provider)
      const flowCookie = request.cookies[FLOW_COOKIE]
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/callback' })
      try {
        const result = await oidc.finish(provider, new URL(request.url, env.appUrl), flowCookie)
        // The browser's own request: its Accept-Language names the language a first account starts in.
        const user = await service.signIn(result, preferredLanguage(request.headers['accept-language']))
        if (result.identityProvider === 'local') await localAccounts.linkUser(result.subject, user.id)
        const session = await sessions.create(user.id, request.headers['user-agent'], request.ip)
        sessions.setCookie(reply, session.cookieValue)
        const returnTo = result.returnTo ? `&returnTo=${encodeURIComponent(result.returnTo)}` : ''
        return reply.redirect(`${env.appUrl}/login?token=${session.jwt}${returnTo}`)
      } catch (error) {
        if (error instanceof SignInError) {
          request.log.info({ provider, reason: error.reason }, 'sign-in refused')
          return reply.redirect(loginError(error.reason))
        }
        request.log.error({ err: loggableError(error as Error), provider }, 'sign-in failed')
        return reply.redirect(loginError('Sign-in failed. Please try again.'))
      }
    },
  )

  // The one route the session-bound JWT opens: it says whose session it is, and nothing more.
  r.get(
    '/user',
    { config: { sessionJwt: true }, schema: { tags: ['auth'], response: { 200: CurrentUser } } },
    async (request) => {
      const userId = requireUser(request)
      const user = await users.findById(userId)
      if (!user) throw notFound('User')
      const identity = await users.latestIdentity(userId)
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        picture: user.picture,
        provider: identity?.provider ?? 'local',
        language: user.language,
      }
    },
  )

  // Settings → Sessions: where this person is signed in, and signing out of any of it.
  const sessionOnly = { credentials: 'session' as const, tokenRefusal: 'list or end sign-in sessions' }
  r.get(
    '/sessions',
    { config: sessionOnly, schema: { tags: ['auth'], response: { 200: SessionList } } },
    async (request, reply) => {
      const userId = requireUser(request)
      reply.header('cache-control', 'no-store')
      const rows = await sessions.list(userId)
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === request.sessionId,
      }))
    },
  )
  r.delete(
    '/sessions/:id',
    { config: sessionOnly, schema: { tags: ['auth'], params: SessionIdParams } },
    async (request, reply) => {
      const userId = requireUser(request)
      // Another person's session is as unknown as one that never was.
      if (!(await sessions.revokeOwn(userId, request.params.id))) throw notFound('Session')
      if (request.params.id === request.sessionId) sessions.clearCookie(reply)
      request.log.info({ userId }, 'session signed out from Settings')
      return reply.status(204).send()
    },
  )
  r.delete(
    '/sessions',
    {
      config: sessionOnly,
      schema: {
        tags: ['auth'],
        querystring: SignOutOthersQuery,
        response: { 200: SignedOutOthers },
        description:
          'Ends every other session and, unless keepAccessTokens=true, every personal access token (one made ' +
          'with a stolen session would otherwise keep working).',
      },
    },
    async (request) => {
      const userId = requireUser(request)
      const result = await signOutOthers(userId, request.sessionId!, request.query.keepAccessTokens)
      request.log.info({ userId, ...result }, 'signed out everywhere else')
      return result
    },
  )

  // The local account: its password, and invitations to make more accounts while sign-ups are closed.
  r.get(
    '/local',
    {
      config: { credentials: 'session' as const },
      schema: { tags: ['auth'], response: { 200: LocalAccountStatus } },
    },
    async (request) => {
      const userId = requireUser(request)
      return {
        localSignIn: env.localSignIn.enabled,
        signup: env.localSignIn.signup,
        hasPassword: Boolean(await localAccounts.accountOf(userId)),
      }
    },
  )
  r.put(
    '/password',
    {
      config: {
        credentials: 'session' as const,
        tokenRefusal: 'change the password',
        ...signInLimit,
        public: false,
      },
      schema: { tags: ['auth'], body: ChangePasswordBody, response: { 200: SignedOutOthers } },
    },
    async (request) => {
      const userId = requireUser(request)
      const account = await localAccounts.accountOf(userId)
      if (!account) throw conflict('This account signs in with Google or Microsoft and has no password.')
      // Counted as the sign-in form counts (per account and address): a stolen session cannot guess the
      // current password at the route's 30 a minute.
      const blocked = await failures.blocked(account.email, request.ip)
      if (blocked) {
        const minutes = Math.max(1, Math.ceil(blocked.retryMs / 60_000))
        request.log.warn({ userId, ip: request.ip, by: blocked.by }, 'password change refused: locked')
        throw new AppError(
          429,
          ErrorCode.RateLimited,
          `Too many wrong passwords ${blocked.by === 'account' ? 'for this account' : 'from your address'}. ` +
            `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          Math.ceil(blocked.retryMs / 1000),
        )
      }
      const outcome = await localAccounts.changePassword(
        userId,
        request.body.currentPassword,
        request.body.newPassword,
      )
      if (outcome === 'none')
        throw conflict('This account signs in with Google or Microsoft and has no password.')
      if (outcome === 'wrong') {
        await failures.fail(account.email, request.ip)
        request.log.warn({ userId, ip: request.ip }, 'password change refused: wrong current password')
        // 400, not 403: the web app shows a 403 as its fixed "no permission" text (spec §8).
        throw badRequest('The current password is wrong.')
      }
      await failures.succeed(account.email)
      if (outcome !== 'ok') throw badRequest(outcome)
      // Whoever else held a session (a stolen one included) must sign in with the new password, and a
      // token made with such a session ends too unless the person keeps their tokens.
      const result = await signOutOthers(userId, request.sessionId!, request.body.keepAccessTokens ?? false)
      request.log.info({ userId, ...result }, 'local password changed')
      return result
    },
  )
  r.post(
    '/invitations',
    {
      config: { credentials: 'session' as const, tokenRefusal: 'create invitations' },
      schema: { tags: ['auth'], response: { 201: Invitation } },
    },
    async (request, reply) => {
      const userId = requireUser(request)
      if (!env.localSignIn.enabled)
        throw conflict('Local sign-in is off on this server, so there is nothing to invite to.')
      const { token, expiresAt } = await localAccounts.createInvitation(userId)
      request.log.info({ userId, expiresAt }, 'invitation created')
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({
          url: `${env.appUrl}${LOCAL_IDP_PATH}/invitation/${token}`,
          expiresAt: expiresAt.toISOString(),
        })
    },
  )

  // Verifying the account's e-mail address: no reminder or briefing is e-mailed before (issue 43).
  r.post(
    '/user/email-verification',
    {
      config: {
        credentials: 'session' as const,
        tokenRefusal: 'send verification links',
        rateLimit: {
          max: VERIFICATION_LINKS_PER_HOUR,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `email-verification:${request.userId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['auth'],
        response: { 202: z.object({ sentTo: z.string() }) },
        description: `Sends a link to the account's address; opening it (once, within a day) verifies it.`,
      },
    },
    async (request, reply) => {
      const userId = requireUser(request)
      const sent = await opts.emailVerification.send(userId)
      request.log.info({ userId }, 'e-mail verification link sent')
      return reply.status(202).send(sent)
    },
  )
  r.get(
    '/email/verify',
    { config: { public: true }, schema: { tags: ['auth'], querystring: VerifyQuery } },
    async (request, reply) => {
      const verified = await opts.emailVerification.verify(request.query.token ?? '')
      request.log.info({ verified }, 'e-mail verification link opened')
      return reply.redirect(`${env.appUrl}/settings?email=${verified ? 'verified' : 'link-expired'}`)
    },
  )

  r.post('/logout', { config: { public: true }, schema: { tags: ['auth'] } }, async (request, reply) => {
    if (request.sessionId) await sessions.revoke(request.sessionId)
    sessions.clearCookie(reply)
    return reply.status(204).send()
  })
}
