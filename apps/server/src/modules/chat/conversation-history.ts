import type {
  ChatHistory,
  ChatHistoryQuery,
  ConversationList,
  ConversationListQuery,
  ConversationSnippet,
  ConversationSummary,
} from '@remi/shared'
import type { z } from 'zod'
import { notFound } from '../../lib/errors.ts'
import type { Assistant } from '../assistant/index.ts'
import {
  HIT_END,
  HIT_START,
  searchWords,
  type ChatRepo,
  type ConversationHit,
  type ConversationRecord,
  type ConversationSummaryRecord,
} from './chat.repo.ts'
import type { MessageReader } from './chat-messages.ts'

type ParsedHistoryQuery = z.output<typeof ChatHistoryQuery>
type ParsedListQuery = z.output<typeof ConversationListQuery>

function toSummary(row: ConversationSummaryRecord): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    messageCount: row.messageCount,
  }
}

/** A headline with its matches between HIT_START and HIT_END, as parts. */
export function snippetParts(headline: string): ConversationSnippet['parts'] {
  const parts: ConversationSnippet['parts'] = []
  for (const [i, piece] of headline.split(HIT_START).entries()) {
    const [first, rest] = i === 0 ? [null, piece] : splitOnce(piece, HIT_END)
    if (first) parts.push({ text: first, match: true })
    if (rest) parts.push({ text: rest, match: false })
  }
  return parts
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator)
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)]
}

function toHit(row: ConversationHit): ConversationSummary {
  return {
    ...toSummary(row),
    snippet: {
      messageId: row.messageId,
      createdUtc: row.messageAt.toISOString(),
      parts: snippetParts(row.headline),
    },
  }
}

/** The user's conversation `id`, or 404. */
export async function ownConversation(
  repo: ChatRepo,
  userId: string,
  id: string,
): Promise<ConversationRecord> {
  const conversation = await repo.conversation(userId, id)
  if (!conversation) throw notFound('Conversation')
  return conversation
}

/** The conversations: listing and searching, a page of one's messages, renaming, clearing, deleting. */
export function createConversationHistory(deps: {
  repo: ChatRepo
  assistant: Pick<Assistant, 'info'>
  messages: MessageReader
}) {
  const { repo, assistant, messages } = deps
  return {
    /**
     * Page 1 is the newest; no conversationId means the user's latest conversation (none yet: empty).
     * `hidePrivate` (an access token): a citation of a memory made private since is left out.
     */
    async history(
      userId: string,
      query: ParsedHistoryQuery,
      reader: { hidePrivate?: boolean } = {},
    ): Promise<ChatHistory> {
      const conversation = query.conversationId
        ? await ownConversation(repo, userId, query.conversationId)
        : await repo.latestConversation(userId)
      if (!conversation)
        return { conversationId: null, messages: [], totalCount: 0, assistant: assistant.info }
      const { rows, totalCount } = await repo.page(userId, conversation.id, query.page, query.pageSize)
      return {
        conversationId: conversation.id,
        messages: await messages.toChatMessages(userId, rows, reader),
        totalCount,
        assistant: assistant.info,
      }
    },

    /**
     * With a conversation: its messages are deleted and it stays, empty, as the open one. Without: every
     * conversation goes (the rows, not a flag) and the next message starts a new one.
     */
    async clear(userId: string, conversationId?: string): Promise<void> {
      if (!conversationId) return repo.deleteConversations(userId)
      await ownConversation(repo, userId, conversationId)
      await repo.clearConversation(userId, conversationId)
    },

    /** Newest first; with a search, the conversations holding its words, each with its newest match. */
    async list(userId: string, query: ParsedListQuery): Promise<ConversationList> {
      const search = query.search?.trim()
      if (search) {
        const words = searchWords(search)
        // Punctuation alone holds no word: nothing matches, and the database is not asked.
        if (words.length === 0) return { items: [], totalCount: 0 }
        const { rows, totalCount } = await repo.searchConversations(userId, words, query.page, query.pageSize)
        return { items: rows.map(toHit), totalCount }
      }
      const { rows, totalCount } = await repo.listConversations(userId, query.page, query.pageSize)
      return { items: rows.map(toSummary), totalCount }
    },

    /** A new, empty conversation (untitled until its first message). */
    async create(userId: string): Promise<ConversationSummary> {
      const row = await repo.createConversation(userId)
      return toSummary({ ...row, messageCount: 0 })
    },

    async rename(userId: string, id: string, title: string): Promise<ConversationSummary> {
      if (!(await repo.renameConversation(userId, id, title))) throw notFound('Conversation')
      const row = await repo.conversationSummary(userId, id)
      if (!row) throw notFound('Conversation')
      return toSummary(row)
    },

    /** Deletes the conversation and its messages. */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteConversation(userId, id))) throw notFound('Conversation')
    },

    /** How many conversations had a message after `since` (the dashboard's active chats). */
    activeConversations: (userId: string, since: Date) => repo.activeConversations(userId, since),
  }
}
