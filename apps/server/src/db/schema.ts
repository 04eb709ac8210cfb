import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
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

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    picture: text('picture'),
    timezone: text('timezone').notNull().default('UTC'),
    /** Colour theme: system follows the device (prefers-color-scheme). */
    theme: text('theme', { enum: ['system', 'light', 'dark'] })
      .notNull()
      .default('system'),
    /** Facts the assistant picks out of a chat are saved at once (with Undo), not offered as chips. */
    autoSaveFacts: boolean('auto_save_facts').notNull().default(false),
    /** E-mail each reminder to the account's address (when the server has SMTP_URL). */
    emailReminders: boolean('email_reminders').notNull().default(false),
    /** 'HH:MM' in the user's zone: when the daily briefing is delivered; null: not delivered. */
    briefingTime: text('briefing_time'),
    /**
     * The address the person showed they read (a verification link sent there was opened, or Google or
     * Microsoft said email_verified), lowercased. No e-mail goes to `email` unless it is this one.
     */
    verifiedEmail: text('verified_email'),
    /** sha256 of the one live verification link's token, the address it was sent to, and until when. */
    emailVerificationHash: text('email_verification_hash'),
    emailVerificationAddress: text('email_verification_address'),
    emailVerificationExpiresAt: timestamp('email_verification_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_email_idx').on(t.email),
    uniqueIndex('users_email_verification_idx').on(t.emailVerificationHash),
    check('users_theme_check', sql`${t.theme} in ('system', 'light', 'dark')`),
  ],
)

export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'microsoft', 'local'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    /** AES-256-GCM ciphertext (see lib/crypto.ts), never plain. */
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    scopes: text('scopes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_idx').on(t.provider, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the cookie value: the table never holds a usable credential. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** The client address as the server saw it at sign-in (behind TRUST_PROXY, the forwarded one). */
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * A password for the built-in local identity provider. Made on the sign-in page before the user row
 * exists (the user is created when the OpenID Connect round trip ends), so userId is set then.
 */
export const localAccounts = pgTable(
  'local_accounts',
  {
    /** The local provider's subject for this e-mail (localAccountId): the identity's subject too. */
    subject: text('subject').primaryKey(),
    /** Lower case: e-mail addresses are compared without case. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** scrypt$N$r$p$salt$hash (see modules/auth/passwords.ts), never the password. */
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('local_accounts_email_idx').on(t.email), index('local_accounts_user_idx').on(t.userId)],
)

/** Single-use invitations to make a local account while sign-ups are closed. */
export const invitations = pgTable(
  'invitations',
  {
    /** sha256 (hex) of the link's token: the table never holds a usable link. */
    id: text('id').primaryKey(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The e-mail of the account made with it. */
    usedBy: text('used_by'),
  },
  (t) => [index('invitations_created_by_idx').on(t.createdBy)],
)

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
      sql`setweight(to_tsvector('english'::regconfig, "text"), 'A') || setweight(to_tsvector('english'::regconfig, remi_tags_text("tags")), 'B') || setweight(to_tsvector('simple'::regconfig, "text" || ' ' || remi_tags_text("tags")), 'D')`,
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

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** 1-120 characters: the first words of the first message, then the model's or the user's; null while empty. */
    title: text('title'),
  },
  (t) => [index('conversations_user_idx').on(t.userId, t.lastMessageAt)],
)

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Searching across conversations, as memories do: stemmed whole words (A) and the words as written (D). */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, "content"), 'A') || setweight(to_tsvector('simple'::regconfig, "content"), 'D')`,
    ),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt),
    // Every search is one user's: led by user_id (btree_gin), it reads only their postings.
    index('chat_messages_user_search_idx').using('gin', t.userId, t.search),
  ],
)

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

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    /** sha256 (hex) of the secret: the table never holds a usable credential. */
    tokenHash: text('token_hash').notNull(),
    /** The secret's last four characters, shown to tell tokens apart. */
    lastFour: text('last_four').notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute per token. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Null: never expires. Revoking deletes the row. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_idx').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId, t.createdAt),
    check('access_tokens_scope_check', sql`${t.scope} in ('read', 'write')`),
  ],
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
    kind: text('kind', { enum: ['reminder', 'briefing'] }).notNull(),
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
