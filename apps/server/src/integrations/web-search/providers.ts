import { z } from 'zod'
import { SafeFetchError, type SafeFetch, type SafeFetchRequest } from '../safe-fetch.ts'
import { keepResults, plainSnippet } from './text.ts'
import { WebSearchError, type WebResult } from './types.ts'

/** One search service: a query in, the top results out (each adapter maps its own answer). */
export type SearchProvider = (query: string, limit: number) => Promise<WebResult[]>

export const BRAVE_SEARCH_URL = 'https://api.search.brave.com/res/v1/web/search'
export const TAVILY_SEARCH_URL = 'https://api.tavily.com/search'

/** The service's JSON answer in the shape `schema` reads; every failure a WebSearchError. */
async function askJson<T>(
  fetcher: SafeFetch,
  service: string,
  url: string,
  schema: z.ZodType<T>,
  init: SafeFetchRequest = {},
  explain: (status: number) => string | undefined = () => undefined,
): Promise<T> {
  let text: string
  try {
    ;({ text } = await fetcher.fetchText(url, { accept: 'application/json', ...init }))
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error
    const why = error.status === undefined ? undefined : explain(error.status)
    throw new WebSearchError(`${service} did not answer the search: ${why ?? error.message}`)
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new WebSearchError(`${service} sent an answer that could not be read.`)
  return parsed.data
}

const text = z.string().catch('')

/** SearXNG's JSON API: GET /search?q=…&format=json (the instance must allow the json format). */
export function searxng(fetcher: SafeFetch, baseUrl: string): SearchProvider {
  const Answer = z.object({
    results: z.array(z.object({ url: text, title: text, content: text.optional() })),
  })
  return async (query, limit) => {
    const url = new URL(`${baseUrl}/search`)
    url.search = new URLSearchParams({ q: query, format: 'json' }).toString()
    const answer = await askJson(fetcher, 'SearXNG', url.href, Answer, {}, (status) =>
      status === 403
        ? 'it refuses the JSON format (add json to search.formats in its settings.yml).'
        : undefined,
    )
    return keepResults(
      answer.results.map((r) => ({
        title: r.title.trim() || r.url,
        url: r.url,
        snippet: plainSnippet(r.content),
      })),
      limit,
    )
  }
}

/** Brave Search API: GET web/search?q=…&count=…, the key in X-Subscription-Token. */
export function brave(fetcher: SafeFetch, apiKey: string, endpoint = BRAVE_SEARCH_URL): SearchProvider {
  const Answer = z.object({
    web: z
      .object({ results: z.array(z.object({ url: text, title: text, description: text.optional() })) })
      .optional(),
  })
  return async (query, limit) => {
    const url = new URL(endpoint)
    url.search = new URLSearchParams({ q: query, count: String(limit) }).toString()
    const answer = await askJson(
      fetcher,
      'Brave Search',
      url.href,
      Answer,
      { headers: { 'x-subscription-token': apiKey } },
      (status) => (status === 401 || status === 403 ? 'it refused the API key.' : undefined),
    )
    return keepResults(
      (answer.web?.results ?? []).map((r) => ({
        title: plainSnippet(r.title) || r.url,
        url: r.url,
        snippet: plainSnippet(r.description),
      })),
      limit,
    )
  }
}

/** Tavily: POST /search {query, max_results}, the key as a bearer token. */
export function tavily(fetcher: SafeFetch, apiKey: string, endpoint = TAVILY_SEARCH_URL): SearchProvider {
  const Answer = z.object({
    results: z.array(z.object({ url: text, title: text, content: text.optional() })),
  })
  return async (query, limit) => {
    const answer = await askJson(
      fetcher,
      'Tavily',
      endpoint,
      Answer,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, max_results: limit, search_depth: 'basic' }),
      },
      (status) => (status === 401 || status === 403 ? 'it refused the API key.' : undefined),
    )
    return keepResults(
      answer.results.map((r) => ({
        title: r.title.trim() || r.url,
        url: r.url,
        snippet: plainSnippet(r.content),
      })),
      limit,
    )
  }
}
