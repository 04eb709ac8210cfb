import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  CHAT_LIMITS,
  ChatHistory,
  ChatHistoryQuery,
  ClearChatQuery,
  ConversationList,
  ConversationListQuery,
  ConversationParams,
  ConversationSummary,
  ErrorCode,
  RegenerateBody,
  RenameConversationBody,
  SendMessageBody,
  SendMessageResponse,
  TOO_MANY_REQUESTS_MESSAGE,
} from '@remi/shared'
import { AppError, upstreamFailed } from '../../lib/errors.ts'
import { readerOf, requireUser } from '../../plugins/auth.ts'
import { loggableError } from '../../plugins/error-handler.ts'
import type { ChatService, Turn } from './chat.service.ts'
import { openEventStream } from './event-stream.ts'

export const ANSWER_FAILED =
  'The assistant could not answer just now. Your message is saved; please try again.'
export const REGENERATE_FAILED = 'The assistant could not answer again just now; the previous answer is kept.'

const streamDescription =
  'Answers text/event-stream: `event: <name>` + `data: <JSON>` per event (user, activity, delta, done, error; ' +
  'shapes in ChatStreamEvents). Closing the request stops the answer and stores it with stopped: true.'

export async function chatRoutes(
  app: FastifyInstance,
  opts: { service: ChatService; sendsPerMinute?: number | undefined },
) {
  const { service } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['chat']

  // One counter per user shared by send, stream and regenerate (a route's own rateLimit config would
  // count each route apart). It runs after validation, so a refused body costs nothing.
  const countSend = app.createRateLimit({
    max: opts.sendsPerMinute ?? CHAT_LIMITS.sendsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `chat-send:${request.userId}`,
  })
  const limitSends = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await countSend(request)
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds))
      throw new AppError(429, ErrorCode.RateLimited, TOO_MANY_REQUESTS_MESSAGE)
    }
  }

  r.post(
    '/send',
    {
      preHandler: limitSends,
      schema: { tags, body: SendMessageBody, response: { 200: SendMessageResponse } },
    },
    async (request) => {
      const turn = await service.beginSend(requireUser(request), request.body, readerOf(request))
      // A JSON answer runs to its end even if the client leaves: it is stored and shows in the history.
      const assistantMessage = await answerOrFail(turn, request.log, ANSWER_FAILED)
      return { conversationId: turn.conversationId, userMessage: turn.userMessage!, assistantMessage }
    },
  )

  r.post(
    '/stream',
    { preHandler: limitSends, schema: { tags, body: SendMessageBody, description: streamDescription } },
    async (request, reply) => {
      const turn = await service.beginSend(requireUser(request), request.body, readerOf(request))
      await streamAnswer(turn, request, reply, ANSWER_FAILED)
      return reply
    },
  )

  r.post(
    '/regenerate',
    { preHandler: limitSends, schema: { tags, body: RegenerateBody, description: streamDescription } },
    async (request, reply) => {
      const { conversationId, web } = request.body
      const turn = await service.beginRegenerate(
        requireUser(request),
        conversationId,
        { web },
        readerOf(request),
      )
      await streamAnswer(turn, request, reply, REGENERATE_FAILED)
      return reply
    },
  )

  r.get(
    '/history',
    { schema: { tags, querystring: ChatHistoryQuery, response: { 200: ChatHistory } } },
    async (request) => service.history(requireUser(request), request.query, readerOf(request)),
  )

  r.delete(
    '/clear',
    {
      schema: {
        tags,
        querystring: ClearChatQuery,
        description:
          "With conversationId: that conversation's messages are deleted and it stays, empty. " +
          'Without: every conversation is deleted.',
      },
    },
    async (request, reply) => {
      await service.clear(requireUser(request), request.query.conversationId)
      return reply.status(204).send()
    },
  )

  r.get(
    '/conversations',
    {
      schema: {
        tags,
        querystring: ConversationListQuery,
        response: { 200: ConversationList },
        description:
          'Newest activity first. With `search`: the conversations with a message holding its words ' +
          '(whole words, the last one as typed), each with a snippet of its newest such message.',
      },
    },
    async (request) => service.list(requireUser(request), request.query),
  )

  r.post(
    '/conversations',
    { schema: { tags, response: { 201: ConversationSummary } } },
    async (request, reply) => reply.status(201).send(await service.create(requireUser(request))),
  )

  r.patch(
    '/conversations/:id',
    {
      schema: {
        tags,
        params: ConversationParams,
        body: RenameConversationBody,
        response: { 200: ConversationSummary },
      },
    },
    async (request) => service.rename(requireUser(request), request.params.id, request.body.title),
  )

  r.delete(
    '/conversations/:id',
    {
      schema: { tags, params: ConversationParams, description: 'Deletes the conversation and its messages.' },
    },
    async (request, reply) => {
      await service.remove(requireUser(request), request.params.id)
      return reply.status(204).send()
    },
  )
}

async function answerOrFail(turn: Turn, log: FastifyBaseLogger, message: string) {
  try {
    return await turn.answer({ signal: new AbortController().signal })
  } catch (error) {
    log.error({ err: loggableError(error as Error) }, 'the chat answer failed')
    throw upstreamFailed(message)
  }
}

/**
 * The answer as server-sent events. Errors before this point (404, 429, validation) are ordinary JSON
 * answers; once the stream is open, a failure is an `error` event and the user message stays stored.
 */
async function streamAnswer(turn: Turn, request: FastifyRequest, reply: FastifyReply, failed: string) {
  const events = openEventStream(reply)
  if (turn.userMessage)
    events.send('user', { conversationId: turn.conversationId, message: turn.userMessage })
  try {
    const message = await turn.answer({
      signal: events.signal,
      onEvent: (event) => {
        if (event.type === 'delta') events.send('delta', { text: event.text })
        else events.send('activity', { status: event.status, activity: event.activity })
      },
    })
    events.send('done', { conversationId: turn.conversationId, message })
  } catch (error) {
    request.log.error({ err: loggableError(error as Error) }, 'the chat answer failed')
    events.send('error', { message: failed })
  } finally {
    events.end()
  }
}
