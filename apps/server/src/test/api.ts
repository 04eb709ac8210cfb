import {
  MEMORIES_EXPORT_FORMAT,
  type ApiErrorBody,
  type CalendarDataSource,
  type DataSourceTestResult,
  type ImportMemoriesResult,
  type ListedDataSource,
  type MemoriesExport,
  type Memory,
  type MemoryList,
  type WeatherDataSource,
} from '@remi/shared'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { CalendarEvent } from '../integrations/calendar/types.ts'

type Query = Record<string, string | number | boolean | string[] | undefined>

export interface ApiResponse<T> {
  status: number
  /** The parsed JSON body (undefined for an empty body, the text for anything that is not JSON). */
  body: T
  headers: Record<string, string | string[] | number | undefined>
  /** The raw body text. */
  text: string
  /** The cookies the answer sets (Set-Cookie, parsed). */
  cookies: LightMyRequestResponse['cookies']
}

/**
 * A typed client over `app.inject` for one caller: every server test talks to the real app through it.
 * `headers` are sent on every request (a TestUser's session cookie and CSRF token, or nothing).
 * Besides the HTTP methods it has `memories` and `dataSources`, for the routes many tests share.
 */
export function apiClient(app: FastifyInstance, headers: Record<string, string> = {}) {
  const http = httpClient(app, headers)
  return { ...http, memories: memoriesApi(http), dataSources: dataSourcesApi(http) }
}
export type ApiClient = ReturnType<typeof apiClient>

function httpClient(app: FastifyInstance, headers: Record<string, string>) {
  async function request<T = unknown>(
    method: NonNullable<InjectOptions['method']>,
    url: string,
    options: {
      query?: Query
      payload?: unknown
      headers?: Record<string, string>
      /** The client's address as the app sees it (rate limits, proxies). */
      remoteAddress?: string
    } = {},
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
      ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
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
    return {
      status: res.statusCode,
      body: body as T,
      headers: res.headers,
      text: res.body,
      cookies: res.cookies,
    }
  }
  return {
    request,
    get: <T = unknown>(url: string, query?: Query) => request<T>('GET', url, { query }),
    post: <T = unknown>(url: string, payload?: unknown) =>
      request<T>('POST', url, { payload: payload ?? {} }),
    put: <T = unknown>(url: string, payload?: unknown) => request<T>('PUT', url, { payload: payload ?? {} }),
    patch: <T = unknown>(url: string, payload?: unknown) =>
      request<T>('PATCH', url, { payload: payload ?? {} }),
    delete: <T = unknown>(url: string) => request<T>('DELETE', url),
  }
}
type Http = ReturnType<typeof httpClient>

/** The body of an answer that must have `status`; any other fails the test, showing the body. */
export function expectStatus<T>(res: ApiResponse<T>, status: number): T {
  expect(res.status, res.text).toBe(status)
  return res.body
}

/**
 * The memories routes, for tests that set up or read back memories over HTTP (`user.api.memories`);
 * a test of a route's own answers calls it with `get`/`post`/... and asserts them itself.
 */
function memoriesApi(api: Http) {
  return {
    /** POST /api/memories; must answer 201. */
    create: async (fields: Record<string, unknown>) =>
      expectStatus(await api.post<Memory>('/api/memories', fields), 201),
    /** GET /api/memories; must answer 200. */
    list: async (query: Query = {}) => expectStatus(await api.get<MemoryList>('/api/memories', query), 200),
    /** POST /api/memories/import of a Remi export file holding `memories`; the answer is not checked. */
    import: <T = ImportMemoriesResult>(memories: unknown[]) =>
      api.post<T>('/api/memories/import', {
        format: MEMORIES_EXPORT_FORMAT,
        version: 1,
        memories,
      }),
    /** GET /api/memories/export as JSON; must answer 200. */
    exportJson: async () =>
      expectStatus(await api.get<MemoriesExport>('/api/memories/export', { format: 'json' }), 200),
  }
}

/**
 * A data-source answer: the item of the type the address names, or (on an error, or for a type the
 * server does not have) the error body, so a test reads either without a cast.
 */
type DataSourceAnswer<Type extends string> = (Type extends 'weather'
  ? WeatherDataSource
  : Type extends 'calendar'
    ? CalendarDataSource
    : unknown) &
  Partial<ApiErrorBody>

/** The data-source routes (`user.api.dataSources`), typed by the type in the address; answers unchecked. */
function dataSourcesApi(api: Http) {
  return {
    list: () => api.get<ListedDataSource[]>('/api/datasources'),
    get: <Type extends string>(type: Type) => api.get<DataSourceAnswer<Type>>(`/api/datasources/${type}`),
    put: <Type extends string>(type: Type, body: unknown) =>
      api.put<DataSourceAnswer<Type>>(`/api/datasources/${type}`, body),
    /** The connection test; a calendar's details list the day's events. */
    test: (type: string) =>
      api.post<DataSourceTestResult & { details?: { events?: CalendarEvent[] } } & Partial<ApiErrorBody>>(
        `/api/datasources/${type}/test`,
      ),
  }
}
