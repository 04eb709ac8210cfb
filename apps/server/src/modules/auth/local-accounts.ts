import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Env } from '../../config/env.ts'
import type { Db } from '../../db/client.ts'
import { deriveKey, randomToken, sha256Hex } from '../../lib/crypto.ts'
import { createLocalAccountsRepo } from './local-accounts.repo.ts'
import { hashPassword, passwordProblem, verifyDecoy, verifyPassword } from './passwords.ts'

/** The same e-mail (any case) is the same local account: its subject at the local identity provider. */
export const localAccountId = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32)

export const INVITATION_DAYS = 7
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000
/** Failed sign-ins counted per account and per client address over this window. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
export const FAILURES_PER_ACCOUNT = 5
export const FAILURES_PER_ADDRESS = 20

/** The few Redis calls the failure counter needs (ioredis has them). */
export interface FailureStore {
  incr(key: string): Promise<number>
  pexpire(key: string, ms: number): Promise<unknown>
  pttl(key: string): Promise<number>
  get(key: string): Promise<string | null>
  del(...keys: string[]): Promise<unknown>
}

/**
 * Failed local sign-ins, per account and per client address. In this process's memory, or in the Redis
 * the rate limits use (REDIS_URL), so that several instances share one count. Only failures count: a
 * person who types their password right is never slowed by others' attempts from elsewhere, except
 * while their own account is locked for the rest of the window.
 */
export function createFailureLimiter(redis: FailureStore | null, now: () => number = Date.now) {
  const memory = new Map<string, { count: number; resetAt: number }>()
  const keyOf = (kind: 'account' | 'address', value: string) => `remi-signin-fail:${kind}:${sha256Hex(value)}`

  async function read(key: string): Promise<{ count: number; retryMs: number }> {
    if (redis) {
      try {
        const [value, ttl] = await Promise.all([redis.get(key), redis.pttl(key)])
        return { count: Number(value ?? 0), retryMs: Math.max(ttl, 0) }
      } catch {
        // Redis unreachable: fall back to this instance's own count rather than refuse every sign-in.
      }
    }
    const entry = memory.get(key)
    if (!entry || entry.resetAt <= now()) return { count: 0, retryMs: 0 }
    return { count: entry.count, retryMs: entry.resetAt - now() }
  }
  async function bump(key: string) {
    if (redis) {
      try {
        const n = await redis.incr(key)
        // Also when an earlier PEXPIRE was lost: a count without expiry would lock the account for good.
        if (n === 1 || (await redis.pttl(key)) < 0) await redis.pexpire(key, FAILURE_WINDOW_MS)
        return
      } catch {
        // As in read(): counted here instead.
      }
    }
    for (const [k, entry] of memory) if (entry.resetAt <= now()) memory.delete(k)
    const entry = memory.get(key)
    if (entry && entry.resetAt > now()) entry.count += 1
    else memory.set(key, { count: 1, resetAt: now() + FAILURE_WINDOW_MS })
  }

  return {
    /** Milliseconds until another attempt is allowed (0: allowed now), and which limit was reached. */
    async blocked(
      email: string,
      address: string,
    ): Promise<{ retryMs: number; by: 'account' | 'address' } | null> {
      const [account, from] = await Promise.all([
        read(keyOf('account', email.toLowerCase())),
        read(keyOf('address', address)),
      ])
      if (account.count >= FAILURES_PER_ACCOUNT) return { retryMs: account.retryMs, by: 'account' }
      if (from.count >= FAILURES_PER_ADDRESS) return { retryMs: from.retryMs, by: 'address' }
      return null
    },
    async fail(email: string, address: string) {
      await Promise.all([bump(keyOf('account', email.toLowerCase())), bump(keyOf('address', address))])
    },
    /** A right password clears the account's count (not the address's: one success must not reset a spray). */
    async succeed(email: string) {
      const key = keyOf('account', email.toLowerCase())
      memory.delete(key)
      if (redis) await redis.del(key).catch(() => undefined)
    },
  }
}
export type FailureLimiter = ReturnType<typeof createFailureLimiter>

export type SignInOutcome =
  | { ok: true; subject: string; email: string; name: string; created: boolean; passwordSet: boolean }
  | { ok: false; status: 400 | 401 | 403; reason: string; counts: boolean }

/**
 * Local accounts: a password per e-mail, the first account, open or closed sign-ups and invitations.
 * The local identity provider's form calls signIn; the account routes change a password and invite.
 */
