import type { FastifyReply, FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import { deriveKey, randomToken, sha256Hex } from '../../lib/crypto.ts'
import type { SessionsRepo } from './sessions.repo.ts'

export const SESSION_COOKIE = 'remi_session'
const SESSION_DAYS = 30
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000
/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000
const JWT_ISSUER = 'remi'

/** Sessions: the cookie, the session-bound JWT, and resolving either back to a live session. */
export function createSessions(repo: SessionsRepo, secret: string, secureCookies: boolean) {
  const jwtKey = deriveKey(secret, 'jwt')

  return {
    async create(userId: string, userAgent: string | undefined) {
      const cookieValue = randomToken(32)
      const id = sha256Hex(cookieValue)
      const expiresAt = new Date(Date.now() + SESSION_MS)
      await repo.insert({ id, userId, expiresAt, userAgent: userAgent?.slice(0, 512) ?? null })
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
      await repo.delete(sessionId)
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
      const row = await repo.findLive(sessionId)
      if (!row || (claimedUser && row.userId !== claimedUser)) return null
      if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        const now = new Date()
        await repo.touch(row.id, now, new Date(now.getTime() + SESSION_MS))
        return {
          userId: row.userId,
          sessionId: row.id,
          cookieValue: typeof cookieValue === 'string' ? cookieValue : null,
        }
      }
      return { userId: row.userId, sessionId: row.id, cookieValue: null }
    },
  }
}
export type SessionsApi = ReturnType<typeof createSessions>
