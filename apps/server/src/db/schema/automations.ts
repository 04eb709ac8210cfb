import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns.ts'
import { users } from './accounts.ts'
import { conversations } from './chat.ts'

/**
 * A scheduled request (issue 50): `schedule` is an RRULE read on `timezone`'s wall clock from
 * `anchor_at` (the time it was made: the parts the rule leaves out are that time's). `next_run_at` is
 * when it runs next, null while paused: its job carries the time, and a job whose time no longer
 * matches is stale. Each run is claimed once as a notification delivery (kind 'automation').
 */
export const automations = pgTable(
  'automations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    schedule: text('schedule').notNull(),
    timezone: text('timezone').notNull(),
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{app,push,email}'::text[]`),
    paused: boolean('paused').notNull().default(false),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** Where its answers are kept: one conversation, made at the first run (gone if the person deletes it). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('automations_user_idx').on(t.userId, t.createdAt),
    index('automations_next_idx').on(t.nextRunAt),
  ],
)
