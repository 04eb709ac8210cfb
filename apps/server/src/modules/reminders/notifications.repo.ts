/** Where notifications go: the push subscriptions, the person's notification settings and e-mail budget. */
import { and, asc, count, eq, gte, isNotNull, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deliveryAttempts, notificationDeliveries, pushSubscriptions, users } from '../../db/schema.ts'

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

/** An e-mail attempt taken (reserveEmail) whose sending is not confirmed yet (emailSent). */
export const EMAIL_RESERVED = 'reserved, not yet confirmed sent'

export function createNotificationsRepo(db: Db) {
  return {
    // Push subscriptions -------------------------------------------------------------------------

    /**
     * One subscription per endpoint: the same person subscribing again replaces its keys. Another person
     * takes it over only with the same keys (the same browser, where the last person's sign-out could
     * not remove it): the auth secret is the browser's, so knowing an endpoint is not enough. Null when
     * the endpoint is someone else's.
     */
    async upsertSubscription(row: {
      userId: string
      endpoint: string
      p256dh: string
      auth: string
      label: string
    }): Promise<{ row: PushSubscriptionRow; created: boolean } | null> {
      const [existing] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, row.endpoint))
      const [saved] = await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, label: row.label },
          setWhere: or(
            eq(pushSubscriptions.userId, row.userId),
            and(eq(pushSubscriptions.p256dh, row.p256dh), eq(pushSubscriptions.auth, row.auth)),
          ),
        })
        .returning()
      return saved ? { row: saved, created: !existing } : null
    },

    async countSubscriptions(userId: string): Promise<number> {
      const [n] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
      return n?.n ?? 0
    },

    async subscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    },

    async deleteSubscription(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
        .returning({ id: pushSubscriptions.id })
      return deleted.length > 0
    },

    async dropSubscription(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
    },

    async subscriptionSucceeded(id: string): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(eq(pushSubscriptions.id, id))
    },

    // Preferences --------------------------------------------------------------------------------

    async preferences(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          name: users.name,
          timezone: users.timezone,
          language: users.language,
          emailReminders: users.emailReminders,
          briefingTime: users.briefingTime,
          verifiedEmail: users.verifiedEmail,
        })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },

    /**
     * Takes one of the user's e-mails of the last hour for this delivery, when fewer than `cap` went:
     * its attempt is written as sent before the e-mail goes (emailFailed turns it round), in a transaction
     * holding the user's row, so two instances delivering to one person at once count each other's.
     * 'done': this delivery's e-mail to that address already went. The attempt says EMAIL_RESERVED until
     * emailSent confirms it: a sender killed in between leaves it so, and the next sender (the lease ran
     * out) takes the same attempt again and sends (at most one repeat, with the same Message-ID).
     */
    async reserveEmail(input: {
      userId: string
      deliveryId: string
      target: string
      since: Date
      cap: number
    }): Promise<{ reserved: string } | 'over' | 'done'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update')
        const [row] = await tx
          .select({ n: count() })
          .from(deliveryAttempts)
          .innerJoin(notificationDeliveries, eq(notificationDeliveries.id, deliveryAttempts.deliveryId))
          .where(
            and(
              eq(notificationDeliveries.userId, input.userId),
              eq(deliveryAttempts.channel, 'email'),
              eq(deliveryAttempts.outcome, 'sent'),
              gte(deliveryAttempts.at, input.since),
            ),
          )
        const [earlier] = await tx
          .select({ id: deliveryAttempts.id, detail: deliveryAttempts.detail })
          .from(deliveryAttempts)
          .where(
            and(
              eq(deliveryAttempts.deliveryId, input.deliveryId),
              eq(deliveryAttempts.channel, 'email'),
              eq(deliveryAttempts.target, input.target),
              eq(deliveryAttempts.outcome, 'sent'),
            ),
          )
        // Taken before and counted already: sent again if never confirmed.
        if (earlier) return earlier.detail === EMAIL_RESERVED ? { reserved: earlier.id } : 'done'
        if (Number(row?.n ?? 0) >= input.cap) return 'over'
        const [taken] = await tx
          .insert(deliveryAttempts)
          .values({
            deliveryId: input.deliveryId,
            channel: 'email',
            target: input.target,
            outcome: 'sent',
            detail: EMAIL_RESERVED,
          })
          .onConflictDoNothing()
          .returning({ id: deliveryAttempts.id })
        return taken ? { reserved: taken.id } : 'done'
      })
    },

    /** A reserved e-mail (reserveEmail) the SMTP server took: confirmed. */
    async emailSent(attemptId: string): Promise<void> {
      await db.update(deliveryAttempts).set({ detail: null }).where(eq(deliveryAttempts.id, attemptId))
    },

    /** A reserved e-mail (reserveEmail) that did not go: recorded as failed, no longer counted. */
    async emailFailed(attemptId: string, detail: string): Promise<void> {
      await db
        .update(deliveryAttempts)
        .set({ outcome: 'failed', detail })
        .where(eq(deliveryAttempts.id, attemptId))
    },

    async setPreferences(
      userId: string,
      fields: { emailReminders?: boolean; briefingTime?: string | null },
    ): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id })
      return updated.length > 0
    },

    async usersWithBriefingTime(): Promise<Array<{ id: string }>> {
      return db.select({ id: users.id }).from(users).where(isNotNull(users.briefingTime))
    },
  }
}
