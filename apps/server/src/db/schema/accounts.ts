import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { languages } from '@remi/shared'
import { createdAt, updatedAt } from './columns.ts'

// Who signs in: users, their identities and sessions, local accounts, invitations, access tokens.

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
    /** The language of the screens and the model's answers (issue 51): the browser's at the first sign-in. */
    language: text('language', { enum: languages }).notNull().default('en'),
    /** Facts the assistant picks out of a chat are saved at once (with Undo), not offered as chips. */
    autoSaveFacts: boolean('auto_save_facts').notNull().default(false),
    /** Settings → Chat: an answer to a dictated message is read aloud (issue 48). */
    readAloudAfterDictation: boolean('read_aloud_after_dictation').notNull().default(false),
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
    check('users_language_check', sql`${t.language} in ('en', 'pt-PT', 'es', 'fr', 'de')`),
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
