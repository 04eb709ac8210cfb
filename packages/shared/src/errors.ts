/** Stable error codes the client can switch on; `message` in the body is for people. */
export const ErrorCode = {
  InvalidCsrfToken: 'INVALID_CSRF_TOKEN',
  Unauthorized: 'UNAUTHORIZED',
  NotFound: 'NOT_FOUND',
  ValidationFailed: 'VALIDATION_FAILED',
  RateLimited: 'RATE_LIMITED',
  Conflict: 'CONFLICT',
  UpstreamFailed: 'UPSTREAM_FAILED',
  Internal: 'INTERNAL',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

/** Fastify's error shape, used for every error answer. */
export interface ApiErrorBody {
  statusCode: number
  error: string
  message: string
  code?: string
  requestId?: string
}
