import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { chatMessages, conversations } from '../../db/schema.ts'
import { typedQuery } from '../../lib/search-query.ts'

// The search column is the database's own (a tsvector for searching): never read back.
const { search: _search, ...messageColumns } = getTableColumns(chatMessages)
export type MessageRecord = Omit<typeof chatMessages.$inferSelect, 'search'>
export type ConversationRecord = typeof conversations.$inferSelect

export interface NewMessage {
  conversationId: string
  userId: string
  role: 'user' | 'assistant'
  content: string
  createdAt: Date
  metadata?: Record<string, unknown> | null
  /** The conversation's title when it has none yet (its first message). */
  title?: string | null
}

/** A conversation as the list shows it. */
export interface ConversationSummaryRecord extends ConversationRecord {
  messageCount: number
}

/** A conversation found by a search, with the newest message that matched. */
export interface ConversationHit extends ConversationSummaryRecord {
  messageId: string
  messageAt: Date
  /** The message's text around the matches, each match between HIT_START and HIT_END. */
  headline: string
}

/** Around each match in a search's headline (private-use characters: not in what people type). */
export const HIT_START = '\uE000'
export const HIT_END = '\uE001'

/** How many words of a search are looked for, as for memories. */
export const SEARCH_WORDS = 12

/** The search's words: letters and digits only, so nothing in it is tsquery syntax. */
export const searchWords = (term: string) => (term.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_WORDS)

/**
 * Whole words stemmed, or the words as typed with the last one a prefix ('dent' finds 'dentist'), as
 * memories.repo.ts's searchCondition does. `words` is never empty.
 */
function searchQuery(words: string[]): SQL {
  const plain = sql`plainto_tsquery('english', ${words.join(' ')})`
  return sql`(${plain} || ${typedQuery(words)})`
}

