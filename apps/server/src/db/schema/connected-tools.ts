import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { conversations } from './chat.ts'
import { createdAt } from './columns.ts'

/** A tool as the server listed it; `inputSchema` is its JSON Schema, given to the model as is. */
export interface StoredTool {
  name: string
  description: string
  readOnly: boolean
  inputSchema: Record<string, unknown>
}

/**
 * The person's own MCP servers (issue 50), reached over Streamable HTTP. Their headers (a bearer token)
 * are stored encrypted with a key derived from SESSION_SECRET; their tools as last listed.
 */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** AES-256-GCM of the headers' JSON (lib/crypto.ts), or null. */
    headersSealed: text('headers_sealed'),
    tools: jsonb('tools').$type<StoredTool[]>().notNull().default([]),
    /** The tools the person turned on, by name; every tool starts off. */
    enabledTools: text('enabled_tools').array().notNull().default([]),
    connected: boolean('connected').notNull().default(false),
    /** In words: "Connected: 3 tools." or why it could not be reached. */
    status: text('status').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('mcp_servers_user_idx').on(t.userId, t.createdAt)],
)

/**
 * A call to a connected tool that is not read-only: it waits under the answer for the person's Run or
 * Cancel, once. It lapses when the next message of its conversation is sent, or its answer is regenerated.
 */
export const mcpToolCalls = pgTable(
  'mcp_tool_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    arguments: jsonb('arguments').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'running', 'ran', 'failed', 'cancelled', 'lapsed'] })
      .notNull()
      .default('pending'),
    result: text('result'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('mcp_tool_calls_user_idx').on(t.userId, t.conversationId, t.createdAt)],
)
