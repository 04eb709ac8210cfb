import csrf from '@fastify/csrf-protection'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { isCsrfExempt } from './auth.ts'
import { tooManyRequests } from './error-handler.ts'

export interface SecurityOptions {
  secureCookies: boolean
  redisUrl?: string | undefined
  /** API requests per minute per client across the whole server; 0 turns the ceiling off. */
  globalRateLimit: number
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Helmet with a CSP the built SPA runs under, rate limits and CSRF on every write under /api. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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

  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined
  if (redis) app.addHook('onClose', async () => void redis.disconnect())
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
    cookieKey: 'remi_csrf',
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies, signed: true },
    getToken: (request) => {
      const value = request.headers['x-csrf-token']
      return typeof value === 'string' ? value : undefined
    },
  })
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route, not the raw target: '/%61pi/memories' and 'http://host/api/memories'
    // reach the same handlers as '/api/memories' but do not start with '/api/'.
    const path = request.routeOptions.url ?? request.url
    if (WRITE_METHODS.has(request.method) && path.startsWith('/api/') && !isCsrfExempt(request)) {
      return app.csrfProtection(request, reply, done)
    }
    done()
  })
})
