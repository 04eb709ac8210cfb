import type { FastifyInstance, InjectOptions } from 'fastify'

type Query = Record<string, string | number | boolean | string[] | undefined>

export interface ApiResponse<T> {
  status: number
  /** The parsed JSON body (undefined for an empty body, the text for anything that is not JSON). */
  body: T
  headers: Record<string, string | string[] | number | undefined>
  /** The raw body text. */
  text: string
}

/**
 * A typed client over `app.inject` for one caller: every server test talks to the real app through it.
 * `headers` are sent on every request (a TestUser's session cookie and CSRF token, or nothing).
 */
export function apiClient(app: FastifyInstance, headers: Record<string, string> = {}) {
  async function request<T = unknown>(
    method: NonNullable<InjectOptions['method']>,
    url: string,
    options: { query?: Query; payload?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const query: Record<string, string | string[]> = {}
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) query[key] = Array.isArray(value) ? value : String(value)
    }
    const res = await app.inject({
      method,
      url,
      query,
      headers: { ...headers, ...options.headers },
      ...(options.payload !== undefined ? { payload: options.payload as InjectOptions['payload'] } : {}),
    })
    let body: unknown = undefined
    if (res.body) {
      try {
        body = JSON.parse(res.body)
      } catch {
        body = res.body
      }
    }
    return { status: res.statusCode, body: body as T, headers: res.headers, text: res.body }
  }
  return {
    request,
    get: <T = unknown>(url: string, query?: Query) => request<T>('GET', url, { query }),
    post: <T = unknown>(url: string, payload?: unknown) =>
      request<T>('POST', url, { payload: payload ?? {} }),
    put: <T = unknown>(url: string, payload?: unknown) => request<T>('PUT', url, { payload: payload ?? {} }),
    delete: <T = unknown>(url: string) => request<T>('DELETE', url),
  }
}
export type ApiClient = ReturnType<typeof apiClient>
