import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { ReminderStatus } from '@remi/shared'
import type { Db } from '../../db/client.ts'
import { deliveryAttempts, memories, notificationDeliveries, reminders, users } from '../../db/schema.ts'
import { NOTIFY_CHANNEL, type HubEvent } from './event-hub.ts'
import { createNotificationsRepo, EMAIL_RESERVED } from './notifications.repo.ts'

export { EMAIL_RESERVED, type PushSubscriptionRow } from './notifications.repo.ts'

export type ReminderRow = typeof reminders.$inferSelect
export type DeliveryRow = typeof notificationDeliveries.$inferSelect
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * An occurrence's delivery, found by its key (`<id>@<time>`, unique per person and kind) inside the
 * transaction that claims it: one already complete means the occurrence was sent; an unfinished one was
 * left by a crash and is resumed. Reminders and automations claim their occurrences through it.
 */
export async function deliveryByKey(tx: Tx, userId: string, kind: 'reminder' | 'automation', key: string) {
  const [found] = await tx
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.userId, userId),
        eq(notificationDeliveries.kind, kind),
        eq(notificationDeliveries.key, key),
      ),
    )
  return found
}

export interface ReminderFields {
  text?: string
  dueAt?: Date
  timezone?: string
  recurrence?: string | null
  status?: ReminderStatus
  snoozedUntil?: Date | null
  nextAt?: Date | null
  lastSentAt?: Date | null
  late?: boolean
}

/** What a claim decided: the occurrence's delivery (new or left unfinished by a crash), and what comes next. */
export interface Claim {
  delivery: DeliveryRow
  reminder: ReminderRow
  /** True when this call made the delivery (false: resuming one a crashed attempt left unfinished). */
  fresh: boolean
}

