import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { chatMessages, conversations, mcpServers, mcpToolCalls } from '../../db/schema.ts'

export type McpServerRow = typeof mcpServers.$inferSelect
export type McpToolCallRow = typeof mcpToolCalls.$inferSelect & { serverName: string; lapsed: boolean }

/** A person's MCP servers and the calls waiting for their Run; every query scoped by the user's id. */
export function createConnectedToolsRepo(db: Db) {
  const mine = (userId: string, id: string) => and(eq(mcpServers.id, id), eq(mcpServers.userId, userId))
  const myCall = (userId: string, id: string) => and(eq(mcpToolCalls.id, id), eq(mcpToolCalls.userId, userId))
  /** A call lapses when the person sends the next message of its conversation. */
  const lapsed = sql<boolean>`exists (select 1 from ${chatMessages} m where m.conversation_id = ${mcpToolCalls.conversationId}
    and m.role = 'user' and m.created_at > ${mcpToolCalls.createdAt})`
  const callColumns = { call: mcpToolCalls, serverName: mcpServers.name, lapsed }
  const flat = (r: { call: typeof mcpToolCalls.$inferSelect; serverName: string; lapsed: boolean }) => ({
    ...r.call,
    serverName: r.serverName,
    lapsed: Boolean(r.lapsed),
  })

  return {
    async insert(
      userId: string,
      server: Pick<McpServerRow, 'name' | 'url' | 'headersSealed' | 'tools' | 'connected' | 'status'>,
    ): Promise<McpServerRow> {
      const [row] = await db
        .insert(mcpServers)
        .values({ ...server, userId })
        .returning()
      return row!
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(mcpServers).where(eq(mcpServers.userId, userId))
      return row?.n ?? 0
    },

    list: (userId: string): Promise<McpServerRow[]> =>
      db.select().from(mcpServers).where(eq(mcpServers.userId, userId)).orderBy(asc(mcpServers.createdAt)),

    async get(userId: string, id: string): Promise<McpServerRow | undefined> {
      const [row] = await db.select().from(mcpServers).where(mine(userId, id))
      return row
    },

    /** A fresh listing: its tools, the status in words, and the tools still on. */
    async refreshed(
      userId: string,
      id: string,
      seen: Pick<McpServerRow, 'tools' | 'connected' | 'status' | 'enabledTools'>,
    ): Promise<McpServerRow | undefined> {
      const [row] = await db
        .update(mcpServers)
        .set({ ...seen, checkedAt: new Date() })
        .where(mine(userId, id))
        .returning()
      return row
    },

    async setEnabled(userId: string, id: string, tool: string, enabled: boolean) {
      const [row] = await db
        .update(mcpServers)
        .set({
          enabledTools: enabled
            ? sql`array_append(array_remove(${mcpServers.enabledTools}, ${tool}::text), ${tool}::text)`
            : sql`array_remove(${mcpServers.enabledTools}, ${tool}::text)`,
        })
        .where(mine(userId, id))
        .returning()
      return row
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(mcpServers).where(mine(userId, id)).returning({ id: mcpServers.id })
      return rows.length > 0
    },

    async ownsConversation(userId: string, conversationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
      return Boolean(row)
    },

    async insertCall(
      userId: string,
      call: {
        serverId: string
        conversationId: string | null
        tool: string
        arguments: Record<string, unknown>
      },
    ) {
      const [row] = await db
        .insert(mcpToolCalls)
        .values({ ...call, userId })
        .returning()
      return row!
    },

    async getCall(userId: string, id: string): Promise<McpToolCallRow | undefined> {
      const [row] = await db
        .select(callColumns)
        .from(mcpToolCalls)
        .innerJoin(mcpServers, eq(mcpServers.id, mcpToolCalls.serverId))
        .where(myCall(userId, id))
      return row && flat(row)
    },

    /** The calls of the conversation's latest answer: made after its last message from the person. */
    async latestCalls(userId: string, conversationId: string): Promise<McpToolCallRow[]> {
      const rows = await db
        .select(callColumns)
        .from(mcpToolCalls)
        .innerJoin(mcpServers, eq(mcpServers.id, mcpToolCalls.serverId))
        .where(
          and(
            eq(mcpToolCalls.userId, userId),
            eq(mcpToolCalls.conversationId, conversationId),
            ne(mcpToolCalls.status, 'lapsed'),
            sql`not ${lapsed}`,
          ),
        )
        .orderBy(asc(mcpToolCalls.createdAt))
      return rows.map(flat)
    },

    /** Takes a pending call (Run or Cancel), once: the row, or nothing when it was taken already. */
    async take(userId: string, id: string, status: 'running' | 'cancelled') {
      const [row] = await db
        .update(mcpToolCalls)
        .set({ status, ...(status === 'cancelled' ? { resolvedAt: new Date() } : {}) })
        .where(and(myCall(userId, id), eq(mcpToolCalls.status, 'pending')))
        .returning()
      return row
    },

    /** The conversation's calls still waiting lapse: a new answer is being written (a regenerated one). */
    async lapse(userId: string, conversationId: string) {
      await db
        .update(mcpToolCalls)
        .set({ status: 'lapsed', resolvedAt: new Date() })
        .where(
          and(
            eq(mcpToolCalls.userId, userId),
            eq(mcpToolCalls.conversationId, conversationId),
            eq(mcpToolCalls.status, 'pending'),
          ),
        )
    },

    async finish(userId: string, id: string, status: 'ran' | 'failed', result: string) {
      await db.update(mcpToolCalls).set({ status, result, resolvedAt: new Date() }).where(myCall(userId, id))
    },
  }
}
export type ConnectedToolsRepo = ReturnType<typeof createConnectedToolsRepo>
