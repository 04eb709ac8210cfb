import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bytea, createdAt } from './columns.ts'
import { users } from './accounts.ts'

// Imports of notes (a file of notes read into memories, with undo).

/**
 * An import of notes from another app (issue 34): parsed when uploaded (what it found, what it skips and
 * why, a preview), then run by the job queue. fingerprint: the upload's SHA-256 (the same file again).
 */
export const noteImports = pgTable(
  'note_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['keep', 'evernote', 'bear', 'markdown'] }).notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['ready', 'queued', 'running', 'done', 'failed', 'undone'] })
      .notNull()
      .default('ready'),
    fingerprint: text('fingerprint').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    progress: integer('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    skipped: jsonb('skipped').$type<Array<{ note: string; reason: string }>>().notNull(),
    preview: jsonb('preview').$type<unknown[]>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('note_imports_user_idx').on(t.userId, t.createdAt)],
)

/** The memories an import will write, in order, with the ids they get (the same notes, the same ids). */
export const noteImportItems = pgTable(
  'note_import_items',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => noteImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    memoryId: uuid('memory_id').notNull(),
    text: text('text').notNull(),
    tags: text('tags').array().notNull(),
    date: date('date'),
    createdAt: timestamp('created_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
)

/** Each memory an import created (what "Undo this import" removes). */
export const noteImportMemories = pgTable(
  'note_import_memories',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => noteImports.id, { onDelete: 'cascade' }),
    memoryId: uuid('memory_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.memoryId] })],
)

/**
 * The notes' files (images, PDFs) an import attaches to the memories it creates: kept from the upload
 * (which is not kept) until the job has attached them, one at a time, then removed.
 */
export const noteImportFiles = pgTable(
  'note_import_files',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => noteImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    memoryId: uuid('memory_id').notNull(),
    name: text('name').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
)
