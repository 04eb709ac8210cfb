import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ACCESS_TOKEN_PREFIX, type AccessTokenScope } from '@remi/shared'
import { BRAND } from '../config/brand.ts'
import { SESSION_COOKIE } from '../config/session.ts'
import { forbidden, unauthorized } from '../lib/errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anyone; every other route under /api answers 401 without a session, before validation. */
    public?: boolean
    /**
     * Which credentials open the route; default both. 'session': the browser session (cookie or its
     * JWT) only, a personal access token is refused. 'token': a personal access token only (the MCP server).
     */
    credentials?: 'session' | 'token'
    /**
     * What a personal access token is refused on a 'session' route, as 'Access tokens cannot {this}.'
     * (e.g. 'export the account'); default: the access token routes' own.
     */
    tokenRefusal?: string
    /**
     * The session-bound JWT (the one the web app keeps in localStorage) is accepted here. It identifies
     * its session and opens nothing else: everywhere else it is refused (403).
     */
    sessionJwt?: boolean
    /**
     * The body carries its own signed, one-use credential (a reminder's action token): no CSRF token is
     * asked for, since a forged request cannot know it, and the request may come with no cookie at all.
     */
    csrfExempt?: boolean
  }
  interface FastifyRequest {
    /** The signed-in user's id, or null. Set for every request under /api. */
    userId: string | null
    sessionId: string | null
    /** Set when a personal access token authenticated the request. */
    accessToken: { id: string; scope: AccessTokenScope } | null
  }
}

const READ_METHODS = new Set(['GET', 'HEAD'])

/** What the plugin needs of the sessions (modules/auth gives it; the plugin imports no module). */
export interface SessionResolver {
  resolve(request: FastifyRequest): Promise<{
    userId: string
    sessionId: string
    cookieValue: string | null
    via: 'cookie' | 'jwt'
  } | null>
  setCookie(reply: FastifyReply, cookieValue: string): void
}

/** What the plugin needs of the personal access tokens (modules/tokens gives it). */
export interface AccessTokenResolver {
  resolve(secret: string): Promise<{ tokenId: string; userId: string; scope: AccessTokenScope } | null>
}

/** The credential after 'Bearer ', if the Authorization header carries one. */
export function bearerOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization
  if (!authorization?.toLowerCase().startsWith('bearer ')) return null
  return authorization.slice(7).trim() || null
}

/**
 * CSRF guards the session cookie. Without one a forged cross-site request has nothing to borrow:
 * requests that authenticate by an Authorization header alone, and anything sent to a token-only
 * route (whose 401 should say a token is missing, not a CSRF token), need no CSRF token.
 */
export function isCsrfExempt(request: FastifyRequest): boolean {
  // A token-only route never reads the cookie, so there is nothing for a forged request to borrow: with
  // only a cookie it answers 401 (a token is missing), not the CSRF 400.
  if (request.routeOptions.config.credentials === 'token') return true
  if (request.routeOptions.config.csrfExempt) return true
  if (request.cookies[SESSION_COOKIE] !== undefined) return false
  return bearerOf(request) !== null
}

/** Resolves the caller on every /api request. Routes call requireUser(request). */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionResolver; accessTokens: AccessTokenResolver }) => {
    app.decorateRequest('userId', null)
    app.decorateRequest('sessionId', null)
    app.decorateRequest('accessToken', null)
    // preParsing, not onRequest: the rate limiter is a route-level onRequest hook, and route-level hooks
    // run after every instance-level one of the same kind; here it runs first, before any database work.
    app.addHook('preParsing', async (request, reply) => {
      const { credentials } = request.routeOptions.config
      const bearer = bearerOf(request)
      // A personal access token is an explicit credential: it decides, even next to a session cookie.
      if (bearer?.startsWith(ACCESS_TOKEN_PREFIX)) {
        const token = await opts.accessTokens.resolve(bearer)
        if (!token) return
        if (credentials === 'session') {
          const refusal = request.routeOptions.config.tokenRefusal ?? 'create, list or revoke access tokens'
          throw forbidden(`Access tokens cannot ${refusal}. Sign in to do that.`)
        }
        // Tools check the scope themselves on the MCP server; everywhere else a read token only reads.
        if (token.scope === 'read' && !READ_METHODS.has(request.method) && credentials !== 'token') {
          throw forbidden('This access token can only read.')
        }
        request.userId = token.userId
        request.accessToken = { id: token.tokenId, scope: token.scope }
        return
      }
      if (credentials === 'token') return
      const session = await opts.sessions.resolve(request)
      if (!session) return
      if (session.via === 'jwt' && !request.routeOptions.config.sessionJwt) {
        // The JWT sits in localStorage, where any script on the page could read it: it must not be a key
        // to the account (a write, a new token, an export, a deletion). Public routes just ignore it.
        if (request.routeOptions.config.public) return
        throw forbidden(
          'The sign-in token only identifies its session (GET /api/auth/user). ' +
            'Use the app, or a personal access token (Settings → Access tokens) for the API.',
        )
      }
      request.userId = session.userId
      request.sessionId = session.sessionId
      // Sliding expiry: the cookie's Max-Age moves with the row's expiry.
      if (session.cookieValue) opts.sessions.setCookie(reply, session.cookieValue)
    })
    // Not signed in is a 401 (DESIGN §5) even when the body is also wrong: validation runs before handlers.
    app.addHook('preValidation', async (request, reply) => {
      const { config } = request.routeOptions
      if (config.public) return
      if (config.credentials === 'token' && !request.userId) {
        reply.header('www-authenticate', `Bearer realm="${BRAND}"`)
        throw unauthorized(
          'Send a personal access token: Authorization: Bearer remi_pat_… (create one in Settings).',
        )
      }
      requireUser(request)
    })
  },
)

/**
 * What the caller may read, decided here once for every route: a personal access token sees what an
 * MCP client sees, never a private memory (nor a reminder, citation or proposal that shows one's text).
 * Services take it as their `hidePrivate` option.
 */
export function readerOf(request: FastifyRequest): { hidePrivate: boolean } {
  return { hidePrivate: request.accessToken !== null }
}

export function requireUser(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized()
  return request.userId
}
