import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { bytea, createdAt } from './columns.ts'
import { users } from './accounts.ts'
import { memories, memoryVersions } from './memories.ts'

/**
 * Files on memories (issue 49): the bytes in the database, so every instance, the account export and a
 * backup carry them with no second store. Deleted with their memory. Their words (`text`, read by a job)
 * are indexed with the memory (memories.attachment_text).
 */
export const memoryAttachments = pgTable(
  'memory_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    /** As sent: a label only. */
    name: text('name').notNull(),
    /** Sniffed from the bytes. */
    type: text('type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    pages: integer('pages'),
    status: text('status', { enum: ['reading', 'ready', 'failed'] })
      .notNull()
      .default('reading'),
    /** Why reading failed, in words. */
    reason: text('reason'),
    /** The words read from it (bounded: attachments.service.ts). */
    text: text('text'),
    data: bytea('data').notNull(),
    /** A small WebP, made once when first asked for. */
    thumbnail: bytea('thumbnail'),
    createdAt: createdAt(),
  },
  (t) => [index('memory_attachments_memory_idx').on(t.userId, t.memoryId, t.createdAt)],
)

/**
 * The files of a deleted memory, kept with the deletion's version while it can be undone: Undo puts
 * them back byte for byte (memory-versions.repo.ts); they go with the version (undone, or past 30 days).
 */
export const deletedAttachments = pgTable(
  'deleted_attachments',
  {
    id: uuid('id').primaryKey(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => memoryVersions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memoryId: uuid('memory_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    pages: integer('pages'),
    status: text('status', { enum: ['reading', 'ready', 'failed'] }).notNull(),
    reason: text('reason'),
    text: text('text'),
    data: bytea('data').notNull(),
    thumbnail: bytea('thumbnail'),
    createdAt: createdAt(),
  },
  (t) => [index('deleted_attachments_version_idx').on(t.versionId)],
)
