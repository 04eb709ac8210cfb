/**
 * Stable error codes the client can switch on; `message` in the body is for people.
 * A closed set: the server sends no other code, the web client compares against these, never literals.
 */
export const ErrorCode = {
  InvalidCsrfToken: 'INVALID_CSRF_TOKEN',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  ValidationFailed: 'VALIDATION_FAILED',
  /** The request itself could not be read: broken JSON, a broken %-escape, an over-long path segment. */
  BadRequest: 'BAD_REQUEST',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  Conflict: 'CONFLICT',
  UpstreamFailed: 'UPSTREAM_FAILED',
  /** The database cannot be reached just now (stopped, restarting, the network to it down): try again later. */
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

const errorCodes: ReadonlySet<string> = new Set(Object.values(ErrorCode))
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && errorCodes.has(value)

/** The spec's text for a 429 (§8); the server's 429 body and the client's catalogue both use it. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.'

/** Fastify's error shape, used for every error answer. */
export interface ApiErrorBody {
  statusCode: number
  error: string
  message: string
  code: ErrorCode
  requestId?: string
}
