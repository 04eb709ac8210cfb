import csrf from '@fastify/csrf-protection'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { tooManyRequests } from './error-handler.ts'

export interface SecurityOptions {
  secureCookies: boolean
  redisUrl?: string | undefined
  /** Requests per minute per client across the whole server. */
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
    global: true,
    max: opts.globalRateLimit,
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
    if (WRITE_METHODS.has(request.method) && path.startsWith('/api/')) {
      return app.csrfProtection(request, reply, done)
    }
    done()
  })
})
