import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'

/** The e-mail verification link as the users table keeps it (its hash, address and expiry). */
export function createEmailVerificationRepo(db: Db) {
  return {
    async addresses(userId: string) {
      const [user] = await db
        .select({ email: users.email, verifiedEmail: users.verifiedEmail, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
      return user
    },

    /** The one live link (a new one replaces the last). */
    async setLink(userId: string, link: { hash: string; address: string; expiresAt: Date }) {
      await db
        .update(users)
        .set({
          emailVerificationHash: link.hash,
          emailVerificationAddress: link.address,
          emailVerificationExpiresAt: link.expiresAt,
        })
        .where(eq(users.id, userId))
    },

    /**
     * Spends the live link with this hash; marks its address verified when it is still the account's.
     * Whether it did.
     */
    async useLink(hash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Taken in one statement: two clicks at once verify once, and the link is spent either way.
        const [taken] = await tx
          .update(users)
          .set({ emailVerificationHash: null, emailVerificationExpiresAt: null })
          .where(and(eq(users.emailVerificationHash, hash), gt(users.emailVerificationExpiresAt, new Date())))
          .returning({ id: users.id, email: users.email, address: users.emailVerificationAddress })
        if (!taken?.address || taken.address !== taken.email.trim().toLowerCase()) return false
        await tx.update(users).set({ verifiedEmail: taken.address }).where(eq(users.id, taken.id))
        return true
      })
    },
  }
}
