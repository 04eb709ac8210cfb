import { bigint, boolean, date, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns.ts'
import { users } from './accounts.ts'

// The data sources (calendar, weather) and the daily briefing.

export const dataSources = pgTable(
  'data_sources',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['calendar', 'weather'] }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
)

export const briefings = pgTable(
  'briefings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date').notNull(),
    content: text('content').notNull(),
    source: text('source', { enum: ['ai', 'offline'] }).notNull(),
    inputsHash: text('inputs_hash').notNull(),
    /** Each section's status ({weather, calendar, memories}), answered with the stored briefing. */
    sections: jsonb('sections').$type<Record<string, unknown>>().notNull().default({}),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    /** memory_counts.version when its facts were gathered: a write to the memories since makes it stale at once. */
    memoriesVersion: bigint('memories_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
)
