import {
  Activity,
  AnswerMode,
  type ChatHistoryQuery,
  ErrorCode,
  type ChatHistory,
  type ChatMessage,
  type Citation,
  type ConversationList,
  type ConversationListQuery,
  type ConversationSnippet,
  type ConversationSummary,
  clip,
} from '@remi/shared'
import { z } from 'zod'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { AssistantModel } from '../../integrations/ai/model.ts'
import { AppError, notFound } from '../../lib/errors.ts'
import type {
  Answer,
  Assistant,
  AssistantEvent,
  CitedMemory,
  HistoryMessage,
  PendingAnswer,
} from '../assistant/index.ts'
import type { MemoriesService } from '../memories/index.ts'
import type { FactKeeper, ProposalsService } from '../proposals/index.ts'
import {
  HIT_END,
  HIT_START,
  searchWords,
  type ChatRepo,
  type ConversationHit,
  type ConversationRecord,
  type ConversationSummaryRecord,
  type MessageRecord,
} from './chat.repo.ts'
import { offlineTitle, TITLE_TIMEOUT_MS, writeTitle } from './conversation-title.ts'

/** Earlier messages handed to the assistant; it keeps the newest of them within its own character budget. */
export const HISTORY_FOR_ASSISTANT = 40
/** Characters of a cited memory shown under an answer. */
export const EXCERPT_LENGTH = 160

/** What an assistant message keeps in `metadata`. Read back leniently: rows may predate a field. */
const StoredAnswer = z.object({
  citations: z.array(z.string()).catch([]),
  activity: z.array(Activity).catch([]),
  calls: z.array(z.object({ tool: z.string(), args: z.unknown() })).catch([]),
  mode: AnswerMode.optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  stopped: z.boolean().catch(false),
})
type StoredAnswer = z.infer<typeof StoredAnswer>

export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return clip(flat, EXCERPT_LENGTH)
}

function answerMetadata(answer: Answer): StoredAnswer {
  return {
    citations: [...new Set(answer.citations.map((c) => c.id))],
    activity: answer.activity,
    calls: answer.calls,
    mode: answer.mode,
    ...(answer.model ? { model: answer.model } : {}),
    stopped: answer.stopped,
  }
}

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
type MemoryLookup = ReadonlyMap<string, CitedMemory>

export interface AnswerOptions {
  /** Aborted when the client goes away (Stop): the answer so far is stored with stopped: true. */
  signal: AbortSignal
  onEvent?: (event: AssistantEvent) => void
}

export interface ChatServiceDeps {
  repo: ChatRepo
  assistant: Assistant
  /** Where answers' citations are looked up, as the memories are now. */
  memories: Pick<MemoriesService, 'byIds'>
  /** Names each conversation after its first exchange; null keeps the first words of the first message. */
  titleModel?: AssistantModel | null | undefined
  titleTimeoutMs?: number | undefined
  /** A title the model could not write (the offline one stays). */
  onTitleError?: ((error: unknown) => void) | undefined
  /**
   * Picks out the facts worth keeping after each answer a model wrote (tools and context modes), in the
   * background: the answer is stored and sent first. The answer is marked (metadata.facts: 'pending')
   * until it is done, so GET /api/proposals can say more chips are coming.
   */
  keeper?: Pick<FactKeeper, 'enabled' | 'keep'> | null | undefined
  /** A regenerated answer's proposals lapse. */
  proposals?: Pick<ProposalsService, 'pendingIds' | 'lapse'> | undefined
}

/** A user message taken in (or an answer to replace): the conversation is known, the answer is to come. */
export interface Turn {
  conversationId: string
  /** The stored user message; null when regenerating. */
  userMessage: ChatMessage | null
  /** Asks the assistant and stores its answer (replacing the old one when regenerating). */
  answer(options: AnswerOptions): Promise<ChatMessage>
}

const noAnswerToReplace = () =>
  new AppError(404, ErrorCode.NotFound, 'There is no answer to regenerate in this conversation.')

