import { bearer, listen, readBody, sendJson } from './listen.ts'

/** A result as the fake's test gives it; each search service's answer is made from these. */
export interface FakeResult {
  title: string
  url: string
  snippet: string
}

export interface WebSearchFake {
  /** SearXNG's address (WEB_SEARCH_URL). */
  url: string
  /** Brave's and Tavily's endpoints on this fake. */
  braveUrl: string
  tavilyUrl: string
  /** The keys the fake accepts. */
  braveKey: string
  tavilyKey: string
  /** Every search, oldest first: which service, and the query. */
  searches: Array<{ service: 'searxng' | 'brave' | 'tavily'; query: string; limit: number | null }>
  /** The results the next searches give (for every query). */
  setResults(results: FakeResult[]): void
  /** SearXNG refuses the JSON format (403), as an instance without `json` in search.formats does. */
  refuseJson(refuse: boolean): void
  reset(): void
  close(): Promise<void>
}

/**
 * Three web search services on loopback, in their wire formats: SearXNG's JSON API
 * (`GET /search?q=…&format=json`, its answer with results, answers, suggestions…), the Brave Search API
 * (`GET /res/v1/web/search?q=…&count=…` with X-Subscription-Token; snippets with <strong> marks) and
 * Tavily (`POST /search` with a bearer key and `{query, max_results}`).
 */
export async function startWebSearchFake(): Promise<WebSearchFake> {
  let results: FakeResult[] = []
  let refusingJson = false
  const searches: WebSearchFake['searches'] = []
  const braveKey = 'brave-test-key'
  const tavilyKey = 'tvly-test-key'

  const server = await listen(async (request, response, url) => {
    if (request.method === 'GET' && url.pathname === '/searxng/search') {
      if (url.searchParams.get('format') !== 'json' || refusingJson) {
        response.writeHead(403, { 'content-type': 'text/html' }).end('<h1>403 Forbidden</h1>')
        return
      }
      const query = url.searchParams.get('q') ?? ''
      searches.push({ service: 'searxng', query, limit: null })
      sendJson(response, 200, {
        query,
        number_of_results: 0,
        results: results.map((r, i) => ({
          url: r.url,
          title: r.title,
          content: r.snippet,
          engine: 'duckduckgo',
          parsed_url: ['https', new URL(r.url).host, new URL(r.url).pathname, '', '', ''],
          template: 'default.html',
          engines: ['duckduckgo', 'brave'],
          positions: [i + 1],
          score: 2 / (i + 1),
          category: 'general',
          publishedDate: null,
        })),
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [`${query} guide`],
        unresponsive_engines: [],
      })
      return
    }
    if (request.method === 'GET' && url.pathname === '/res/v1/web/search') {
      if (request.headers['x-subscription-token'] !== braveKey) {
        sendJson(response, 401, { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID' } })
        return
      }
      const query = url.searchParams.get('q') ?? ''
      searches.push({ service: 'brave', query, limit: Number(url.searchParams.get('count')) })
      sendJson(response, 200, {
        type: 'search',
        query: { original: query },
        web: {
          type: 'search',
          results: results.map((r) => ({
            type: 'search_result',
            title: r.title,
            url: r.url,
            // Brave marks the words searched for.
            description: r.snippet.replace(/(\w{5,})/, '<strong>$1</strong>').replace('&', '&amp;'),
            language: 'en',
          })),
        },
      })
      return
    }
    if (request.method === 'POST' && url.pathname === '/search') {
      if (bearer(request) !== tavilyKey) {
        sendJson(response, 401, { detail: { error: 'Unauthorized: missing or invalid API key.' } })
        return
      }
      const body = JSON.parse(await readBody(request)) as { query: string; max_results?: number }
      searches.push({ service: 'tavily', query: body.query, limit: body.max_results ?? null })
      sendJson(response, 200, {
        query: body.query,
        answer: null,
        images: [],
        results: results
          .slice(0, body.max_results ?? 5)
          .map((r, i) => ({ title: r.title, url: r.url, content: r.snippet, score: 1 - i / 10 })),
        response_time: 0.5,
      })
      return
    }
    sendJson(response, 404, { error: 'not found' })
  })

  return {
    url: `${server.origin}/searxng`,
    braveUrl: `${server.origin}/res/v1/web/search`,
    tavilyUrl: `${server.origin}/search`,
    braveKey,
    tavilyKey,
    searches,
    setResults: (list) => {
      results = list
    },
    refuseJson: (refuse) => {
      refusingJson = refuse
    },
    reset: () => {
      results = []
      refusingJson = false
      searches.length = 0
    },
    close: server.close,
  }
}
