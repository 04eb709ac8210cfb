import { and, eq, gt, lt } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../db/client.ts'
import { sessions } from '../db/schema.ts'
import { deriveKey, randomToken, sha256Hex } from '../lib/crypto.ts'
import { unauthorized } from '../lib/errors.ts'

export const SESSION_COOKIE = 'remi_session'
const SESSION_DAYS = 30
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000
/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000
const JWT_ISSUER = 'remi'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anyone; every other route under /api answers 401 without a session, before validation. */
    public?: boolean
  }
  interface FastifyRequest {
    /** The signed-in user's id, or null. Set for every request under /api. */
    userId: string | null
    sessionId: string | null
  }
}

export function createSessions(db: Db, secret: string, secureCookies: boolean) {
  const jwtKey = deriveKey(secret, 'jwt')

  const sessionsApi = {
    async create(userId: string, userAgent: string | undefined) {
      const cookieValue = randomToken(32)
      const id = sha256Hex(cookieValue)
      const expiresAt = new Date(Date.now() + SESSION_MS)
      await db.insert(sessions).values({ id, userId, expiresAt, userAgent: userAgent?.slice(0, 512) ?? null })
      const jwt = await new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(JWT_ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(jwtKey)
      return { cookieValue, jwt, id }
    },
    async revoke(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId))
    },
    setCookie(reply: FastifyReply, cookieValue: string) {
      reply.setCookie(SESSION_COOKIE, cookieValue, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: SESSION_MS / 1000,
      })
    },
    clearCookie(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies })
    },
    /** Resolves a live session from the cookie value or a bearer JWT; null for anything else. */
    async resolve(
      request: FastifyRequest,
    ): Promise<{ userId: string; sessionId: string; cookieValue: string | null } | null> {
      let sessionId: string | null = null
      let claimedUser: string | null = null
      const cookieValue = request.cookies[SESSION_COOKIE]
      const authorization = request.headers.authorization
      if (typeof cookieValue === 'string' && /^[\w-]{20,100}$/.test(cookieValue)) {
        sessionId = sha256Hex(cookieValue)
      } else if (authorization?.toLowerCase().startsWith('bearer ')) {
        try {
          const { payload } = await jwtVerify(authorization.slice(7).trim(), jwtKey, {
            algorithms: ['HS256'],
            issuer: JWT_ISSUER,
          })
          if (typeof payload.sid === 'string' && typeof payload.sub === 'string') {
            sessionId = payload.sid
            claimedUser = payload.sub
          }
        } catch {
          return null
        }
      }
      if (!sessionId) return null
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
      if (!row || (claimedUser && row.userId !== claimedUser)) return null
      if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        const now = new Date()
        await db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MS) })
          .where(eq(sessions.id, row.id))
        // Expired sessions of anyone are swept now and then, on the same rare path.
        await db.delete(sessions).where(lt(sessions.expiresAt, now))
        return {
          userId: row.userId,
          sessionId: row.id,
          cookieValue: typeof cookieValue === 'string' ? cookieValue : null,
        }
      }
      return { userId: row.userId, sessionId: row.id, cookieValue: null }
    },
  }
  return sessionsApi
}
export type SessionsApi = ReturnType<typeof createSessions>

/** Resolves the caller on every /api request. Routes call requireUser(request). */
export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionsApi }) => {
  app.decorateRequest('userId', null)
  app.decorateRequest('sessionId', null)
  app.addHook('onRequest', async (request, reply) => {
    const session = await opts.sessions.resolve(request)
    if (!session) return
    request.userId = session.userId
    request.sessionId = session.sessionId
    // Sliding expiry: the cookie's Max-Age moves with the row's expiry.
    if (session.cookieValue) opts.sessions.setCookie(reply, session.cookieValue)
  })
  // Not signed in is a 401 (DESIGN §5) even when the body is also wrong: validation runs before handlers.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.public) requireUser(request)
  })
})

export function requireUser(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized()
  return request.userId
}
