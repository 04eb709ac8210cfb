import type * as ReadabilityModule from '@mozilla/readability'
import type * as JsdomModule from 'jsdom'
import { SafeFetchError, type SafeFetch } from '../safe-fetch.ts'
import { WEB_LIMITS, WebSearchError, type WebPage } from './types.ts'

const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, pre, blockquote, tr, dt, dd, figcaption, div, section, br'

/** Lines trimmed, spaces collapsed, at most one empty line between paragraphs. */
const tidy = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

/**
 * jsdom and Readability, loaded with the first page read: jsdom alone cost the server about a second of
 * CPU and tens of MB at every start, for a tool most installations never call.
 */
let readers: Promise<[typeof JsdomModule, typeof ReadabilityModule]> | undefined
const loadReaders = () => (readers ??= Promise.all([import('jsdom'), import('@mozilla/readability')]))

/** An HTML fragment's text with its paragraphs kept apart. */
function textOf(JSDOM: typeof JsdomModule.JSDOM, html: string): string {
  const fragment = JSDOM.fragment(html)
  for (const block of fragment.querySelectorAll(BLOCKS)) block.after('\n\n')
  return tidy(fragment.textContent ?? '')
}

/**
 * A page's main text: the article Readability finds, without the navigation, footer and ads around it
 * (a page it finds no article in gives its body's text). jsdom runs no script and loads nothing.
 */
export async function extractMainText(
  html: string,
  url: string,
): Promise<{ title: string | null; text: string }> {
  const [{ JSDOM }, { Readability }] = await loadReaders()
  const dom = new JSDOM(html, { url })
  try {
    const document = dom.window.document
    const fallbackTitle = document.title.trim() || null
    const article = new Readability(document).parse()
    if (article?.content) {
      return { title: article.title?.trim() || fallbackTitle, text: textOf(JSDOM, article.content) }
    }
    for (const noise of document.querySelectorAll('script, style, noscript, template')) noise.remove()
    return { title: fallbackTitle, text: textOf(JSDOM, document.body?.innerHTML ?? '') }
  } finally {
    dom.window.close()
  }
}

const cut = (text: string) =>
  text.length > WEB_LIMITS.pageTextMax
    ? { text: `${text.slice(0, WEB_LIMITS.pageTextMax - 1).trimEnd()}…`, truncated: true }
    : { text, truncated: false }

/** Fetches a page through the safe fetch (no private addresses, size and time limits) and reads it. */
export async function readPage(fetcher: SafeFetch, target: string): Promise<WebPage> {
  let fetched: Awaited<ReturnType<SafeFetch['fetchText']>>
  try {
    fetched = await fetcher.fetchText(target, {
      accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1',
    })
  } catch (error) {
    if (error instanceof SafeFetchError) throw new WebSearchError(error.message)
    throw error
  }
  const type = (fetched.contentType ?? 'text/html').split(';')[0]!.trim().toLowerCase()
  if (type === 'text/plain' || type === 'text/markdown') {
    return { url: fetched.url, title: null, ...cut(tidy(fetched.text)) }
  }
  if (type !== 'text/html' && type !== 'application/xhtml+xml') {
    throw new WebSearchError(`That address is not a web page (it is ${type}), so it cannot be read.`)
  }
  const { title, text } = await extractMainText(fetched.text, fetched.url)
  if (!text) throw new WebSearchError('The page has no text to read.')
  return { url: fetched.url, title, ...cut(text) }
}
