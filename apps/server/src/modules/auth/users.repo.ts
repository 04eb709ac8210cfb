import { knownTimeZone, type Language } from '@remi/shared'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { identities, users } from '../../db/schema.ts'

export type UserRow = typeof users.$inferSelect
export type IdentityRow = typeof identities.$inferSelect

export function createUsersRepo(db: Db) {
  // Read on most requests (the zone) or every chat turn: built once, not per call (see chat.repo.ts).
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('')
  const zoneById = db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('')
  const languageById = db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('')
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await byId.execute({ id })
      return row
    },
    async findIdentity(provider: IdentityRow['provider'], subject: string) {
      const [row] = await db
        .select()
        .from(identities)
        .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
      return row
    },
    /**
     * The user's IANA zone, the one place a stored zone is read: "today", day bounds and vacation days
     * are counted in it. A zone this runtime does not know (or a missing user) gives UTC, never a throw.
     */
    async timezoneOf(userId: string): Promise<string> {
      const [row] = await zoneById.execute({ id: userId })
      return knownTimeZone(row?.timezone)
    },
    /** The user's language (Settings → Language); English for a missing user. */
    async languageOf(userId: string): Promise<Language> {
      const [row] = await languageById.execute({ id: userId })
      return (row?.language as Language | undefined) ?? 'en'
    },
    /** The identity a user signed in with most recently (the one whose grant reaches their calendar). */
    async latestIdentity(userId: string) {
      const rows = await db.select().from(identities).where(eq(identities.userId, userId))
      return rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0]
    },
    async createUserWithIdentity(
      user: Pick<UserRow, 'email' | 'name' | 'picture' | 'timezone'> &
        Partial<Pick<UserRow, 'verifiedEmail' | 'language'>>,
      identity: Omit<typeof identities.$inferInsert, 'userId' | 'id'>,
    ): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values(user).returning()
        await tx.insert(identities).values({ ...identity, userId: created!.id })
        return created!
      })
    },
    async updateIdentity(id: string, changes: Partial<typeof identities.$inferInsert>) {
      await db
        .update(identities)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(identities.id, id))
    },
    async updateUser(
      id: string,
      changes: Partial<
        Pick<UserRow, 'name' | 'email' | 'picture' | 'timezone' | 'theme' | 'language' | 'verifiedEmail'>
      >,
    ) {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
      return row
    },
  }
}
export type UsersRepo = ReturnType<typeof createUsersRepo>
