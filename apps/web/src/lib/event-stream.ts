/** POST a JSON body and read the server-sent events that answer it, with the api-client's cookies and CSRF. */
import { ErrorCode } from '@remi/shared'
import { createParser } from 'eventsource-parser'
import {
  ApiError,
  apiUrl,
  errorForResponse,
  errorMessages,
  getCsrfToken,
  isApiError,
  NETWORK_ERROR_CODE,
  readBody,
  screensLanguage,
} from './api-client'

export interface ServerSentEvent {
  /** The `event:` field; 'message' when the server sent none, as EventSource does. */
  event: string
  data: string
}

/**
 * The server (or something in between) did not answer with an event stream: use the plain endpoint.
 * `refusal` is the answer as an ApiError, for a caller that has no plain endpoint to fall back to.
 */
export class StreamUnavailableError extends Error {
  readonly status: number
  readonly refusal: ApiError
  constructor(status: number, refusal: ApiError) {
    super(`The event stream is unavailable (${status}).`)
    this.name = 'StreamUnavailableError'
    this.status = status
    this.refusal = refusal
  }
}

/**
 * Refusals that a plain request would get as well: bad input, no session, not allowed, too large, too many.
 * Any other failure to open the stream (404/405 from an older server, a proxy's 5xx) means "no streaming".
 */
const FINAL_STATUSES = new Set([400, 401, 403, 413, 422, 429])

interface Options {
  signal?: AbortSignal
  onEvent: (event: ServerSentEvent) => void
}

/**
 * Resolves when the stream ends. Throws an ApiError for a refused request or a dropped connection (the
 * catalogue's texts), a StreamUnavailableError when streaming is not possible, and the signal's reason
 * when it was aborted.
 */
export async function postEventStream(path: string, body: unknown, { signal, onEvent }: Options) {
  let response: Response
  try {
    response = await open(path, body, signal)
  } catch (error) {
    // A stale token (e.g. the server restarted) is retried once with a fresh one, like api-client writes.
    if (!(isApiError(error) && error.status === 400 && error.code === ErrorCode.InvalidCsrfToken)) throw error
    response = await open(path, body, signal)
  }

  const type = response.headers.get('content-type') ?? ''
  if (!response.body || !type.toLowerCase().startsWith('text/event-stream')) {
    await response.body?.cancel().catch(() => {})
    throw new StreamUnavailableError(response.status, new ApiError(errorMessages.unexpected, response.status))
  }

  const parser = createParser({
    onEvent: (message) => onEvent({ event: message.event ?? 'message', data: message.data }),
  })
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.feed(decoder.decode(value, { stream: true }))
    }
    parser.feed(decoder.decode())
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    throw isApiError(error) ? error : networkError()
  } finally {
    reader.releaseLock()
  }
}

async function open(path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
  const token = await getCsrfToken()
  signal?.throwIfAborted()
  let response: Response
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      headers: {
        Accept: 'text/event-stream',
        'Accept-Language': screensLanguage(),
        'Content-Type': 'application/json',
        'X-CSRF-TOKEN': token,
      },
      credentials: 'include',
      body: JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    throw isApiError(error) ? error : networkError()
  }
  if (response.ok) return response
  const refusal = errorForResponse(response.status, await readBody(response).catch(() => undefined))
  if (FINAL_STATUSES.has(response.status)) throw refusal
  throw new StreamUnavailableError(response.status, refusal)
}

function networkError(): ApiError {
  return new ApiError(errorMessages.network, 0, NETWORK_ERROR_CODE)
}
