import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { tsvector, createdAt } from './columns.ts'
import { users } from './accounts.ts'

// Conversations and their messages.

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
