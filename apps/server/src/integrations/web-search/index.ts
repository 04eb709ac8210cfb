import type { WebSearchConfig } from '../../config/env.ts'
import { createSafeFetch } from '../safe-fetch.ts'
import { brave, searxng, tavily, type SearchProvider } from './providers.ts'
import { readPage } from './read-page.ts'
import { WEB_LIMITS, WebSearchError, type WebSearch } from './types.ts'

export { WEB_LIMITS, WebSearchError, type WebPage, type WebResult, type WebSearch } from './types.ts'
export { extractMainText } from './read-page.ts'

export interface WebSearchOptions {
  /** ALLOW_PRIVATE_NETWORK_URLS: pages (and the search APIs) may be on private addresses. */
  allowPrivateNetwork: boolean
  /** Test hook: Brave's and Tavily's addresses (their fakes on loopback). */
  endpoints?: { brave?: string; tavily?: string }
}

/**
 * Web search with the configured provider, and pages read through the safe fetch. A SearXNG instance is
 * the administrator's own, often on their network, so its address is not held to the private-address
 * guard; Brave's and Tavily's are public, and pages are anybody's: both go through it.
 */
export function createWebSearch(config: WebSearchConfig, options: WebSearchOptions): WebSearch {
  const limits = { timeoutMs: WEB_LIMITS.timeoutMs, maxRedirects: 5 }
  const pages = createSafeFetch({
    allowPrivateNetwork: options.allowPrivateNetwork,
    ...limits,
    maxBytes: WEB_LIMITS.pageBytesMax,
  })
  const api = createSafeFetch({
    allowPrivateNetwork: config.provider === 'searxng' || options.allowPrivateNetwork,
    ...limits,
    maxBytes: WEB_LIMITS.pageBytesMax,
  })
  const provider: SearchProvider =
    config.provider === 'searxng'
      ? searxng(api, config.url)
      : config.provider === 'brave'
        ? brave(api, config.apiKey, options.endpoints?.brave)
        : tavily(api, config.apiKey, options.endpoints?.tavily)
  return {
    provider: config.provider,
    async search(query, limit = WEB_LIMITS.resultsMax) {
      const words = query.trim()
      if (!words) throw new WebSearchError('Say what to search the web for.')
      return provider(words.slice(0, 400), Math.min(Math.max(1, limit), WEB_LIMITS.resultsMax))
    },
    readPage: (url) => readPage(pages, url),
    close: async () => {
      await Promise.all([pages.close(), api.close()])
    },
  }
}
