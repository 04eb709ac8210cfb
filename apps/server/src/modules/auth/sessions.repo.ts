import { and, desc, eq, gt, lt, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { sessions } from '../../db/schema.ts'

export type SessionRow = typeof sessions.$inferSelect

/** Session rows; the id is the sha256 of the cookie value, so the table never holds a credential. */
export function createSessionsRepo(db: Db) {
  return {
    async insert(row: {
      id: string
      userId: string
      expiresAt: Date
      userAgent: string | null
      ip: string | null
    }) {
      await db.insert(sessions).values(row)
    },
    async delete(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id))
    },
    /** The user's live sessions, most recently seen first. */
    async listLive(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    },
    /** Deletes one of the user's sessions; false when they have none by that id. */
    async deleteOwn(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id })
      return rows.length > 0
    },
    /** Deletes all the user's sessions but one; returns how many. */
    async deleteOthers(userId: string, keep: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
        .returning({ id: sessions.id })
      return rows.length
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
