import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { identities, invitations, localAccounts, users } from '../../db/schema.ts'

/** A lock id for "is this the first account?": two first sign-ups at once must not both win. */
const FIRST_ACCOUNT_LOCK = 726_411_001

class ExistsError extends Error {}

/** Local accounts' passwords and invitations as stored (local-accounts.ts decides what they allow). */
export function createLocalAccountsRepo(db: Db) {
  async function isEmpty(tx: Pick<Db, 'select'> = db): Promise<boolean> {
    const [u] = await tx.select({ n: count() }).from(users)
    const [a] = await tx.select({ n: count() }).from(localAccounts)
    return Number(u?.n ?? 0) === 0 && Number(a?.n ?? 0) === 0
  }

  return {
    /** No user and no local account yet. */
    isEmpty: () => isEmpty(),

    /** `email` lower-cased and trimmed already. */
    async byEmail(email: string) {
      const [row] = await db.select().from(localAccounts).where(eq(localAccounts.email, email))
      return row
    },

    /** The user of a local identity with this subject (an account made before passwords). */
    async localIdentityUserId(subject: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: identities.userId })
        .from(identities)
        .where(and(eq(identities.provider, 'local'), eq(identities.subject, subject)))
      return row?.userId ?? null
    },

    async byUser(userId: string) {
      const [row] = await db.select().from(localAccounts).where(eq(localAccounts.userId, userId))
      return row
    },

    /** Whether an invitation with this id is unused and not expired. */
    async invitationOpen(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.id, id), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())))
      return Boolean(row)
    },

    /** A password for an account made before passwords (nothing when one was set meanwhile). */
    async insertPassword(row: { subject: string; email: string; userId: string; passwordHash: string }) {
      await db.insert(localAccounts).values(row).onConflictDoNothing()
    },

    /**
     * A new account, in one transaction serialised with other sign-ups: 'taken' when `firstOnly` and
     * the server is no longer empty, 'invitation' when `invitationId` is used or expired (it is marked
     * used otherwise), 'exists' when the e-mail has an account.
     */
    async createAccount(account: {
      subject: string
      email: string
      passwordHash: string
      firstOnly: boolean
      invitationId: string | null
    }): Promise<'created' | 'taken' | 'invitation' | 'exists'> {
      const { subject, email, passwordHash } = account
      return db
        .transaction(async (tx) => {
          // Serialises first sign-ups: only one of two racing "first accounts" sees an empty server.
          await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`)
          // Another sign-up made the first account meanwhile: where sign-ups are open, this one goes on.
          if (account.firstOnly && !(await isEmpty(tx))) return 'taken' as const
          if (account.invitationId !== null) {
            const used = await tx
              .update(invitations)
              .set({ usedAt: new Date(), usedBy: email })
              .where(
                and(
                  eq(invitations.id, account.invitationId),
                  isNull(invitations.usedAt),
                  gt(invitations.expiresAt, new Date()),
                ),
              )
              .returning({ id: invitations.id })
            if (used.length === 0) return 'invitation' as const
          }
          const inserted = await tx
            .insert(localAccounts)
            .values({ subject, email, passwordHash })
            .onConflictDoNothing()
            .returning({ subject: localAccounts.subject })
          if (inserted.length === 0) throw new ExistsError()
          return 'created' as const
        })
        .catch((error: unknown) => {
          if (error instanceof ExistsError) return 'exists' as const
          throw error
        })
    },

    /** Ties the account's password to the user (once: an account already tied keeps its user). */
    async linkUser(subject: string, userId: string) {
      await db
        .update(localAccounts)
        .set({ userId })
        .where(and(eq(localAccounts.subject, subject), isNull(localAccounts.userId)))
    },

    async setPassword(subject: string, passwordHash: string) {
      await db
        .update(localAccounts)
        .set({ passwordHash, passwordChangedAt: new Date() })
        .where(eq(localAccounts.subject, subject))
    },

    async insertInvitation(invitation: { id: string; createdBy: string; expiresAt: Date }) {
      await db.insert(invitations).values(invitation)
    },
  }
}
export type LocalAccountsRepo = ReturnType<typeof createLocalAccountsRepo>
