import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { sessions } from '../../db/schema.ts'

export type SessionRow = typeof sessions.$inferSelect

/** Session rows; the id is the sha256 of the cookie value, so the table never holds a credential. */
export function createSessionsRepo(db: Db) {
  return {
    async insert(row: { id: string; userId: string; expiresAt: Date; userAgent: string | null }) {
      await db.insert(sessions).values(row)
    },
    async delete(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id))
    },
    /** The session if it exists and has not expired. */
    async findLive(id: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
      return row
    },
    /** Moves the sliding expiry, and sweeps everyone's expired sessions on the same rare path. */
    async touch(id: string, now: Date, expiresAt: Date) {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id))
      await db.delete(sessions).where(lt(sessions.expiresAt, now))
    },
  }
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>
