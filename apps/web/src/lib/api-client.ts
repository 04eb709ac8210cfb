/** The one way the web app talks to the server: cookies, CSRF on writes, the spec's error catalogue (§8). */
import {
  bestLanguage,
  ErrorCode,
  isErrorCode,
  languages,
  TOO_MANY_REQUESTS_MESSAGE,
  type Language,
} from '@remi/shared'

const API_BASE = import.meta.env.VITE_API_BASE_URL ?? '/api'

/** The spec's texts for a failed request (§8), in English: the screens' catalogue says them in another language. */
const ENGLISH_ERRORS = {
  401: 'Your session has expired. Please log in again.',
  403: 'You do not have permission to perform this action.',
  404: 'The requested resource was not found.',
  429: TOO_MANY_REQUESTS_MESSAGE,
  500: 'Server error. Please try again later.',
  network: 'Network error. Please check your connection and try again.',
  unexpected: 'An unexpected error occurred',
} as const
type ErrorText = keyof typeof ENGLISH_ERRORS

/** Each text's key in the catalogues' `common.api` (locales/common). */
const ERROR_KEYS = {
  401: 'sessionExpired',
  403: 'forbidden',
  404: 'notFound',
  429: 'tooManyRequests',
  500: 'server',
  network: 'network',
  unexpected: 'unexpected',
} as const satisfies Record<ErrorText, string>
export type ErrorTextKey = (typeof ERROR_KEYS)[ErrorText] | 'status'

/** What lib/i18n.ts hands the client when i18next starts (the sign-in page never loads it). */
interface Screens {
  language(): string | undefined
  text(key: ErrorTextKey, values?: { status: number }): string
}
let screens: Screens | undefined

/** Called once by lib/i18n.ts when i18next starts: requests and their error texts follow its language. */
export function followScreens(started: Screens): void {
  screens = started
}

/** The texts of a failed request in the screens' language (English before i18next has started). */
export const errorMessages = Object.defineProperties(
  {},
  Object.fromEntries(
    (Object.keys(ENGLISH_ERRORS) as ErrorText[]).map((key) => [
      key,
      { enumerable: true, get: () => screens?.text(ERROR_KEYS[key]) ?? ENGLISH_ERRORS[key] },
    ]),
  ),
) as { readonly [K in ErrorText]: string }

/** The one code the client makes itself: the request never reached the server. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR'
export type ClientErrorCode = ErrorCode | typeof NETWORK_ERROR_CODE

export class ApiError extends Error {
  readonly status: number
  readonly code?: ClientErrorCode
  readonly body?: unknown

  constructor(message: string, status: number, code?: ClientErrorCode, body?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.body = body
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The catalogue text for a failed answer: fixed texts first, then the server's message, then the status. */
export function messageForStatus(status: number, body: unknown): string {
  if (status in errorMessages) return errorMessages[status as keyof typeof errorMessages]
  const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message.trim() : ''
  return serverMessage || (screens?.text('status', { status }) ?? `Server error (${status})`)
}

/** What to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : errorMessages.unexpected
}

type QueryValue = string | number | boolean | null | undefined
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

let csrfToken: Promise<string> | null = null

/** Forget the CSRF token so the next write fetches a fresh one. */
export function resetCsrfToken(): void {
  csrfToken = null
}

/** The session's CSRF token, fetched once and shared by every write (also the chat's event stream). */
export function getCsrfToken(): Promise<string> {
  if (csrfToken) return csrfToken
  const pending = request<{ csrfToken: string }>('GET', 'auth/csrf-token').then((body) => body.csrfToken)
  csrfToken = pending
  // A failed fetch must not be cached, or every later write would fail the same way.
  pending.catch(() => {
    if (csrfToken === pending) resetCsrfToken()
  })
  return pending
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${API_BASE}/${path}`, window.location.href)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    url.searchParams.set(key, String(value))
  }
  return url.toString()
}

/**
 * The language of the screens (i18next's: the person's chosen one once signed in), or the browser's
 * before i18next has started (the sign-in page): sent as Accept-Language, the server says its error
 * messages in it without reading the person's settings.
 */
export function screensLanguage(): Language {
  const current = screens?.language()
  if (current && (languages as readonly string[]).includes(current)) return current as Language
  return bestLanguage(navigator.languages?.length ? navigator.languages : [navigator.language])
}

async function request<T>(method: Method, path: string, body?: unknown, query?: Record<string, QueryValue>) {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': screensLanguage() }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (method !== 'GET') headers['X-CSRF-TOKEN'] = await getCsrfToken()

  let response: Response
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(errorMessages.network, 0, NETWORK_ERROR_CODE)
  }

  const payload = await readBody(response)
  if (!response.ok) throw errorForResponse(response.status, payload)
  return payload as T
}

/** The error for a refused answer; a 400 or 401 also drops the CSRF token (spec §8). */
export function errorForResponse(status: number, payload: unknown): ApiError {
  if (status === 400 || status === 401) resetCsrfToken()
  const code = isRecord(payload) && isErrorCode(payload.code) ? payload.code : undefined
  return new ApiError(messageForStatus(status, payload), status, code, payload)
}

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text().catch(() => '')
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ApiError(errorMessages.unexpected, response.status)
  }
}

/** A write whose CSRF token went stale (e.g. the server restarted) is retried once with a fresh token. */
async function write<T>(method: Method, path: string, body?: unknown): Promise<T> {
  try {
    return await request<T>(method, path, body)
  } catch (error) {
    if (isApiError(error) && error.status === 400 && error.code === ErrorCode.InvalidCsrfToken) {
      return request<T>(method, path, body)
    }
    throw error
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => write<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => write<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => write<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => write<T>('DELETE', path, body),
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