export function createChatService(deps: ChatServiceDeps) {
  const { repo, assistant } = deps
  const titleModel = deps.titleModel ?? null
  // Titles being written and facts being picked out after an answer: close() stops them, so none writes
  // after the database closed.
  const titling = new Set<Promise<void>>()
  const stopTitles = new AbortController()
  const keeper = deps.keeper?.enabled ? deps.keeper : null

  /** The model picks out the facts of the exchange in the background; the answer is marked until then. */
  function keepFacts(exchange: Parameters<FactKeeper['keep']>[0]) {
    if (!keeper || stopTitles.signal.aborted) return
    const task = nextTurn()
      .then(() => keeper.keep(exchange, stopTitles.signal))
      .then(() => repo.settleFacts(exchange.userId, exchange.answerId))
      .catch(() => {})
      .finally(() => titling.delete(task))
    titling.add(task)
  }

  /** The model names the conversation in the background: the answer never waits for it. */
  function nameConversation(userId: string, conversationId: string, question: string, answer: string) {
    if (!titleModel || stopTitles.signal.aborted) return
    const from = offlineTitle(question)
    const task = nextTurn()
      .then(() =>
        writeTitle(
          titleModel,
          { question, answer },
          { timeoutMs: deps.titleTimeoutMs ?? TITLE_TIMEOUT_MS, signal: stopTitles.signal },
        ),
      )
      .then((title) =>
        title && title !== from ? repo.replaceTitle(userId, conversationId, from, title) : undefined,
      )
      .catch((error: unknown) => {
        if (!stopTitles.signal.aborted) deps.onTitleError?.(error)
      })
      .finally(() => titling.delete(task))
    titling.add(task)
  }

  async function ownConversation(userId: string, id: string): Promise<ConversationRecord> {
    const conversation = await repo.conversation(userId, id)
    if (!conversation) throw notFound('Conversation')
    return conversation
  }

  async function latestOrNew(userId: string): Promise<ConversationRecord> {
    return (await repo.latestConversation(userId)) ?? (await repo.createConversation(userId))
  }

  async function lookupMemories(
    userId: string,
    rows: MessageRecord[],
    reader: { hidePrivate?: boolean } = {},
  ): Promise<MemoryLookup> {
    const ids = rows.flatMap((row) => (row.role === 'assistant' ? stored(row).citations : []))
    const found = ids.length > 0 ? await deps.memories.byIds(userId, ids, reader) : []
    return new Map(found.map((m) => [m.id, { text: m.text, date: m.date }]))
  }

  function stored(row: MessageRecord): StoredAnswer {
    const parsed = StoredAnswer.safeParse(row.metadata ?? {})
    return parsed.success ? parsed.data : StoredAnswer.parse({})
  }

  /** The API's message; citations come from the memories as they are now (a deleted one drops out). */
  function toChatMessage(row: MessageRecord, memories: MemoryLookup): ChatMessage {
    const base = {
      id: row.id,
      content: row.content,
      isUserMessage: row.role === 'user',
      createdUtc: row.createdAt.toISOString(),
    }
    if (row.role === 'user') return base
    const meta = stored(row)
    const citations: Citation[] = meta.citations.flatMap((id) => {
      const memory = memories.get(id)
      return memory ? [{ id, excerpt: excerptOf(memory.text), date: memory.date }] : []
    })
    return {
      ...base,
      citations,
      activity: meta.activity,
      ...(meta.mode ? { mode: meta.mode } : {}),
      ...(meta.model ? { model: meta.model } : {}),
      stopped: meta.stopped,
    }
  }

  async function toChatMessages(
    userId: string,
    rows: MessageRecord[],
    reader: { hidePrivate?: boolean } = {},
  ): Promise<ChatMessage[]> {
    const memories = await lookupMemories(userId, rows, reader)
    return rows.map((row) => toChatMessage(row, memories))
  }

  const toHistory = (rows: MessageRecord[]): HistoryMessage[] =>
    rows.map((row) => ({ role: row.role, content: row.content }))

  /** The assistant takes `prompt` in (assistant.begin: what the model needs is read from now on). */
  function beginAnswer(
    userId: string,
    conversationId: string,
    prompt: { content: string },
    history: MessageRecord[],
    offlineIntroduced: boolean,
  ): PendingAnswer {
    return assistant.begin({
      userId,
      conversationId,
      content: prompt.content,
      history: toHistory(history),
      offlineIntroduced,
    })
  }

  /** Has the assistant answer `prompt` and stores the answer, after the prompt in time. */
  async function answerTurn(
    turn: {
      userId: string
      conversationId: string
      prompt: MessageRecord
      pending: PendingAnswer
      replacing?: string
      /** The replaced answer's time (its facts picked out late lapse with it). */
      replacedAt?: Date
      /** The conversation's first exchange: the model may name it once answered. */
      first?: boolean
    },
    options: AnswerOptions,
  ): Promise<ChatMessage> {
    const { userId, conversationId, prompt } = turn
    // Regenerating: the replaced answer's pending proposals lapse once the new answer is stored.
    const lapsing =
      turn.replacing && deps.proposals ? await deps.proposals.pendingIds(userId, conversationId) : []
    // On Stop the assistant returns what it wrote so far, with stopped: true.
    const answer = await turn.pending.answer({
      signal: options.signal,
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    })
    // Never at or before its question, so the order by time holds even within one millisecond.
    const createdAt = new Date(Math.max(Date.now(), prompt.createdAt.getTime() + 1))
    const keeps = keeper !== null && answer.mode !== 'offline' && !answer.stopped
    const row = await repo.insertMessage(
      {
        conversationId,
        userId,
        role: 'assistant',
        content: answer.content,
        createdAt,
        metadata: { ...answerMetadata(answer), ...(keeps ? { facts: 'pending' } : {}) },
      },
      turn.replacing,
    )
    if (turn.replacing && deps.proposals)
      await deps.proposals.lapse(userId, conversationId, lapsing, turn.replacedAt ?? null)
    // The cited memories as the answer read them a moment ago, unless a tool of this turn changed one.
    const changed = answer.calls.some((c) => c.tool === 'update_memory' || c.tool === 'delete_memory')
    const memories = answer.cited && !changed ? answer.cited : await lookupMemories(userId, [row])
    const message = toChatMessage(row, memories)
    // Started last, and run once the answer is on its way (a model call's set-up is milliseconds of this thread).
    if (turn.first && !answer.stopped)
      nameConversation(userId, conversationId, prompt.content, answer.content)
    if (keeps)
      keepFacts({
        userId,
        conversationId,
        answerId: row.id,
        answerCreatedAt: row.createdAt,
        message: prompt.content,
        activity: answer.activity,
      })
    return message
  }

  return {
    /**
     * Stores the user's message (in their latest conversation, or a new one, unless one is named)
     * before the model is asked anything, so it is kept whatever happens to the answer; the assistant
     * reads what the prompt needs (recall) meanwhile.
     */
    async beginSend(
      userId: string,
      body: { content: string; conversationId?: string | undefined },
    ): Promise<Turn> {
      const recent = (conversationId: string) =>
        Promise.all([
          repo.recentMessages(userId, conversationId, HISTORY_FOR_ASSISTANT),
          repo.hasOfflineAnswer(userId, conversationId),
        ])
      // A named conversation's messages are read beside it (both are the user's only; another's finds none).
      const [conversation, [history, offlineIntroduced]] = body.conversationId
        ? await Promise.all([ownConversation(userId, body.conversationId), recent(body.conversationId)])
        : await latestOrNew(userId).then(async (c) => [c, await recent(c.id)] as const)
      // Stored while the assistant reads what it needs; the model is asked once it is stored (answer).
      const pending = beginAnswer(userId, conversation.id, body, history, offlineIntroduced)
      const prompt = await repo.insertMessage({
        conversationId: conversation.id,
        userId,
        role: 'user',
        content: body.content,
        // After the conversation's last message, even one written within the same millisecond.
        createdAt: new Date(Math.max(Date.now(), (conversation.lastMessageAt?.getTime() ?? 0) + 1)),
        // Kept only while the conversation has no title (its first message, or the first after a clear).
        title: offlineTitle(body.content),
      })
      const first = conversation.title === null && history.length === 0
      const context = { userId, conversationId: conversation.id, prompt, pending, first }
      return {
        conversationId: conversation.id,
        userMessage: toChatMessage(prompt, new Map()),
        answer: (options) => answerTurn(context, options),
      }
    },

    /** The conversation's latest message must be an answer: it is asked again and the new answer replaces it. */
    async beginRegenerate(userId: string, conversationId: string): Promise<Turn> {
      const conversation = await ownConversation(userId, conversationId)
      const recent = await repo.recentMessages(userId, conversation.id, HISTORY_FOR_ASSISTANT + 2)
      const last = recent.at(-1)
      if (!last || last.role !== 'assistant') throw noAnswerToReplace()
      const promptIndex = recent.findLastIndex((row) => row.role === 'user')
      const prompt = recent[promptIndex]
      if (!prompt) throw noAnswerToReplace()
      const offlineIntroduced = await repo.hasOfflineAnswer(userId, conversation.id, last.id)
      const history = recent.slice(0, promptIndex)
      const context = {
        userId,
        conversationId: conversation.id,
        prompt,
        pending: beginAnswer(userId, conversation.id, prompt, history, offlineIntroduced),
        replacing: last.id,
        replacedAt: last.createdAt,
      }
      return {
        conversationId: conversation.id,
        userMessage: null,
        answer: (options) => answerTurn(context, options),
      }
    },

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
        ? await ownConversation(userId, query.conversationId)
        : await repo.latestConversation(userId)
      if (!conversation)
        return { conversationId: null, messages: [], totalCount: 0, assistant: assistant.info }
      const { rows, totalCount } = await repo.page(userId, conversation.id, query.page, query.pageSize)
      return {
        conversationId: conversation.id,
        messages: await toChatMessages(userId, rows, reader),
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
      await ownConversation(userId, conversationId)
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

    /** Stops the titles being written and the facts being picked out, and waits for them (the app is closing). */
    async close(): Promise<void> {
      stopTitles.abort()
      await Promise.allSettled([...titling])
    },
  }
}
export type ChatService = ReturnType<typeof createChatService>
