/** One result of a web search, as the model and the offline assistant show it. */
export interface WebResult {
  title: string
  url: string
  /** A sentence or two of the page, plain text. */
  snippet: string
}

/** A page's main text, as Readability finds it. */
export interface WebPage {
  /** The address read, after redirects. */
  url: string
  title: string | null
  text: string
  /** The text was longer than WEB_LIMITS.pageTextMax and was cut. */
  truncated: boolean
}

/** Search and read the web; both throw WebSearchError, whose message is fit to show a person. */
export interface WebSearch {
  provider: 'searxng' | 'brave' | 'tavily'
  search(query: string, limit?: number): Promise<WebResult[]>
  readPage(url: string): Promise<WebPage>
  close(): Promise<void>
}

/** A search or a page that failed; the message says why in a sentence. */
export class WebSearchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebSearchError'
  }
}

export const WEB_LIMITS = {
  /** Results one search gives at most. */
  resultsMax: 8,
  /** Characters of one result's snippet. */
  snippetMax: 300,
  /** Characters of a page's text the model reads. */
  pageTextMax: 8000,
  /** A page larger than this is not read. */
  pageBytesMax: 2 * 1024 * 1024,
  /** A search or a page that takes longer fails. */
  timeoutMs: 10_000,
} as const
