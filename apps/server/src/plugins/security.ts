import csrf from '@fastify/csrf-protection'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { BRAND } from '../config/brand.ts'
import { SESSION_COOKIE } from '../config/session.ts'
import { deriveKey, sha256Hex } from '../lib/crypto.ts'
import { forbidden } from '../lib/errors.ts'
import { isCsrfExempt } from './auth.ts'
import { tooManyRequests } from './error-handler.ts'

export interface SecurityOptions {
  secureCookies: boolean
  /** The public origin (APP_URL): a write from a page of another origin is refused. */
  appUrl: string
  /** Keys the CSRF tokens' binding to the session. */
  sessionSecret: string
  redisUrl?: string | undefined
  /** API requests per minute per client across the whole server; 0 turns the ceiling off. */
  globalRateLimit: number
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * What a CSRF token is bound to: the session cookie it was minted next to (hashed; no cookie is a
 * session of its own), so a token taken from one session does not work with another session's cookie.
 */
export function csrfUserInfo(request: FastifyRequest): string {
  const session = request.cookies[SESSION_COOKIE]
  return session ? `session:${sha256Hex(session)}` : 'no-session'
}

/**
 * The second line behind the CSRF token: a cookie-authenticated write must come from Remi's own pages.
 * A browser's Origin (or, without one, Sec-Fetch-Site) says where the page was; no Origin at all is a
 * client that is not a browser page (curl, the tests), allowed since the token still has to match.
 */
function crossSiteWrite(request: FastifyRequest, appOrigin: string): string | null {
  const origin = request.headers.origin
  const site = request.headers['sec-fetch-site']
  const ownOrigins = [appOrigin, `${request.protocol}://${request.host}`.toLowerCase()]
  const trustedOrigin = typeof origin === 'string' && ownOrigins.includes(origin.toLowerCase())
  if (typeof origin === 'string' && !trustedOrigin) return origin.slice(0, 100)
  if (site === 'cross-site' || (site === 'same-site' && !trustedOrigin)) return `a ${site} page`
  return null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis the rate limits count in (REDIS_URL), or null: counts stay in this process. */
    rateLimitRedis: Redis | null
  }
}

/** Helmet with a CSP the built SPA runs under, rate limits and CSRF on every write under /api. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  // Helmet's middleware, made once. @fastify/helmet builds it again for every request (parsing the whole
  // policy each time: ~5% of a page of memories' CPU). No CSP nonces: the SPA needs none; the sign-in
  // pages of the built-in provider set a policy with a nonce of their own.
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // No remote images: one in an answer (`![](https://…?leak=…)`) would send data out when shown.
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Read aloud plays the server's speech (POST /api/speech) from a blob: URL.
        mediaSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: opts.secureCookies ? [] : null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: opts.secureCookies ? { maxAge: 31536000 } : false,
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', (request, reply, done) => applyHelmet(request.raw, reply.raw, () => done()))

  // ioredis only when there is a Redis to use: most installations have none.
  const redis = opts.redisUrl
    ? new (await import('ioredis')).Redis(opts.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined
  if (redis) app.addHook('onClose', async () => void redis.disconnect())
  // The failed sign-in counts (local-accounts.ts) share this Redis, so several instances count together.
  app.decorate('rateLimitRedis', redis ?? null)
  await app.register(rateLimit, {
    // Per-route limits (sign-in, chat) always apply; the global ceiling only when it is not 0.
    global: opts.globalRateLimit > 0,
    max: opts.globalRateLimit,
    // The app's own files (the SPA, its scripts) never count: a burst of API calls must not break the page.
    allowList: (request) => {
      const path = request.routeOptions.url ?? request.url
      return !path.startsWith('/api/') && !path.startsWith('/oidc')
    },
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'remi-rl-', skipOnError: true } : {}),
    errorResponseBuilder: () => tooManyRequests(),
  })

  await app.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    csrfOpts: { hmacKey: deriveKey(opts.sessionSecret, 'csrf') },
    getUserInfo: csrfUserInfo,
    cookieKey: 'remi_csrf',
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies, signed: true },
    getToken: (request) => {
      const value = request.headers['x-csrf-token']
      return typeof value === 'string' ? value : undefined
    },
  })
  const appOrigin = new URL(opts.appUrl).origin.toLowerCase()
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route, not the raw target: '/%61pi/memories' and 'http://host/api/memories'
    // reach the same handlers as '/api/memories' but do not start with '/api/'.
    const path = request.routeOptions.url ?? request.url
    if (WRITE_METHODS.has(request.method) && path.startsWith('/api/') && !isCsrfExempt(request)) {
      const from = crossSiteWrite(request, appOrigin)
      if (from) {
        return done(
          forbidden(
            `This change came from another site (${from}); ${BRAND} only accepts changes made on its own pages.`,
          ),
        )
      }
      return app.csrfProtection(request, reply, done)
    }
    done()
  })
})
