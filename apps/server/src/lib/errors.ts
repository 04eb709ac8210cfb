import { ErrorCode } from '@remi/shared'

/** An error whose message is meant for the person using the app. */
export class AppError extends Error {
  readonly statusCode: number
  readonly code: ErrorCode
  /** Seconds, sent as Retry-After: when trying again is worth it (a 429 or 503). */
  readonly retryAfterS: number | undefined
  constructor(statusCode: number, code: ErrorCode, message: string, retryAfterS?: number) {
    super(message)
    this.name = 'AppError'
    this.statusCode = statusCode
    this.code = code
    this.retryAfterS = retryAfterS
  }
}

export const badRequest = (message: string, code: ErrorCode = ErrorCode.ValidationFailed) =>
  new AppError(400, code, message)
export const unauthorized = (message = 'Sign in to continue.') =>
  new AppError(401, ErrorCode.Unauthorized, message)
export const notFound = (what = 'Resource') => new AppError(404, ErrorCode.NotFound, `${what} not found.`)
export const conflict = (message: string) => new AppError(409, ErrorCode.Conflict, message)
export const upstreamFailed = (message: string) => new AppError(502, ErrorCode.UpstreamFailed, message)
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError(403, ErrorCode.Forbidden, message)
export const payloadTooLarge = (message: string) => new AppError(413, ErrorCode.PayloadTooLarge, message)
