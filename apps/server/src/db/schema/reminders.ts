import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns.ts'
import { users } from './accounts.ts'
import { memories } from './memories.ts'

// Reminders, their deliveries and attempts, and push subscriptions.

/**
 * A reminder (issue 31). `next_at` is when it fires next (snoozed_until ?? due_at) while scheduled, null
 * otherwise: the scheduler's jobs carry it and a job whose time no longer matches is stale.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memoryId: uuid('memory_id').references(() => memories.id, { onDelete: 'set null' }),
    /**
     * Made from a private memory (its text is the memory's): kept from models, MCP clients and tokens. On
     * the reminder itself, as the link goes when the memory is deleted (and an undo brings the memory
     * back without it); a trigger keeps it the linked memory's when that memory's `private` changes.
     */
    private: boolean('private').notNull().default(false),
    text: text('text').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    recurrence: text('recurrence'),
    status: text('status', { enum: ['scheduled', 'sent', 'done', 'cancelled'] }).notNull(),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    nextAt: timestamp('next_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reminders_user_status_idx').on(t.userId, t.status, t.nextAt),
    index('reminders_next_idx').on(t.nextAt),
    index('reminders_memory_idx').on(t.memoryId),
    check('reminders_status_check', sql`${t.status} in ('scheduled', 'sent', 'done', 'cancelled')`),
  ],
)

/**
 * One occurrence going out (a reminder's, or a day's briefing), claimed once: `key` is unique per user
 * and kind (`<reminderId>@<occurrence ISO>`, `briefing@<YYYY-MM-DD>`). completed_at: every channel was
 * tried. action_used_at: its one-use action token was spent.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder', 'briefing', 'automation'] }).notNull(),
    key: text('key').notNull(),
    reminderId: uuid('reminder_id').references(() => reminders.id, { onDelete: 'cascade' }),
    occurrenceAt: timestamp('occurrence_at', { withTimezone: true }).notNull(),
    late: boolean('late').notNull().default(false),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    actionUsedAt: timestamp('action_used_at', { withTimezone: true }),
    /** Until when one instance is sending it on the outside channels (no second sender before then). */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_key_idx').on(t.userId, t.kind, t.key),
    index('notification_deliveries_pending_idx').on(t.completedAt),
    index('notification_deliveries_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/** Each attempt on each channel (app, push to one subscription, e-mail), with its outcome. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => notificationDeliveries.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['app', 'push', 'email'] }).notNull(),
    /** The push subscription's id, the e-mail address, or 'app'. */
    target: text('target').notNull(),
    outcome: text('outcome', { enum: ['sent', 'failed', 'dropped', 'skipped'] }).notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_attempts_delivery_idx').on(t.deliveryId),
    uniqueIndex('delivery_attempts_sent_idx')
      .on(t.deliveryId, t.channel, t.target)
      .where(sql`${t.outcome} = 'sent'`),
  ],
)

/** A device's Web Push subscription (one per endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)
