import type { z } from 'zod'
import { BRAND } from '../config/brand.ts'
/** A provider (Open-Meteo, Google, Microsoft) that failed; the message is fit to show a person. */
export class UpstreamError extends Error {
  /** HTTP status of the provider's answer; null when it could not be reached at all. */
  readonly status: number | null
  readonly body: unknown
  constructor(status: number | null, message: string, body?: unknown) {
    super(message)
    this.name = 'UpstreamError'
    this.status = status
    this.body = body
  }
}

export const API_TIMEOUT_MS = 10_000

/**
 * GET a JSON document from a configured provider API (a trusted URL from the environment, unlike the
 * user-given ICS links that go through safe-fetch). `schema` is the shape the caller reads: an answer
 * of another shape is the provider's failure, not a crash of ours.
 */
export async function getJson<T>(
  url: string | URL,
  options: { service: string; schema: z.ZodType<T>; headers?: Record<string, string>; timeoutMs?: number },
): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS),
      redirect: 'error',
    })
  } catch {
    throw new UpstreamError(null, `${options.service} could not be reached. Try again in a moment.`)
  }
  const text = await response.text().catch(() => '')
  let body: unknown = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // A non-JSON error page: the status says enough.
  }
  if (!response.ok) {
    throw new UpstreamError(
      response.status,
      `${options.service} answered with an error (HTTP ${response.status}).`,
      body,
    )
  }
  const parsed = body === undefined ? undefined : options.schema.safeParse(body)
  if (!parsed?.success) {
    throw new UpstreamError(
      response.status,
      `${options.service} sent an answer ${BRAND} could not read.`,
      body,
    )
  }
  return parsed.data
}