export function createRemindersRepo(db: Db) {
  return {
    /** Runs `work` inside one transaction (give it to createRemindersRepo): it commits when `work` returns. */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Db))
    },

    /** Tells every instance's event hub (PostgreSQL NOTIFY: inside a transaction, sent only if it commits). */
    async notify(event: HubEvent, exec: Db | Tx = db): Promise<void> {
      await exec.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(event)})`)
    },

    /** Inserts unless the user holds `limit` scheduled reminders (null then); the user's row is locked. */
    async insertWithin(limit: number, row: typeof reminders.$inferInsert): Promise<ReminderRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update')
        const [held] = await tx
          .select({ n: count() })
          .from(reminders)
          .where(and(eq(reminders.userId, row.userId), eq(reminders.status, 'scheduled')))
        if ((held?.n ?? 0) >= limit) return null
        // A private memory's reminder is private itself (its text is the memory's).
        const [memory] = row.memoryId
          ? await tx.select({ private: memories.private }).from(memories).where(eq(memories.id, row.memoryId))
          : []
        const [inserted] = await tx
          .insert(reminders)
          .values({ ...row, private: memory?.private ?? false })
          .returning()
        return inserted!
      })
    },

    async countScheduled(userId: string): Promise<number> {
      const [held] = await db
        .select({ n: count() })
        .from(reminders)
        .where(and(eq(reminders.userId, userId), eq(reminders.status, 'scheduled')))
      return held?.n ?? 0
    },

    async get(userId: string, id: string): Promise<ReminderRow | undefined> {
      const [row] = await db
        .select()
        .from(reminders)
        .where(and(eq(reminders.userId, userId), eq(reminders.id, id)))
      return row
    },

    async getById(id: string): Promise<ReminderRow | undefined> {
      const [row] = await db.select().from(reminders).where(eq(reminders.id, id))
      return row
    },

    async list(
      userId: string,
      q: {
        status?: ReminderStatus
        from?: Date
        to?: Date
        memoryId?: string
        limit: number
        /** Without the reminders of private memories (their text is the memory's): for a model or MCP client. */
        hidePrivate?: boolean
      },
    ): Promise<ReminderRow[]> {
      const scheduled = q.status === 'scheduled'
      // Scheduled ones by when they fire; sent ones by when they went out; the rest by their last change.
      const time =
        q.status === undefined
          ? sql`coalesce(${reminders.nextAt}, ${reminders.lastSentAt}, ${reminders.updatedAt})`
          : sql`${scheduled ? reminders.nextAt : q.status === 'sent' ? reminders.lastSentAt : reminders.updatedAt}`
      const where = [eq(reminders.userId, userId)]
      if (q.status) where.push(eq(reminders.status, q.status))
      if (q.from) where.push(gte(time, q.from))
      if (q.to) where.push(lte(time, q.to))
      if (q.memoryId) where.push(eq(reminders.memoryId, q.memoryId))
      if (q.hidePrivate) where.push(eq(reminders.private, false))
      return db
        .select()
        .from(reminders)
        .where(and(...where))
        .orderBy(scheduled ? asc(time) : desc(time), asc(reminders.id))
        .limit(q.limit)
    },

    async update(userId: string, id: string, fields: ReminderFields): Promise<ReminderRow | undefined> {
      const [row] = await db
        .update(reminders)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(reminders.userId, userId), eq(reminders.id, id)))
        .returning()
      return row
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(reminders)
        .where(and(eq(reminders.userId, userId), eq(reminders.id, id)))
        .returning({ id: reminders.id })
      return deleted.length > 0
    },

    /** Whether the memory is the user's and private (its reminders are kept from a token, as from MCP). */
    async memoryIsPrivate(userId: string, memoryId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: memories.id })
        .from(memories)
        .where(and(eq(memories.userId, userId), eq(memories.id, memoryId), eq(memories.private, true)))
      return row !== undefined
    },

    async memoryBelongs(userId: string, memoryId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: memories.id })
        .from(memories)
        .where(and(eq(memories.userId, userId), eq(memories.id, memoryId)))
      return row !== undefined
    },

    async scheduledOf(userId: string): Promise<ReminderRow[]> {
      return db
        .select()
        .from(reminders)
        .where(and(eq(reminders.userId, userId), eq(reminders.status, 'scheduled')))
    },

    /** Scheduled reminders whose time has passed by `before` (their job did not run: a crash, a restart). */
    async overdue(before: Date, limit = 1000): Promise<Array<{ id: string; nextAt: Date }>> {
      const rows = await db
        .select({ id: reminders.id, nextAt: reminders.nextAt })
        .from(reminders)
        .where(
          and(eq(reminders.status, 'scheduled'), isNotNull(reminders.nextAt), lte(reminders.nextAt, before)),
        )
        .orderBy(asc(reminders.nextAt))
        .limit(limit)
      return rows as Array<{ id: string; nextAt: Date }>
    },

    /** Scheduled reminders changed since `since` (made while the queue was still starting: no job yet). */
    async changedSince(since: Date): Promise<Array<{ id: string; nextAt: Date }>> {
      const rows = await db
        .select({ id: reminders.id, nextAt: reminders.nextAt })
        .from(reminders)
        .where(
          and(
            eq(reminders.status, 'scheduled'),
            isNotNull(reminders.nextAt),
            gte(reminders.updatedAt, since),
          ),
        )
      return rows as Array<{ id: string; nextAt: Date }>
    },

    /**
     * Claims one occurrence, in one transaction: the reminder is locked; if it is still scheduled for
     * `at`, a delivery row is inserted (unique per occurrence), the in-app channel's attempt recorded
     * and the reminder moved on by `advance` (to its next occurrence, or to sent). `inTx` runs last
     * inside the transaction (PostgreSQL's NOTIFY there is sent only if it commits). When the reminder
     * has already moved on, the occurrence's delivery is returned if a crash left it unfinished; else null.
     */
    async claim(
      reminderId: string,
      at: Date,
      make: (reminder: ReminderRow) => {
        delivery: Omit<typeof notificationDeliveries.$inferInsert, 'userId' | 'reminderId' | 'kind' | 'key'>
        advance: ReminderFields
      },
      inTx: (tx: Tx, claim: Claim) => Promise<void>,
    ): Promise<Claim | null> {
      const key = `${reminderId}@${at.toISOString()}`
      return db.transaction(async (tx) => {
        const [reminder] = await tx.select().from(reminders).where(eq(reminders.id, reminderId)).for('update')
        if (!reminder) return null
        const existing = await deliveryByKey(tx, reminder.userId, 'reminder', key)
        if (existing) return existing.completedAt ? null : { delivery: existing, reminder, fresh: false }
        if (reminder.status !== 'scheduled' || reminder.nextAt?.getTime() !== at.getTime()) return null
        const made = make(reminder)
        const [delivery] = await tx
          .insert(notificationDeliveries)
          .values({ ...made.delivery, userId: reminder.userId, reminderId, kind: 'reminder', key })
          .returning()
        const [advanced] = await tx
          .update(reminders)
          .set({ ...made.advance, updatedAt: new Date() })
          .where(eq(reminders.id, reminderId))
          .returning()
        const claim = { delivery: delivery!, reminder: advanced!, fresh: true }
        await inTx(tx, claim)
        return claim
      })
    },

    /**
     * The briefing's claim: one delivery per user and local day. `fresh` is false when the day's was
     * already made (by a duplicate job, or earlier that day at a time since changed): that one is returned.
     */
    async claimBriefing(
      userId: string,
      date: string,
      row: { occurrenceAt: Date; late: boolean; title: string; body: string },
    ): Promise<{ delivery: DeliveryRow; fresh: boolean }> {
      const key = `briefing@${date}`
      const [inserted] = await db
        .insert(notificationDeliveries)
        .values({ ...row, userId, kind: 'briefing', key })
        .onConflictDoNothing()
        .returning()
      if (inserted) return { delivery: inserted, fresh: true }
      const [existing] = await db
        .select()
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.kind, 'briefing'),
            eq(notificationDeliveries.key, key),
          ),
        )
      return { delivery: existing!, fresh: false }
    },

    async recordAttempt(
      row: {
        deliveryId: string
        channel: 'app' | 'push' | 'email'
        target: string
        outcome: 'sent' | 'failed' | 'dropped' | 'skipped'
        detail?: string | null
      },
      exec: Db | Tx = db,
    ): Promise<void> {
      await exec.insert(deliveryAttempts).values(row).onConflictDoNothing()
    },

    async sentTargets(deliveryId: string): Promise<Set<string>> {
      const rows = await db
        .select({ channel: deliveryAttempts.channel, target: deliveryAttempts.target })
        .from(deliveryAttempts)
        .where(
          and(
            eq(deliveryAttempts.deliveryId, deliveryId),
            eq(deliveryAttempts.outcome, 'sent'),
            // An e-mail taken but never confirmed: its sender died before or while sending it.
            or(isNull(deliveryAttempts.detail), ne(deliveryAttempts.detail, EMAIL_RESERVED)),
          ),
        )
      return new Set(rows.map((r) => `${r.channel}:${r.target}`))
    },

    async attempts(deliveryId: string) {
      return db
        .select()
        .from(deliveryAttempts)
        .where(eq(deliveryAttempts.deliveryId, deliveryId))
        .orderBy(asc(deliveryAttempts.at))
    },

    async deliveriesOf(reminderId: string): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.reminderId, reminderId))
        .orderBy(asc(notificationDeliveries.occurrenceAt))
    },

    /**
     * Takes the delivery for sending for `leaseMs`, unless complete or another sender holds it: false
     * then. A sender that crashed holds it no longer once the lease runs out.
     */
    async takeSending(deliveryId: string, leaseMs: number): Promise<boolean> {
      const [row] = await db
        .update(notificationDeliveries)
        .set({ sendingUntil: sql`now() + ${`${Math.ceil(leaseMs)} milliseconds`}::interval` })
        .where(
          and(
            eq(notificationDeliveries.id, deliveryId),
            isNull(notificationDeliveries.completedAt),
            sql`(${notificationDeliveries.sendingUntil} is null or ${notificationDeliveries.sendingUntil} < now())`,
          ),
        )
        .returning({ id: notificationDeliveries.id })
      return Boolean(row)
    },

    async complete(deliveryId: string): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ completedAt: new Date() })
        .where(eq(notificationDeliveries.id, deliveryId))
    },

    async getDelivery(id: string): Promise<DeliveryRow | undefined> {
      const [row] = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id))
      return row
    },

    /** Spends a delivery's action token: the row, or undefined when it was already spent. */
    async useAction(deliveryId: string): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .update(notificationDeliveries)
        .set({ actionUsedAt: new Date() })
        .where(and(eq(notificationDeliveries.id, deliveryId), isNull(notificationDeliveries.actionUsedAt)))
        .returning()
      return row
    },

    /**
     * A user's reminder deliveries made after the millisecond `after` (an SSE client catching up on
     * reconnect: its Last-Event-ID is a delivery's time to the millisecond, while PostgreSQL keeps
     * microseconds, so '> after' found the very delivery the client had seen last, again).
     */
    async deliveriesSince(userId: string, after: Date, limit = 50): Promise<DeliveryRow[]> {
      const nextMillisecond = new Date(Math.floor(after.getTime()) + 1)
      return db
        .select()
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            gte(notificationDeliveries.createdAt, nextMillisecond),
          ),
        )
        .orderBy(asc(notificationDeliveries.createdAt))
        .limit(limit)
    },
    ...createNotificationsRepo(db),
  }
}
export type RemindersRepo = ReturnType<typeof createRemindersRepo>
