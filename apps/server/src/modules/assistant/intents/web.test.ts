import type { SendMessageResponse } from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startWebSearchFake, type WebSearchFake } from '../../../test/fakes/web-search.ts'
import { NO_WEB_SEARCH, webQuery } from './web.ts'

/** The offline assistant (no model) with the real SearXNG adapter against a loopback SearXNG. */
let engines: WebSearchFake
let web: TestApp
let none: TestApp
beforeAll(async () => {
  engines = await startWebSearchFake()
  ;[web, none] = await Promise.all([
    buildTestApp({ env: { WEB_SEARCH_PROVIDER: 'searxng', WEB_SEARCH_URL: engines.url } }),
    buildTestApp(),
  ])
})
afterAll(async () => {
  await Promise.all([web.close(), none.close()])
  await engines.close()
})
beforeEach(() => engines.reset())

async function ask(app: TestApp, content: string) {
  const user = await app.createUser()
  const sent = await user.api.post<SendMessageResponse>('/api/chat/send', { content })
  expect(sent.status, sent.text).toBe(200)
  return sent.body.assistantMessage
}

describe('"search the web for …" without a model', () => {
  it('reads what to search for', () => {
    expect(webQuery('Search the web for ferry times from Lisbon to Porto?')).toBe(
      'ferry times from Lisbon to Porto',
    )
    expect(webQuery('could you look up the Porto metro map online')).toBe('the Porto metro map')
    expect(webQuery('google Douro river cruises')).toBe('Douro river cruises')
    expect(webQuery('google calendar is not syncing')).toBeNull()
    expect(webQuery('search for Ana')).toBeNull()
    expect(webQuery('what did Ana say about the web?')).toBeNull()
  })

  it('answers with the results as links, and says the search in its activity', async () => {
    engines.setResults([
      {
        title: 'Ferries [Lisbon → Porto]',
        url: 'https://ferries.example/lisbon-porto (summer)',
        snippet: 'Daily  boats\nin summer',
      },
      { title: 'CP trains', url: 'https://cp.example/porto', snippet: '' },
    ])
    const answer = await ask(web, 'Search the web for ferry times from Lisbon to Porto')
    expect(engines.searches).toEqual([
      { service: 'searxng', query: 'ferry times from Lisbon to Porto', limit: null },
    ])
    expect(answer.mode).toBe('offline')
    expect(answer.content).toContain(
      [
        '**The web on “ferry times from Lisbon to Porto”:**',
        '',
        '1. [Ferries \\[Lisbon → Porto\\]](https://ferries.example/lisbon-porto%20%28summer%29) — Daily boats in summer',
        '2. [CP trains](https://cp.example/porto)',
      ].join('\n'),
    )
    expect(answer.activity).toEqual([
      { tool: 'web_search', summary: "Searched the web for 'ferry times from Lisbon to Porto'" },
    ])
  })

  it('says when nothing was found, or the search failed', async () => {
    expect((await ask(web, 'google zzqx unknowable')).content).toContain(
      'The web search found nothing for “zzqx unknowable”.',
    )
    engines.refuseJson(true)
    expect((await ask(web, 'google Douro river cruises')).content).toContain(
      "I couldn't search the web: SearXNG did not answer the search: it refuses the JSON format",
    )
  })

  it('says plainly that the server has no web search when no provider is set', async () => {
    const answer = await ask(none, 'Search the web for ferry times from Lisbon to Porto')
    expect(answer.content).toContain(NO_WEB_SEARCH)
    expect(answer.activity ?? []).toEqual([])
    expect(engines.searches).toEqual([])
  })
})
