import { ErrorCode, type ChatMessage, type MessageAttachment } from '@remi/shared'
import { AppError, notFound } from '../../lib/errors.ts'
import type {
  Assistant,
  AssistantEvent,
  HistoryMessage,
  PendingAnswer,
  SentFile,
} from '../assistant/index.ts'
import type { ProposalsService } from '../proposals/index.ts'
import type { AfterAnswer } from './after-answer.ts'
import type { ChatRepo, ConversationRecord, MessageRecord } from './chat.repo.ts'
import { answerMetadata, sentFilesOf, toChatMessage, type MessageReader } from './chat-messages.ts'
import { offlineTitle } from './conversation-title.ts'
import { ownConversation } from './conversation-history.ts'

/** Earlier messages handed to the assistant; it keeps the newest of them within its own character budget. */
export const HISTORY_FOR_ASSISTANT = 40

export interface AnswerOptions {
  /** Aborted when the client goes away (Stop): the answer so far is stored with stopped: true. */
  signal: AbortSignal
  onEvent?: (event: AssistantEvent) => void
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

/** The files a message is sent with (attachments module): checked when it comes, read for its answer. */
export interface MessageFiles {
  check(userId: string, ids: string[], reader: { hidePrivate: boolean }): Promise<MessageAttachment[]>
  read(
    userId: string,
    ids: string[],
    options: { reader: { hidePrivate: boolean }; vision: boolean },
  ): Promise<SentFile[]>
}

/** Who sends: an access token never sees a private memory's files. */
interface Reader {
  hidePrivate: boolean
}

/** What became of an answer afterwards (a tool the person ran from under it: noteAfterAnswer). */
function afterwards(row: MessageRecord): string[] {
  const lines = row.metadata?.afterwards
  return Array.isArray(lines) ? lines.filter((l): l is string => typeof l === 'string') : []
}

/** The conversation as the model reads it: each answer with what became of it afterwards. */
const toHistory = (rows: MessageRecord[]): HistoryMessage[] =>
  rows.map((row) => {
    const after = row.role === 'assistant' ? afterwards(row) : []
    return { role: row.role, content: after.length ? [row.content, ...after].join('\n\n') : row.content }
  })

/** A turn: the user's message taken in (or an answer to replace), the assistant asked, its answer stored. */
export function createChatTurns(deps: {
  repo: ChatRepo
  assistant: Assistant
  messages: MessageReader
  afterAnswer: AfterAnswer
  proposals?: Pick<ProposalsService, 'pendingIds' | 'lapse'> | undefined
  files?: MessageFiles | undefined
  /** The model is shown photos sent with a message. */
  vision?: boolean | undefined
}) {
  const { repo, assistant, messages, afterAnswer } = deps
  // A model reads what is sent: a private memory's files are not its to see (404, as for a token).
  // So is an access token's request (it never sees a private memory).
  const filesReader = (reader: Reader) => ({
    hidePrivate: assistant.info.model !== null || reader.hidePrivate,
  })
  /** The files' words (and photos), read while the message is stored; one gone since is left out. */
  const readFiles = (userId: string, ids: string[], reader: Reader) =>
    ids.length > 0 && deps.files
      ? deps.files
          .read(userId, ids, { reader: filesReader(reader), vision: deps.vision === true })
          .catch(() => [])
      : undefined

  async function latestOrNew(userId: string): Promise<ConversationRecord> {
    return (await repo.latestConversation(userId)) ?? (await repo.createConversation(userId))
  }

  /** The assistant takes `prompt` in (assistant.begin: what the model needs is read from now on). */
  function beginAnswer(
    userId: string,
    conversationId: string,
    prompt: { content: string },
    history: MessageRecord[],
    offlineIntroduced: boolean,
    web?: boolean | undefined,
    files?: Promise<SentFile[]> | undefined,
  ): PendingAnswer {
    return assistant.begin({
      userId,
      conversationId,
      content: prompt.content,
      history: toHistory(history),
      offlineIntroduced,
      web,
      files,
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
    const keeps = afterAnswer.keepsFacts && answer.mode !== 'offline' && !answer.stopped
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
    const memories = answer.cited && !changed ? answer.cited : await messages.lookupMemories(userId, [row])
    const message = toChatMessage(row, memories)
    // Started last, and run once the answer is on its way (a model call's set-up is milliseconds of this thread).
    if (turn.first && !answer.stopped)
      afterAnswer.nameConversation(userId, conversationId, prompt.content, answer.content)
    if (keeps)
      afterAnswer.keepFacts({
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
      body: {
        content: string
        conversationId?: string | undefined
        web?: boolean | undefined
        attachmentIds?: string[] | undefined
      },
      reader: Reader = { hidePrivate: false },
    ): Promise<Turn> {
      const ids = body.attachmentIds ?? []
      if (ids.length > 0 && !deps.files) throw notFound('Attachment')
      // Files sent with it are the person's (404 before anything is stored); a message of files alone reads as their names.
      const sent = ids.length > 0 ? await deps.files!.check(userId, ids, filesReader(reader)) : []
      const content = body.content.trim() || sent.map((file) => file.name).join(', ')
      // Their words are read (waiting a little for the job) while the message is stored and the stream opens.
      const files = readFiles(userId, ids, reader)
      const recent = (conversationId: string) =>
        Promise.all([
          repo.recentMessages(userId, conversationId, HISTORY_FOR_ASSISTANT),
          repo.hasOfflineAnswer(userId, conversationId),
        ])
      // A named conversation's messages are read beside it (both are the user's only; another's finds none).
      const [conversation, [history, offlineIntroduced]] = body.conversationId
        ? await Promise.all([ownConversation(repo, userId, body.conversationId), recent(body.conversationId)])
        : await latestOrNew(userId).then(async (c) => [c, await recent(c.id)] as const)
      // Stored while the assistant reads what it needs; the model is asked once it is stored (answer).
      const pending = beginAnswer(
        userId,
        conversation.id,
        { content },
        history,
        offlineIntroduced,
        body.web,
        files,
      )
      const prompt = await repo.insertMessage({
        conversationId: conversation.id,
        userId,
        role: 'user',
        content,
        // After the conversation's last message, even one written within the same millisecond.
        createdAt: new Date(Math.max(Date.now(), (conversation.lastMessageAt?.getTime() ?? 0) + 1)),
        // Kept only while the conversation has no title (its first message, or the first after a clear).
        title: offlineTitle(content),
        ...(sent.length > 0 ? { metadata: { attachments: sent } } : {}),
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
    async beginRegenerate(
      userId: string,
      conversationId: string,
      options: { web?: boolean | undefined } = {},
      reader: Reader = { hidePrivate: false },
    ): Promise<Turn> {
      const conversation = await ownConversation(repo, userId, conversationId)
      const recent = await repo.recentMessages(userId, conversation.id, HISTORY_FOR_ASSISTANT + 2)
      const last = recent.at(-1)
      if (!last || last.role !== 'assistant') throw noAnswerToReplace()
      const promptIndex = recent.findLastIndex((row) => row.role === 'user')
      const prompt = recent[promptIndex]
      if (!prompt) throw noAnswerToReplace()
      const offlineIntroduced = await repo.hasOfflineAnswer(userId, conversation.id, last.id)
      const history = recent.slice(0, promptIndex)
      // Asked again about the files it was sent with (those still there).
      const files = readFiles(
        userId,
        sentFilesOf(prompt).map((file) => file.id),
        reader,
      )
      const context = {
        userId,
        conversationId: conversation.id,
        prompt,
        pending: beginAnswer(userId, conversation.id, prompt, history, offlineIntroduced, options.web, files),
        replacing: last.id,
        replacedAt: last.createdAt,
      }
      return {
        conversationId: conversation.id,
        userMessage: null,
        answer: (options) => answerTurn(context, options),
      }
    },
  }
}
