import { and, asc, count, eq, isNotNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { automations, notificationDeliveries, users } from '../../db/schema.ts'
import { createRemindersRepo, deliveryByKey } from '../reminders/index.ts'

export type AutomationRow = typeof automations.$inferSelect
export type AutomationDeliveryRow = typeof notificationDeliveries.$inferSelect
type NewAutomation = typeof automations.$inferInsert

export interface AutomationFields {
  prompt?: string
  schedule?: string
  timezone?: string
  anchorAt?: Date
  channels?: string[]
  paused?: boolean
  nextRunAt?: Date | null
  lastRunAt?: Date | null
  conversationId?: string | null
}

/** A run claimed (or found unfinished after a crash): its delivery row and the automation as it is now. */
export interface RunClaim {
  delivery: AutomationDeliveryRow
  automation: AutomationRow
  /** This call made the delivery (false: resuming one a crashed run left unfinished). */
  fresh: boolean
}

export function createAutomationsRepo(db: Db) {
  const deliveries = createRemindersRepo(db)
  const own = (userId: string, id: string) => and(eq(automations.userId, userId), eq(automations.id, id))

  return {
    /** Inserts unless the person holds `limit` automations (null then); their user row is locked meanwhile. */
    async insertWithin(limit: number, row: NewAutomation): Promise<AutomationRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update')
        const [held] = await tx
          .select({ n: count() })
          .from(automations)
          .where(eq(automations.userId, row.userId))
        if ((held?.n ?? 0) >= limit) return null
        const [inserted] = await tx.insert(automations).values(row).returning()
        return inserted!
      })
    },

    async list(userId: string): Promise<AutomationRow[]> {
      return db
        .select()
        .from(automations)
        .where(eq(automations.userId, userId))
        .orderBy(sql`${automations.nextRunAt} asc nulls last`, asc(automations.createdAt))
    },

    async get(userId: string, id: string): Promise<AutomationRow | undefined> {
      const [row] = await db.select().from(automations).where(own(userId, id))
      return row
    },

    async update(userId: string, id: string, fields: AutomationFields): Promise<AutomationRow | undefined> {
      const [row] = await db
        .update(automations)
        .set({ ...fields, updatedAt: new Date() })
        .where(own(userId, id))
        .returning()
      return row
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db.delete(automations).where(own(userId, id)).returning({ id: automations.id })
      return deleted.length > 0
    },

    /** Automations that are due to run (not paused): every one at start-up, or those whose time passed. */
    async scheduled(before?: Date): Promise<Array<{ id: string; nextRunAt: Date }>> {
      const rows = await db
        .select({ id: automations.id, nextRunAt: automations.nextRunAt })
        .from(automations)
        .where(
          and(
            eq(automations.paused, false),
            isNotNull(automations.nextRunAt),
            before ? lte(automations.nextRunAt, before) : undefined,
          ),
        )
        .orderBy(asc(automations.nextRunAt))
        .limit(10_000)
      return rows as Array<{ id: string; nextRunAt: Date }>
    },

    /**
     * Claims one run, in one transaction: the automation is locked; its delivery (unique per automation
     * and time, so a second instance or a duplicate job finds it taken) is inserted, and, for a scheduled
     * run (`advance` given), the automation moved on to its next time, if it is still due at `at`. A run
     * already complete: null. One a crash left unfinished: returned (not fresh) to be resumed.
     */
    async claimRun(
      automationId: string,
      at: Date,
      advance: ((automation: AutomationRow) => AutomationFields) | null,
    ): Promise<RunClaim | null> {
      const key = `${automationId}@${at.toISOString()}`
      return db.transaction(async (tx) => {
        const [automation] = await tx
          .select()
          .from(automations)
          .where(eq(automations.id, automationId))
          .for('update')
        if (!automation) return null
        const existing = await deliveryByKey(tx, automation.userId, 'automation', key)
        if (existing) return existing.completedAt ? null : { delivery: existing, automation, fresh: false }
        if (advance && (automation.paused || automation.nextRunAt?.getTime() !== at.getTime())) return null
        const [delivery] = await tx
          .insert(notificationDeliveries)
          .values({
            userId: automation.userId,
            kind: 'automation',
            key,
            occurrenceAt: at,
            title: 'Automation',
            body: '',
          })
          .returning()
        const [moved] = await tx
          .update(automations)
          .set({ ...(advance ? advance(automation) : {}), lastRunAt: at, updatedAt: new Date() })
          .where(eq(automations.id, automationId))
          .returning()
        return { delivery: delivery!, automation: moved!, fresh: true }
      })
    },

    /**
     * Takes a claimed run for answering for `leaseMs` (no second answer meanwhile; a crashed answerer's
     * lease runs out): false when another instance holds it or it is complete. The reminders' sending
     * lease on the same delivery row.
     */
    takeAnswering: (deliveryId: string, leaseMs: number): Promise<boolean> =>
      deliveries.takeSending(deliveryId, leaseMs),

    /** The run's answer is stored: its notice's words, and the lease given back for the senders. */
    async answered(
      deliveryId: string,
      notice: { title: string; body: string },
    ): Promise<AutomationDeliveryRow> {
      const [row] = await db
        .update(notificationDeliveries)
        .set({ ...notice, sendingUntil: null })
        .where(eq(notificationDeliveries.id, deliveryId))
        .returning()
      return row!
    },

    /** The runs of an automation, oldest first (tests, and the count of runs). */
    async runsOf(userId: string, automationId: string): Promise<AutomationDeliveryRow[]> {
      return db
        .select()
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.kind, 'automation'),
            sql`${notificationDeliveries.key} like ${`${automationId}@%`}`,
          ),
        )
        .orderBy(asc(notificationDeliveries.occurrenceAt))
    },
  }
}
export type AutomationsRepo = ReturnType<typeof createAutomationsRepo>
