import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ARTICLE_PARAGRAPHS,
  BOILERPLATE,
  startWebPagesFake,
  type WebPagesFake,
} from '../../test/fakes/web-pages.ts'
import { startWebSearchFake, type WebSearchFake } from '../../test/fakes/web-search.ts'
import { createWebSearch, WEB_LIMITS, WebSearchError, type WebSearch } from './index.ts'

let engines: WebSearchFake
let pages: WebPagesFake
const made: WebSearch[] = []
const make = (...args: Parameters<typeof createWebSearch>) => {
  const web = createWebSearch(...args)
  made.push(web)
  return web
}
beforeAll(async () => {
  ;[engines, pages] = await Promise.all([startWebSearchFake(), startWebPagesFake()])
})
afterAll(async () => {
  await Promise.all(made.map((w) => w.close()))
  await Promise.all([engines.close(), pages.close()])
})
beforeEach(() => engines.reset())

const tenResults = Array.from({ length: 10 }, (_, i) => ({
  title: `Douro guide ${i + 1}`,
  url: `https://travel.example/douro-${i + 1}`,
  snippet: `Harvest season & trains, part ${i + 1}`,
}))

describe('the search services', () => {
  it('SearXNG: its JSON API, the top results as title, address and snippet', async () => {
    engines.setResults([
      ...tenResults.slice(0, 2),
      { title: 'Not a web page', url: 'magnet:?xt=urn:btih:abc', snippet: '' },
      tenResults[0]!,
      ...tenResults.slice(2),
    ])
    // Its own instance on a private network is the administrator's choice: allowed in production settings.
    const web = make({ provider: 'searxng', url: engines.url }, { allowPrivateNetwork: false })
    const results = await web.search('  douro harvest  ')
    expect(engines.searches).toEqual([{ service: 'searxng', query: 'douro harvest', limit: null }])
    expect(results).toHaveLength(WEB_LIMITS.resultsMax)
    expect(results[0]).toEqual({
      title: 'Douro guide 1',
      url: 'https://travel.example/douro-1',
      snippet: 'Harvest season & trains, part 1',
    })
    // Other schemes and repeats are left out.
    expect(results.map((r) => r.url)).toEqual(tenResults.slice(0, 8).map((r) => r.url))
  })

  it('SearXNG without the JSON format says how to turn it on', async () => {
    engines.refuseJson(true)
    const web = make({ provider: 'searxng', url: engines.url }, { allowPrivateNetwork: false })
    await expect(web.search('douro')).rejects.toThrow(
      'SearXNG did not answer the search: it refuses the JSON format (add json to search.formats in its settings.yml).',
    )
  })

  it('Brave Search: its key in X-Subscription-Token, its <strong> marks and entities gone', async () => {
    engines.setResults(tenResults.slice(0, 3))
    const web = make(
      { provider: 'brave', apiKey: engines.braveKey },
      { allowPrivateNetwork: true, endpoints: { brave: engines.braveUrl } },
    )
    const results = await web.search('douro harvest', 3)
    expect(engines.searches).toEqual([{ service: 'brave', query: 'douro harvest', limit: 3 }])
    expect(results[1]).toEqual({
      title: 'Douro guide 2',
      url: 'https://travel.example/douro-2',
      snippet: 'Harvest season & trains, part 2',
    })

    const wrongKey = make(
      { provider: 'brave', apiKey: 'nope' },
      { allowPrivateNetwork: true, endpoints: { brave: engines.braveUrl } },
    )
    await expect(wrongKey.search('douro')).rejects.toThrow(
      'Brave Search did not answer the search: it refused the API key.',
    )
  })

  it('Tavily: a POST with its bearer key and max_results', async () => {
    engines.setResults(tenResults)
    const web = make(
      { provider: 'tavily', apiKey: engines.tavilyKey },
      { allowPrivateNetwork: true, endpoints: { tavily: engines.tavilyUrl } },
    )
    const results = await web.search('douro harvest')
    expect(engines.searches).toEqual([{ service: 'tavily', query: 'douro harvest', limit: 8 }])
    expect(results.map((r) => r.title)).toEqual(tenResults.slice(0, 8).map((r) => r.title))
  })

  it('Brave and Tavily are public services: a private address for them is refused in production settings', async () => {
    const web = make(
      { provider: 'tavily', apiKey: engines.tavilyKey },
      { allowPrivateNetwork: false, endpoints: { tavily: engines.tavilyUrl } },
    )
    const failure = await web.search('douro').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WebSearchError)
    expect((failure as Error).message).toContain('is on a private or local network')
    expect(engines.searches).toEqual([])
  })
})

describe('reading a page', () => {
  const web = () => make({ provider: 'searxng', url: engines.url }, { allowPrivateNetwork: true })

  it("gives the article's text, without the navigation, ads and footer around it", async () => {
    const page = await web().readPage(pages.articleUrl)
    expect(page.url).toBe(pages.articleUrl)
    expect(page.title).toBe('Visiting the Douro valley in autumn')
    for (const paragraph of ARTICLE_PARAGRAPHS) expect(page.text).toContain(paragraph)
    for (const noise of BOILERPLATE) expect(page.text).not.toContain(noise)
    expect(page.text).not.toContain('Ten beaches in the Algarve')
    expect(page.text).not.toContain('tracking')
    // Paragraphs stay apart.
    expect(page.text).toContain(`${ARTICLE_PARAGRAPHS[0]}\n\n${ARTICLE_PARAGRAPHS[1]}`)
    expect(page.truncated).toBe(false)
  })

  it('follows a redirect, reads plain text, and refuses what is not a page', async () => {
    expect((await web().readPage(pages.redirectUrl)).url).toBe(pages.articleUrl)
    expect(await web().readPage(pages.textUrl)).toMatchObject({ text: 'Line one.\n\nLine two.' })
    await expect(web().readPage(pages.imageUrl)).rejects.toThrow(
      'That address is not a web page (it is image/png), so it cannot be read.',
    )
    await expect(web().readPage(`${pages.origin}/missing`)).rejects.toThrow(
      'The server answered with HTTP 404.',
    )
    await expect(web().readPage('file:///etc/passwd')).rejects.toThrow(
      'Only http:// and https:// links can be fetched.',
    )
  })

  it('refuses a private address in production settings, even with a SearXNG on one', async () => {
    const production = make({ provider: 'searxng', url: engines.url }, { allowPrivateNetwork: false })
    const before = pages.requests.length
    await expect(production.readPage(pages.articleUrl)).rejects.toThrow(
      /The address 127\.0\.0\.1 is on a private or local network/,
    )
    await expect(production.readPage('http://[::1]:9/')).rejects.toThrow(/private or local network/)
    expect(pages.requests.length).toBe(before)
  })
})
