import { and, asc, count, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { AccessTokenScope } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { accessTokens, users } from '../../db/schema.ts'

export type AccessTokenRow = typeof accessTokens.$inferSelect

const listed = {
  id: accessTokens.id,
  name: accessTokens.name,
  scope: accessTokens.scope,
  lastFour: accessTokens.lastFour,
  createdAt: accessTokens.createdAt,
  lastUsedAt: accessTokens.lastUsedAt,
  expiresAt: accessTokens.expiresAt,
}
export type ListedAccessToken = { [K in keyof typeof listed]: AccessTokenRow[K] }

/** Personal access tokens; rows hold the sha256 of the secret, never the secret. */
export function createAccessTokensRepo(db: Db) {
  return {
    /**
     * Inserts unless the user already holds `limit` tokens; null when they do. The user's row is
     * locked so two requests at once cannot both take the last free place.
     */
    async insertWithin(
      limit: number,
      row: {
        userId: string
        name: string
        scope: AccessTokenScope
        tokenHash: string
        lastFour: string
        expiresAt: Date | null
      },
    ): Promise<ListedAccessToken | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update')
        const [held] = await tx
          .select({ n: count() })
          .from(accessTokens)
          .where(eq(accessTokens.userId, row.userId))
        if ((held?.n ?? 0) >= limit) return null
        const [inserted] = await tx.insert(accessTokens).values(row).returning(listed)
        return inserted!
      })
    },

    async list(userId: string): Promise<ListedAccessToken[]> {
      return db
        .select(listed)
        .from(accessTokens)
        .where(eq(accessTokens.userId, userId))
        .orderBy(asc(accessTokens.createdAt), asc(accessTokens.id))
    },

    /** False when there is no such token of this user's. */
    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(accessTokens)
        .where(and(eq(accessTokens.userId, userId), eq(accessTokens.id, id)))
        .returning({ id: accessTokens.id })
      return deleted.length > 0
    },

    /** Every token of the user's; how many there were. */
    async deleteAll(userId: string): Promise<number> {
      const deleted = await db
        .delete(accessTokens)
        .where(eq(accessTokens.userId, userId))
        .returning({ id: accessTokens.id })
      return deleted.length
    },

    /** The token with this hash if it has not expired. */
    async findLive(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          id: accessTokens.id,
          userId: accessTokens.userId,
          scope: accessTokens.scope,
          lastUsedAt: accessTokens.lastUsedAt,
        })
        .from(accessTokens)
        .where(
          and(
            eq(accessTokens.tokenHash, tokenHash),
            or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
          ),
        )
      return row
    },

    /** Records a use unless one was recorded since `notSince` (so busy clients cost one write a minute). */
    async touch(id: string, now: Date, notSince: Date) {
      await db
        .update(accessTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(accessTokens.id, id),
            or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, notSince)),
          ),
        )
    },
  }
}
export type AccessTokensRepo = ReturnType<typeof createAccessTokensRepo>
