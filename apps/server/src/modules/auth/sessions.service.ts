import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import { SESSION_COOKIE } from '../../config/session.ts'
import { deriveKey, randomToken, sha256Hex } from '../../lib/crypto.ts'
import type { SessionsRepo } from './sessions.repo.ts'

const SESSION_DAYS = 30
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000
/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000
const JWT_ISSUER = 'remi'
/** A cookie value: 32 random bytes, '.', and a MAC of them (16 bytes), all base64url. */
const COOKIE_FORMAT = /^([\w-]{43})\.([\w-]{22})$/
/** How long a resolved session is believed without asking the database again (see SessionCache). */
export const SESSION_CACHE_MS = 30_000
const SESSION_CACHE_SIZE = 10_000
/** Cookie values whose MAC was checked, remembered (only valid ones: made-up cookies cannot fill it). */
const CHECKED_COOKIES = 10_000

interface CachedSession {
  userId: string
  expiresAt: number
  lastSeenAt: number
  cachedAt: number
}

/**
 * Live sessions resolved in the last SESSION_CACHE_MS, so a signed-in person's requests do not each cost
 * a query. Logout and account deletion forget the entry in this process at once; another instance may
 * still accept a revoked session for at most SESSION_CACHE_MS (README: "Several instances").
 */
class SessionCache {
  private readonly entries = new Map<string, CachedSession>()
  private readonly ttlMs: number
  constructor(ttlMs: number) {
    this.ttlMs = ttlMs
  }

  get(id: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(id)
    if (!entry) return undefined
    if (now - entry.cachedAt >= this.ttlMs || entry.expiresAt <= now) {
      this.entries.delete(id)
      return undefined
    }
    // Least recently used first out: re-inserting moves the entry to the end of the Map's order.
    this.entries.delete(id)
    this.entries.set(id, entry)
    return entry
  }
  set(id: string, entry: CachedSession) {
    if (this.ttlMs <= 0) return
    this.entries.delete(id)
    this.entries.set(id, entry)
    if (this.entries.size > SESSION_CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!)
  }
  delete(id: string) {
    this.entries.delete(id)
  }
  deleteUser(userId: string, except?: string) {
    for (const [id, entry] of this.entries)
      if (entry.userId === userId && id !== except) this.entries.delete(id)
  }
}

/** Sessions: the cookie, the session-bound JWT, and resolving either back to a live session. */
export function createSessions(
  repo: SessionsRepo,
  secret: string,
  secureCookies: boolean,
  options: { cacheMs?: number } = {},
) {
  const jwtKey = deriveKey(secret, 'jwt')
  // A KeyObject made once: given a Buffer, every createHmac would make one again (a tenth of a page's CPU).
  const cookieKey = createSecretKey(deriveKey(secret, 'session-cookie'))
  const cache = new SessionCache(options.cacheMs ?? SESSION_CACHE_MS)
  const mac = (random: string) => createHmac('sha256', cookieKey).update(random).digest().subarray(0, 16)

  /**
   * The session id of a cookie value this server made, else null. The MAC is checked before any query,
   * so a flood of made-up cookies costs no database work.
   */
  function sessionIdOf(cookieValue: string): string | null {
    // A pure function of the value (and the secret): remembered for the cookies seen lately, so a
    // signed-in request does not pay an HMAC and a SHA-256 each time (2.5% of the page route's CPU).
    const known = checked.get(cookieValue)
    if (known) return known
    const id = checkCookie(cookieValue)
    if (id) {
      if (checked.size >= CHECKED_COOKIES) checked.delete(checked.keys().next().value!)
      checked.set(cookieValue, id)
    }
    return id
  }
  const checked = new Map<string, string>()
  function checkCookie(cookieValue: string): string | null {
    const match = COOKIE_FORMAT.exec(cookieValue)
    if (!match) return null
    const given = Buffer.from(match[2]!, 'base64url')
    if (given.length !== 16 || !timingSafeEqual(given, mac(match[1]!))) return null
    return sha256Hex(cookieValue)
  }

  return {
    async create(userId: string, userAgent: string | undefined, ip: string | null = null) {
      const random = randomToken(32)
      const cookieValue = `${random}.${mac(random).toString('base64url')}`
      const id = sha256Hex(cookieValue)
      const expiresAt = new Date(Date.now() + SESSION_MS)
      await repo.insert({
        id,
        userId,
        expiresAt,
        userAgent: userAgent?.slice(0, 512) ?? null,
        ip: ip?.slice(0, 64) ?? null,
      })
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
      cache.delete(sessionId)
      await repo.delete(sessionId)
    },
    list: (userId: string) => repo.listLive(userId),
    /** Ends one of the user's sessions, in this instance's cache at once; false if not theirs. */
    async revokeOwn(userId: string, sessionId: string): Promise<boolean> {
      cache.delete(sessionId)
      const deleted = await repo.deleteOwn(userId, sessionId)
      // Again after the delete: a request resolving meanwhile may have cached the row it still read.
      cache.delete(sessionId)
      return deleted
    },
    /** Ends every session of the user but `keep` (sign out everywhere else); returns how many. */
    async revokeOthers(userId: string, keep: string): Promise<number> {
      cache.deleteUser(userId, keep)
      const deleted = await repo.deleteOthers(userId, keep)
      cache.deleteUser(userId, keep)
      return deleted
    },
    /** After the user is deleted: none of their sessions is believed from the cache any longer. */
    forgetUser(userId: string) {
      cache.deleteUser(userId)
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
    async resolve(request: FastifyRequest): Promise<{
      userId: string
      sessionId: string
      cookieValue: string | null
      /** 'jwt': only the session-bound JWT (Authorization: Bearer) identified it, no cookie. */
      via: 'cookie' | 'jwt'
    } | null> {
      let sessionId: string | null = null
      let claimedUser: string | null = null
      const cookieValue = request.cookies[SESSION_COOKIE]
      const authorization = request.headers.authorization
      const fromCookie = typeof cookieValue === 'string' ? sessionIdOf(cookieValue) : null
      if (fromCookie) {
        sessionId = fromCookie
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
      const now = Date.now()
      let session = cache.get(sessionId, now)
      if (!session) {
        const row = await repo.findLive(sessionId)
        if (!row) return null
        session = {
          userId: row.userId,
          expiresAt: row.expiresAt.getTime(),
          lastSeenAt: row.lastSeenAt.getTime(),
          cachedAt: now,
        }
        cache.set(sessionId, session)
      }
      if (claimedUser && session.userId !== claimedUser) return null
      if (now - session.lastSeenAt > TOUCH_INTERVAL_MS) {
        const touched = new Date(now)
        const expiresAt = new Date(now + SESSION_MS)
        await repo.touch(sessionId, touched, expiresAt)
        cache.set(sessionId, { ...session, lastSeenAt: now, expiresAt: expiresAt.getTime() })
        return {
          userId: session.userId,
          sessionId,
          cookieValue: fromCookie ? cookieValue! : null,
          via: fromCookie ? 'cookie' : 'jwt',
        }
      }
      return { userId: session.userId, sessionId, cookieValue: null, via: fromCookie ? 'cookie' : 'jwt' }
    },
  }
}
export type SessionsApi = ReturnType<typeof createSessions>