/** An ISO time from the database, the same on both engines. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The list's order: the newest message first, an empty conversation by when it was made. */
const lastActivity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`

// Columns written out: drizzle leaves them unqualified in a select's fields, where "id" would be the message's.
const messageCount =
  sql<number>`(select count(*) from ${chatMessages} m where m.conversation_id = "conversations"."id")`.mapWith(
    Number,
  )

/** Messages of one conversation in the order they were written; the id breaks ties between equal times. */
const newestFirst = [desc(chatMessages.createdAt), desc(chatMessages.id)]

const param = (name: string) => sql.placeholder(name)

/**
 * Conversations and their messages. Every query is scoped by the user's id. The statements of a chat
 * turn are built once (`prepare('')`: SQL text kept, unnamed on the server, so PGlite's shared backend is
 * fine): building them with drizzle on every turn was ~3 ms of this thread per answer.
 */
export function createChatRepo(db: Db) {
  const ownedConversation = and(eq(conversations.id, param('id')), eq(conversations.userId, param('userId')))
  const inConversation = and(
    eq(chatMessages.conversationId, param('conversationId')),
    eq(chatMessages.userId, param('userId')),
  )
  const statements = {
    conversation: db.select().from(conversations).where(ownedConversation).prepare(''),
    latestConversation: db
      .select()
      .from(conversations)
      .where(eq(conversations.userId, param('userId')))
      .orderBy(
        sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`,
        desc(conversations.id),
      )
      .limit(1)
      .prepare(''),
    recentMessages: db
      .select(messageColumns)
      .from(chatMessages)
      .where(inConversation)
      .orderBy(...newestFirst)
      .limit(param('limit'))
      .prepare(''),
    offlineAnswer: (except: boolean) =>
      db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            inConversation,
            eq(chatMessages.role, 'assistant'),
            sql`${chatMessages.metadata}->>'mode' = 'offline'`,
            except ? sql`${chatMessages.id} <> ${param('except')}` : undefined,
          ),
        )
        .limit(1)
        .prepare(''),
    insertMessage: (replacing: boolean) => {
      const touched = db.$with('touched', { id: sql<string>`id` }).as(sql`
        update ${conversations}
        set last_message_at = greatest(${conversations.lastMessageAt}, ${param('createdAt')}::timestamptz),
          title = coalesce(${conversations.title}, ${param('title')}::text)
        where ${conversations.id} = ${param('conversationId')} and ${conversations.userId} = ${param('userId')}
        returning ${conversations.id}`)
      const replaced = db.$with('replaced', { id: sql<string>`id` }).as(sql`
        delete from ${chatMessages}
        where ${chatMessages.id} = ${param('replacing')} and ${chatMessages.userId} = ${param('userId')}
        returning ${chatMessages.id}`)
      return db
        .with(touched, ...(replacing ? [replaced] : []))
        .insert(chatMessages)
        .values({
          conversationId: param('conversationId'),
          userId: param('userId'),
          role: param('role'),
          content: param('content'),
          createdAt: param('createdAt'),
          metadata: param('metadata'),
        })
        .returning(messageColumns)
        .prepare('')
    },
  }
  const offlineAnswer = { all: statements.offlineAnswer(false), except: statements.offlineAnswer(true) }
  const insert = { plain: statements.insertMessage(false), replacing: statements.insertMessage(true) }

  return {
    async conversation(userId: string, id: string): Promise<ConversationRecord | null> {
      const [row] = await statements.conversation.execute({ id, userId })
      return row ?? null
    },

    /** The conversation with the newest message, or the newest one when it has none yet. */
    async latestConversation(userId: string): Promise<ConversationRecord | null> {
      const [row] = await statements.latestConversation.execute({ userId })
      return row ?? null
    },

    async createConversation(userId: string): Promise<ConversationRecord> {
      const [row] = await db.insert(conversations).values({ userId }).returning()
      return row!
    },

    /**
     * Stores a message and moves the conversation's last_message_at forward to it (and deletes the
     * answer it replaces): one statement, so all or nothing in one round trip. A data-modifying WITH
     * runs whether or not the insert reads it.
     */
    async insertMessage(message: NewMessage, replacing?: string): Promise<MessageRecord> {
      const values = { ...message, metadata: message.metadata ?? null, title: message.title ?? null }
      const [row] = replacing
        ? await insert.replacing.execute({ ...values, replacing })
        : await insert.plain.execute(values)
      return row!
    },

    /** The newest `limit` messages, oldest first. */
    async recentMessages(userId: string, conversationId: string, limit: number): Promise<MessageRecord[]> {
      const rows = await statements.recentMessages.execute({ userId, conversationId, limit })
      return rows.reverse()
    },

    /** Page 1 holds the newest messages; each page comes back oldest first. */
    async page(
      userId: string,
      conversationId: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: MessageRecord[]; totalCount: number }> {
      const where = and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId))
      const [rows, [total]] = await Promise.all([
        db
          .select(messageColumns)
          .from(chatMessages)
          .where(where)
          .orderBy(...newestFirst)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(chatMessages).where(where),
      ])
      return { rows: rows.reverse(), totalCount: total?.value ?? 0 }
    },

    /** Whether an assistant message of the conversation (other than `except`) was written by the offline assistant. */
    async hasOfflineAnswer(userId: string, conversationId: string, except?: string): Promise<boolean> {
      const rows = except
        ? await offlineAnswer.except.execute({ userId, conversationId, except })
        : await offlineAnswer.all.execute({ userId, conversationId })
      return rows.length > 0
    },

    /** Conversations with at least one message created after `since` (the dashboard's active chats). */
    async activeConversations(userId: string, since: Date): Promise<number> {
      // Asked of the messages themselves, so a conversation whose messages were cleared is not active.
      const [row] = await db
        .select({ count: count() })
        .from(conversations)
        .where(
          and(
            eq(conversations.userId, userId),
            sql`exists (select 1 from ${chatMessages} where ${chatMessages.conversationId} = ${conversations.id} and ${chatMessages.createdAt} > ${since})`,
          ),
        )
      return row?.count ?? 0
    },

    /** Deletes every conversation of the user; their messages go with them (ON DELETE CASCADE). */
    async deleteConversations(userId: string): Promise<void> {
      await db.delete(conversations).where(eq(conversations.userId, userId))
    },

    /** Newest activity first; an empty page past the end still has the total. */
    async listConversations(
      userId: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: ConversationSummaryRecord[]; totalCount: number }> {
      const mine = eq(conversations.userId, userId)
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...getTableColumns(conversations), messageCount })
          .from(conversations)
          .where(mine)
          .orderBy(sql`${lastActivity} desc`, desc(conversations.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(conversations).where(mine),
      ])
      return { rows, totalCount: total?.value ?? 0 }
    },

    async conversationSummary(userId: string, id: string): Promise<ConversationSummaryRecord | null> {
      const [row] = await db
        .select({ ...getTableColumns(conversations), messageCount })
        .from(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      return row ?? null
    },

    /**
     * The conversations with a message holding the words, each once with its newest such message, the
     * newest match first. The GIN index on (user_id, search) finds the messages; the headline is made
     * for the page's rows only.
     */
    async searchConversations(
      userId: string,
      words: string[],
      page: number,
      pageSize: number,
    ): Promise<{ rows: ConversationHit[]; totalCount: number }> {
      const query = searchQuery(words)
      const options = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=24, MinWords=8, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`
      const result = await db.execute(sql`
        with hits as (
          select distinct on (m.conversation_id) m.conversation_id, m.id, m.content, m.created_at
          from ${chatMessages} m
          where m.user_id = ${userId} and m.search @@ ${query}
          order by m.conversation_id, m.created_at desc, m.id desc
        ),
        page as (
          select h.*, count(*) over () as total from hits h
          order by h.created_at desc, h.id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}
        )
        select c.id, c.user_id, c.title, ${iso(sql`c.created_at`)} as created_at,
          ${iso(sql`c.last_message_at`)} as last_message_at,
          (select count(*) from ${chatMessages} x where x.conversation_id = c.id)::int as message_count,
          p.id as message_id, ${iso(sql`p.created_at`)} as message_at, p.total::int as total,
          ts_headline('english', p.content, ${query}, ${options}) as headline
        from page p join ${conversations} c on c.id = p.conversation_id and c.user_id = ${userId}
        order by p.created_at desc, p.id desc`)
      const found = (result as unknown as { rows: SearchRow[] }).rows
      const rows = found.map((r): ConversationHit => ({
        id: r.id,
        userId: r.user_id,
        title: r.title,
        createdAt: new Date(r.created_at),
        lastMessageAt: r.last_message_at ? new Date(r.last_message_at) : null,
        messageCount: Number(r.message_count),
        messageId: r.message_id,
        messageAt: new Date(r.message_at),
        headline: r.headline,
      }))
      if (found.length > 0 || page === 1) return { rows, totalCount: Number(found[0]?.total ?? 0) }
      const counted = await db.execute(sql`
        select count(distinct m.conversation_id)::int as total from ${chatMessages} m
        where m.user_id = ${userId} and m.search @@ ${query}`)
      const [row] = (counted as unknown as { rows: { total: number }[] }).rows
      return { rows, totalCount: Number(row?.total ?? 0) }
    },

    async renameConversation(userId: string, id: string, title: string): Promise<boolean> {
      const rows = await db
        .update(conversations)
        .set({ title })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning({ id: conversations.id })
      return rows.length > 0
    },

    /** The model's title, unless the user renamed the conversation (or cleared it) meanwhile. */
    async replaceTitle(userId: string, id: string, from: string, to: string): Promise<void> {
      await db
        .update(conversations)
        .set({ title: to })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId), eq(conversations.title, from)))
    },

    /** The answer's facts have been picked out (or failed to be): no longer marked as awaited. */
    async settleFacts(userId: string, messageId: string): Promise<void> {
      await db
        .update(chatMessages)
        .set({ metadata: sql`${chatMessages.metadata} - 'facts'` })
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.userId, userId)))
    },

    /**
     * A line on what became of the conversation's latest answer afterwards (a tool the person ran from
     * under it): kept in its metadata, and read with the answer whenever the model reads the conversation.
     */
    async noteAfterAnswer(userId: string, conversationId: string, line: string): Promise<void> {
      await db.execute(sql`
        update ${chatMessages}
        set metadata = jsonb_set(coalesce(metadata, '{}'::jsonb), '{afterwards}',
          coalesce(metadata->'afterwards', '[]'::jsonb) || jsonb_build_array(${line}::text))
        where id = (
          select id from ${chatMessages}
          where conversation_id = ${conversationId} and user_id = ${userId} and role = 'assistant'
          order by created_at desc, id desc limit 1)`)
    },

    /** Deletes one conversation; its messages go with it. */
    async deleteConversation(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning({ id: conversations.id })
      return rows.length > 0
    },

    /** Deletes a conversation's messages; it stays, empty and untitled, as the open one. */
    async clearConversation(userId: string, id: string): Promise<void> {
      // One statement: all or nothing without holding a transaction open (PGlite is one backend).
      await db.execute(sql`
        with cleared as (
          delete from ${chatMessages} where conversation_id = ${id} and user_id = ${userId}
        )
        update ${conversations} set title = null, last_message_at = null
        where id = ${id} and user_id = ${userId}`)
    },
  }
}
export type ChatRepo = ReturnType<typeof createChatRepo>

interface SearchRow {
  id: string
  user_id: string
  title: string | null
  created_at: string
  last_message_at: string | null
  message_count: number
  message_id: string
  message_at: string
  total: number
  headline: string
}
