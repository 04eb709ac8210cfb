import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode, TOO_MANY_REQUESTS_MESSAGE, type ApiErrorBody } from '@remi/shared'
import { DrizzleQueryError } from 'drizzle-orm'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { STATUS_CODES } from 'node:http'
import { AppError } from '../lib/errors.ts'
import { errorIn, requestLanguage } from '../lib/words/errors/index.ts'
import { asSentence, schemaIssueMessage } from './error-messages.ts'

/** Every error answer's body (DESIGN §5), from the route handlers, the router, the rate limiter and CSRF. */
export function errorBody(
  statusCode: number,
  message: string,
  code: ErrorCode,
  requestId?: string,
): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    code,
    ...(requestId ? { requestId } : {}),
  }
}

/** The 429 body, its message in `language` (the request's, see languageOf) when given. */
export const tooManyRequests = (language?: string) =>
  errorBody(429, errorIn(TOO_MANY_REQUESTS_MESSAGE, language), ErrorCode.RateLimited)

/**
 * The language an error is said in: the best of Remi's for the request's Accept-Language (the web app
 * sends the language of its screens), else English. No database read: the header says it.
 */
export const languageOf = (request: FastifyRequest) => requestLanguage(request.headers['accept-language'])

/** A code from the closed set for a status that has no more specific one. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return ErrorCode.Unauthorized
  if (status === 403) return ErrorCode.Forbidden
  if (status === 404) return ErrorCode.NotFound
  if (status === 413) return ErrorCode.PayloadTooLarge
  if (status === 415) return ErrorCode.UnsupportedMediaType
  if (status === 429) return ErrorCode.RateLimited
  if (status >= 500) return ErrorCode.Internal
  return ErrorCode.BadRequest
}

/**
 * A failed query's message and stack list its parameters: memory text, ICS links with their secret
 * tokens, encrypted provider tokens. The log keeps the SQL and the database's reason only.
 */
export function loggableError(error: Error): Error | Record<string, unknown> {
  if (!(error instanceof DrizzleQueryError)) return error
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined
  return {
    type: 'DrizzleQueryError',
    query: error.query,
    reason: typeof cause?.message === 'string' ? cause.message : undefined,
    code: typeof cause?.code === 'string' ? cause.code : undefined,
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  }
}

/** Socket errors and PostgreSQL's connection classes: the database is stopped, restarting or out of reach. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
])
/** What node-postgres and its pool say when a connection ends, or cannot be had in time. */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/**
 * Whether an error (or one it wraps: a query error's cause, one of an AggregateError's) says the
 * database could not be reached, as opposed to a query that failed on a working database.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen: unknown[] = [error]
  for (let i = 0; i < seen.length && i < 10; i++) {
    const current = seen[i]
    // An outside API that could not be reached: not the database (its adapters answer that themselves).
    if (current instanceof TypeError && current.message === 'fetch failed') return false
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null
    if (!e || typeof e !== 'object') continue
    const code = typeof e.code === 'string' ? e.code : ''
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true
    if (e.cause) seen.push(e.cause)
    if (Array.isArray(e.errors)) seen.push(...e.errors)
  }
  return false
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now. Please try again in a moment.'

/**
 * Errors the router raises before any route runs (a broken %-escape, an over-long path segment):
 * Fastify answers these itself unless told otherwise, with a 414 labelled 'Bad Request' and the
 * whole path echoed back. They get the same body as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid: it has a broken %-escape.'
        : 'The request could not be read.'
  return reply
    .status(status)
    .send(errorBody(status, errorIn(message, languageOf(request)), ErrorCode.BadRequest))
}

/** One mapping from every error to DESIGN §5's body; 5xx answers never show internals. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every message below is English, the catalogue's source; `say` gives it in the request's language.
    const language = languageOf(request)
    const say = (english: string) => errorIn(english, language)
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS))
      const message = error.statusCode < 500 ? asSentence(error.message) : error.message
      return reply.status(error.statusCode).send(errorBody(error.statusCode, say(message), error.code))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = schemaIssueMessage(error.validation[0], error.validationContext)
      return reply.status(400).send(errorBody(400, say(message), ErrorCode.ValidationFailed))
    }
    if (error.code?.startsWith('FST_CSRF')) {
      return reply
        .status(400)
        .send(
          errorBody(
            400,
            say('Missing or invalid CSRF token. Fetch /api/auth/csrf-token and retry.'),
            ErrorCode.InvalidCsrfToken,
          ),
        )
    }
    // A row this write refers to is gone (a conversation cleared, an account deleted on another instance
    // while this one still had its session cached): the request cannot be done, but nothing is broken.
    if (
      error instanceof DrizzleQueryError &&
      (error.cause as { code?: unknown } | undefined)?.code === '23503'
    ) {
      request.log.info({ err: loggableError(error) }, 'write refers to a row that is gone')
      return reply
        .status(409)
        .send(
          errorBody(
            409,
            say('Something this refers to no longer exists. Reload and try again.'),
            ErrorCode.Conflict,
          ),
        )
    }
    const status = error.statusCode ?? 500
    if (status === 429) return reply.status(429).send(tooManyRequests(language))
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? `Content-Type '${String(request.headers['content-type']).slice(0, 100)}' is not supported; send the body as application/json.`
              : asSentence(error.message)
      return reply.status(status).send(errorBody(status, say(message), codeForStatus(status)))
    }
    // An outage, not a bug: a 503 the client can retry, logged below error level (it is not a crash).
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: loggableError(error) }, 'the database cannot be reached')
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(503, say(DATABASE_UNAVAILABLE_MESSAGE), ErrorCode.ServiceUnavailable))
    }
    request.log.error({ err: loggableError(error) }, 'request failed')
    return reply
      .status(500)
      .send(
        errorBody(
          500,
          say('Something went wrong on our side. Please try again later.'),
          ErrorCode.Internal,
          request.id,
        ),
      )
  })

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        errorBody(
          404,
          errorIn(`Route ${request.method} ${request.url.split('?')[0]} not found.`, languageOf(request)),
          ErrorCode.NotFound,
        ),
      )
  })
})
