import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CsrfTokenResponse, CurrentUser, isIanaTimeZone, isSafeRedirectPath } from '@remi/shared'
import { z } from 'zod'
import type { Env, OAuthProviderName } from '../../config/env.ts'
import { notFound } from '../../lib/errors.ts'
import { requireUser } from '../../plugins/auth.ts'
import { loggableError } from '../../plugins/error-handler.ts'
import { csrfUserInfo } from '../../plugins/security.ts'
import type { AuthService } from './auth.service.ts'
import { FLOW_COOKIE, SignInError, type Oidc } from './oidc.ts'
import type { SessionsApi } from './sessions.service.ts'
import type { UsersRepo } from './users.repo.ts'

export interface AuthRoutesOptions {
  env: Env
  oidc: Oidc
  sessions: SessionsApi
  service: AuthService
  repo: UsersRepo
  signInRateLimit: number
}

const ProviderParams = z.object({ provider: z.string().max(40) })
const LoginQuery = z.object({
  timezone: z.string().max(64).optional(),
  returnTo: z.string().max(2000).optional(),
})

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const { env, oidc, sessions, service, repo } = opts
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
        const user = await service.signIn(result)
        const session = await sessions.create(user.id, request.headers['user-agent'])
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

  r.get('/user', { schema: { tags: ['auth'], response: { 200: CurrentUser } } }, async (request) => {
    const userId = requireUser(request)
    const user = await repo.findById(userId)
    if (!user) throw notFound('User')
    const identity = await repo.latestIdentity(userId)
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      picture: user.picture,
      provider: identity?.provider ?? 'local',
    }
  })

  r.post('/logout', { config: { public: true }, schema: { tags: ['auth'] } }, async (request, reply) => {
    if (request.sessionId) await sessions.revoke(request.sessionId)
    sessions.clearCookie(reply)
    return reply.status(204).send()
  })
}
