import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { tsvector, createdAt, updatedAt } from './columns.ts'
import { users } from './accounts.ts'
import { conversations } from './chat.ts'

// The memories, their counters and words, imports' undo logs, versions and the assistant's proposals.

export const memories = pgTable(
  'memories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    date: date('date'),
    /** `date`, or the day it was created in the user's zone when undated: set at write time, for the list order. */
    sortDate: date('sort_date').notNull(),
    /** Private: never put in a prompt, a model's tool result, the briefing's model call or an MCP answer. */
    private: boolean('private').notNull().default(false),
    /**
     * Its files' names and words (attachments, read by a job; bounded), searched as its tags are
     * (weight B: recall and memory_terms count them as the memory's own words).
     */
    attachmentText: text('attachment_text').notNull().default(''),
    /**
     * The language its words are stemmed in (issue 51): the owner's (users.language), set by a trigger on
     * insert and again when they change language (migration 0032), so "plantas" finds "planta" in Spanish.
     */
    searchLanguage: text('search_language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The tags lower-cased, for case-insensitive tag filters (remi_lower_tags() is defined in migration 0002). */
    tagsLower: text('tags_lower')
      .array()
      .generatedAlwaysAs(sql`remi_lower_tags("tags")`),
    /**
     * Text (A) and tags (B) stemmed for whole words, and the words of both as written (D) for the word
     * being typed: its start matches even where the stem is shorter ('runnin' finds 'running', stem 'run').
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector(remi_search_config("search_language"), "text"), 'A') || setweight(to_tsvector(remi_search_config("search_language"), remi_tags_text("tags") || ' ' || "attachment_text"), 'B') || setweight(to_tsvector('simple'::regconfig, "text" || ' ' || remi_tags_text("tags") || ' ' || "attachment_text"), 'D')`,
    ),
  },
  (t) => [
    // Every search is one user's: a GIN index that leads with user_id (btree_gin) reads only their postings.
    index('memories_user_search_idx').using('gin', t.userId, t.search),
    // The list order and the date filters (memories.repo.ts): a page is one index range scan.
    index('memories_user_sort_idx').on(t.userId, t.sortDate.desc(), t.createdAt.desc(), t.id.desc()),
    // The assistant's "what did I save this week?" and "what's new?": by when saved. At 100 000 memories
    // the newest ten took 40 ms (a sort of all the user's rows) and a week's count 11 ms; with it 0.2 / 0.5.
    index('memories_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Counting a tag filter's matches. Not led by user_id: a GIN that answers "this user's rows" alone
    // tempts the planner to fetch all of them and filter a search per row (PGlite: 500 ms, not 20).
    index('memories_tags_lower_idx').using('gin', t.tagsLower),
  ],
)

/**
 * Each user's number of memories, kept by statement triggers on memories (migration 0007) in the same
 * transaction as every insert and delete, so the list's total is exact without counting the rows.
 */
export const memoryCounts = pgTable('memory_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  /**
   * One more at every statement that inserts, changes or deletes the user's memories (the same triggers,
   * migration 0010): a stored briefing made at an older version no longer shows their memories as they are.
   */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

/**
 * How many of each user's memories hold each stemmed word of their text or tags, kept by statement
 * triggers on memories (migration 0015) in the same transaction as every write: recall weighs a word by
 * how rare it is among the user's own memories (BM25's IDF, modules/recall/) without counting at question time.
 */
export const memoryTerms = pgTable(
  'memory_terms',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    memories: integer('memories').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.term] })],
)

/**
 * An import in progress, written in steps on PGlite (one backend: one long transaction would hold back
 * every other request) with an undo log; one at a time per user. finished_at set: it is kept, and only
 * its log remains to delete. Left unfinished by a crash, it is rolled back at the next start.
 */
export const memoryImports = pgTable(
  'memory_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('memory_imports_user_idx').on(t.userId)],
)

/** Each memory an import wrote and what it was before (null: the import created it). */
export const memoryImportUndo = pgTable(
  'memory_import_undo',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => memoryImports.id, { onDelete: 'cascade' }),
    memoryId: uuid('memory_id').notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.memoryId] })],
)

/**
 * What a memory was before each change, and who made it (the Memories page, the assistant from a chat,
 * an MCP token by its name): undo puts it back. No foreign key to memories: a deleted memory's last
 * version is what brings it back. Kept 30 days (memory-versions.ts).
 */
export const memoryVersions = pgTable(
  'memory_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memoryId: uuid('memory_id').notNull(),
    action: text('action', { enum: ['created', 'updated', 'deleted'] }).notNull(),
    /** The memory before the change; null for 'created' (there was none). */
    text: text('text'),
    tags: text('tags').array(),
    date: date('date'),
    private: boolean('private'),
    memoryCreatedAt: timestamp('memory_created_at', { withTimezone: true }),
    changedBy: text('changed_by', { enum: ['user', 'assistant', 'token'] }).notNull(),
    /** The token's name when a token made the change. */
    changedByName: text('changed_by_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memory_versions_memory_idx').on(t.userId, t.memoryId, t.changedAt.desc()),
    index('memory_versions_changed_idx').on(t.changedAt),
  ],
)

/**
 * A change the assistant proposes (save, update, delete a memory); nothing happens until the person
 * applies it. Single use; it lapses when the next message of its conversation is sent.
 */
export const memoryProposals = pgTable(
  'memory_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['create', 'update', 'delete'] }).notNull(),
    memoryId: uuid('memory_id'),
    /** The memory's text when proposed (what "Change “…”" and "Delete “…”" quote). */
    before: text('before'),
    /** The proposed text, tags and date (create and update). */
    text: text('text'),
    tags: text('tags').array(),
    date: date('date'),
    /** lapsed: the answer it was under was regenerated. */
    status: text('status', { enum: ['pending', 'applied', 'kept', 'lapsed', 'undone'] })
      .notNull()
      .default('pending'),
    /** Picked out of the person's message by the model after the answer: a chip ("Save: …", "Update: …"). */
    extracted: boolean('extracted').notNull().default(false),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('memory_proposals_user_idx').on(t.userId, t.conversationId, t.createdAt)],
)
