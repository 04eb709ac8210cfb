import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode, type ApiErrorBody } from '@remi/shared'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { STATUS_CODES } from 'node:http'
import { AppError } from '../lib/errors.ts'

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.'

function body(statusCode: number, message: string, code?: string, requestId?: string): ApiErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(code ? { code } : {}),
    ...(requestId ? { requestId } : {}),
  }
}

/** One mapping from every error to DESIGN §5's body; 5xx answers never show internals. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.code))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || ''
      const where = error.validationContext ?? 'request'
      const message = field
        ? `${where}.${field}: ${first?.message}`
        : `${where}: ${first?.message ?? 'invalid'}`
      return reply.status(400).send(body(400, message, ErrorCode.ValidationFailed))
    }
    if (error.code?.startsWith('FST_CSRF')) {
      return reply
        .status(400)
        .send(
          body(
            400,
            'Missing or invalid CSRF token. Fetch /api/auth/csrf-token and retry.',
            ErrorCode.InvalidCsrfToken,
          ),
        )
    }
    const status = error.statusCode ?? 500
    if (status === 429)
      return reply.status(429).send(body(429, TOO_MANY_REQUESTS_MESSAGE, ErrorCode.RateLimited))
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.message
      return reply.status(status).send(body(status, message, error.code))
    }
    request.log.error({ err: error }, 'request failed')
    return reply
      .status(500)
      .send(
        body(
          500,
          'Something went wrong on our side. Please try again later.',
          ErrorCode.Internal,
          request.id,
        ),
      )
  })

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body(404, `Route ${request.method} ${request.url.split('?')[0]} not found.`, ErrorCode.NotFound))
  })
})
