import {
  ACCESS_TOKEN_LIMITS,
  ACCESS_TOKEN_PATTERN,
  ACCESS_TOKEN_PREFIX,
  type AccessToken,
  type AccessTokenScope,
  type CreatedAccessToken,
} from '@remi/shared'
import { conflict, notFound } from '../../lib/errors.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'
import type { AccessTokensRepo, ListedAccessToken } from './tokens.repo.ts'

/** last_used_at is written at most this often per token, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000

/** Who a valid token speaks for, and what it may do. */
export interface AccessTokenCaller {
  tokenId: string
  userId: string
  scope: AccessTokenScope
}

function toAccessToken(row: ListedAccessToken): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    lastFour: row.lastFour,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }
}

/** Personal access tokens: shown once, stored as a sha256, resolved back to their user and scope. */
export function createAccessTokensService(repo: AccessTokensRepo) {
  return {
    async create(
      userId: string,
      input: { name: string; scope: AccessTokenScope; expiresAt?: string | null | undefined },
    ): Promise<CreatedAccessToken> {
      const token = `${ACCESS_TOKEN_PREFIX}${randomToken(32)}`
      const row = await repo.insertWithin(ACCESS_TOKEN_LIMITS.perUser, {
        userId,
        name: input.name,
        scope: input.scope,
        tokenHash: sha256Hex(token),
        lastFour: token.slice(-4),
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      if (!row) {
        throw conflict(
          `You already have ${ACCESS_TOKEN_LIMITS.perUser} access tokens, the most allowed. Revoke one you no longer use first.`,
        )
      }
      return { ...toAccessToken(row), token }
    },

    async list(userId: string): Promise<AccessToken[]> {
      return (await repo.list(userId)).map(toAccessToken)
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound('Access token')
    },

    /** Ends every token of the user's (a password change, signing out everywhere else); how many. */
    revokeAll: (userId: string): Promise<number> => repo.deleteAll(userId),

    /** The caller behind a secret; null when it is malformed, unknown, revoked or expired. */
    async resolve(secret: string): Promise<AccessTokenCaller | null> {
      if (!ACCESS_TOKEN_PATTERN.test(secret)) return null
      const now = new Date()
      const row = await repo.findLive(sha256Hex(secret), now)
      if (!row) return null
      const notSince = new Date(now.getTime() - TOUCH_INTERVAL_MS)
      if (!row.lastUsedAt || row.lastUsedAt < notSince) await repo.touch(row.id, now, notSince)
      return { tokenId: row.id, userId: row.userId, scope: row.scope }
    },
  }
}
export type AccessTokensService = ReturnType<typeof createAccessTokensService>