export function createLocalAccounts(db: Db, env: Env) {
  const repo = createLocalAccountsRepo(db)
  const inviteKey = deriveKey(env.sessionSecret, 'local-invitations')
  const mac = (random: string) => createHmac('sha256', inviteKey).update(random).digest().subarray(0, 16)

  /** The invitation's row id if the token is one this server signed; null otherwise (no query made). */
  function invitationIdOf(token: string): string | null {
    const match = /^([\w-]{43})\.([\w-]{22})$/.exec(token)
    if (!match) return null
    const given = Buffer.from(match[2]!, 'base64url')
    if (given.length !== 16 || !timingSafeEqual(given, mac(match[1]!))) return null
    return sha256Hex(token)
  }

  const findByEmail = (email: string) => repo.byEmail(email.trim().toLowerCase())

  /** An account made before passwords: a local identity for this e-mail, and no password row. */
  const legacyUserId = (email: string) => repo.localIdentityUserId(localAccountId(email))

  /** Whether a new account may be made now, and how. */
  async function signupMode(
    invitation: string | undefined,
  ): Promise<'first' | 'open' | 'invited' | 'closed'> {
    if (await repo.isEmpty()) return 'first'
    if (env.localSignIn.signup === 'open') return 'open'
    if (invitation && (await invitationUsable(invitation))) return 'invited'
    return 'closed'
  }

  async function invitationUsable(token: string): Promise<boolean> {
    const id = invitationIdOf(token)
    return id ? repo.invitationOpen(id) : false
  }

  const wrong = (): SignInOutcome => ({
    ok: false,
    status: 401,
    reason: 'Wrong e-mail or password.',
    counts: true,
  })

  const closed = (): SignInOutcome => ({
    ok: false,
    status: 403,
    reason:
      'Sign-ups are closed on this server. Ask someone who uses it for an invitation link (Settings → Invitations).',
    // Counted like a wrong password, so trying e-mails and passwords here is limited as at sign-in.
    counts: true,
  })

  return {
    findByEmail,
    signupMode,
    invitationUsable,
    isEmpty: repo.isEmpty,

    /**
     * The sign-in form: the password of an existing account, a password set by an account made before
     * passwords (only while APP_URL is loopback), or a new account where sign-ups allow one.
     */
    async signIn(form: {
      intent: 'signin' | 'signup'
      email: string
      password: string
      name: string
      invitation: string | undefined
      /** The client is this machine (its address as Fastify believes it, TRUST_PROXY applied). */
      fromLoopback: boolean
    }): Promise<SignInOutcome> {
      const email = form.email.trim().toLowerCase()
      const subject = localAccountId(email)
      const account = await findByEmail(email)
      if (account) {
        if (await verifyPassword(form.password, account.passwordHash))
          return { ok: true, subject: account.subject, email, name: '', created: false, passwordSet: false }
        // "Create account" with a known e-mail and a wrong password answers as an unknown e-mail does
        // where sign-ups are closed (same words, and one password hash of work each): otherwise the
        // answers told which e-mails have accounts.
        if (form.intent === 'signup' && (await signupMode(form.invitation)) === 'closed') return closed()
        return wrong()
      }
      const legacy = await legacyUserId(email)
      if (legacy) {
        // Anyone could claim an account made before passwords by typing its e-mail: only someone at the
        // machine itself may give it a password (APP_URL served only there, and the client on loopback).
        if (!env.localSignIn.appUrlLoopback || !form.fromLoopback) {
          await verifyDecoy(form.password)
          return {
            ok: false,
            status: 403,
            reason:
              'This account has no password yet. Set one by signing in once from the computer Remi runs on, ' +
              'with APP_URL at a loopback address (for example http://localhost:3000); then sign in here with it.',
            counts: true,
          }
        }
        const problem = passwordProblem(form.password, email)
        if (problem) return { ok: false, status: 400, reason: problem, counts: false }
        await repo.insertPassword({
          subject,
          email,
          userId: legacy,
          passwordHash: await hashPassword(form.password),
        })
        const saved = await findByEmail(email)
        if (!saved || !(await verifyPassword(form.password, saved.passwordHash))) return wrong()
        return { ok: true, subject, email, name: '', created: false, passwordSet: true }
      }
      if (form.intent !== 'signup') {
        await verifyDecoy(form.password)
        return wrong()
      }
      const mode = await signupMode(form.invitation)
      if (mode === 'closed') {
        await verifyDecoy(form.password)
        return closed()
      }
      const problem = passwordProblem(form.password, email)
      if (problem) return { ok: false, status: 400, reason: problem, counts: false }
      const passwordHash = await hashPassword(form.password)
      const outcome = await repo.createAccount({
        subject,
        email,
        passwordHash,
        firstOnly: mode === 'first' && env.localSignIn.signup !== 'open',
        // A token that is not ours matches no invitation ('').
        invitationId: mode === 'invited' ? (invitationIdOf(form.invitation!) ?? '') : null,
      })
      if (outcome === 'taken')
        return {
          ok: false,
          status: 403,
          reason: 'The first account was just made. Sign in instead.',
          counts: false,
        }
      if (outcome === 'invitation')
        return {
          ok: false,
          status: 403,
          reason: 'This invitation link has expired or was already used. Ask for a new one.',
          counts: false,
        }
      if (outcome === 'exists') return wrong()
      return { ok: true, subject, email, name: form.name, created: true, passwordSet: false }
    },

    /** After the OpenID Connect round trip made (or found) the user: ties the password to them. */
    linkUser: repo.linkUser,

    accountOf: repo.byUser,

    /** Checks the current password and stores the new one; 'wrong' or a reason when it cannot. */
    async changePassword(
      userId: string,
      current: string,
      next: string,
    ): Promise<'ok' | 'wrong' | 'none' | string> {
      const row = await repo.byUser(userId)
      if (!row) return 'none'
      if (!(await verifyPassword(current, row.passwordHash))) return 'wrong'
      const problem = passwordProblem(next, row.email)
      if (problem) return problem
      await repo.setPassword(row.subject, await hashPassword(next))
      return 'ok'
    },

    /** A signed, single-use link valid for INVITATION_DAYS. Only the token's hash is stored. */
    async createInvitation(userId: string) {
      const random = randomToken(32)
      const token = `${random}.${mac(random).toString('base64url')}`
      const expiresAt = new Date(Date.now() + INVITATION_MS)
      await repo.insertInvitation({ id: sha256Hex(token), createdBy: userId, expiresAt })
      return { token, expiresAt }
    },
  }
}
export type LocalAccounts = ReturnType<typeof createLocalAccounts>
