import type { ChatHistory, SendMessageResponse } from '@remi/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/index.ts'
import {
  ARTICLE_PARAGRAPHS,
  BOILERPLATE,
  startWebPagesFake,
  type WebPagesFake,
} from '../../test/fakes/web-pages.ts'
import { startWebSearchFake, type WebSearchFake } from '../../test/fakes/web-search.ts'

/**
 * Issue 50's web search in the chat: the real @ai-sdk/openai provider against the tool-calling fake
 * model, the real SearXNG adapter against a loopback SearXNG, and pages read from a loopback page server
 * through the safe fetch and Readability.
 */
let model: OpenAIFake
let engines: WebSearchFake
let pages: WebPagesFake
/** Pages on loopback allowed, as the other fakes' tests do. */
let web: TestApp
/** Production settings: no private addresses (the SearXNG instance is the administrator's own). */
let production: TestApp
/** No search provider. */
let none: TestApp
beforeAll(async () => {
  ;[model, engines, pages] = await Promise.all([
    startOpenAIFake({ model: 'gpt-test' }),
    startWebSearchFake(),
    startWebPagesFake(),
  ])
  const searxng = { WEB_SEARCH_PROVIDER: 'searxng', WEB_SEARCH_URL: engines.url }
  const assistant = { maxRetries: 0 }
  ;[web, production, none] = await Promise.all([
    buildTestApp({ env: { ...model.env, ...searxng, ALLOW_PRIVATE_NETWORK_URLS: 'true' }, assistant }),
    buildTestApp({ env: { ...model.env, ...searxng }, assistant }),
    buildTestApp({ env: model.env, assistant }),
  ])
})
afterAll(async () => {
  await Promise.all([web.close(), production.close(), none.close()])
  await Promise.all([model.close(), engines.close(), pages.close()])
})
beforeEach(() => {
  model.reset()
  engines.reset()
})

const toolNames = (i: number) => (model.requests[i]!.tools ?? []).map((t) => t.function.name)
const toolResults = (i: number) =>
  model.requests[i]!.messages.filter((m) => m.role === 'tool').map((m) => JSON.stringify(m.content))

describe('web search in the chat', () => {
  it('the model searches, reads the page and cites it; the article reaches it without the boilerplate', async () => {
    engines.setResults([
      {
        title: 'Visiting the Douro valley in autumn',
        url: pages.articleUrl,
        snippet: 'The Douro valley is best visited in late September…',
      },
      { title: 'Douro river cruises', url: 'https://cruises.example/douro', snippet: 'Cruises from Porto' },
    ])
    const answer = `Go in late September, for the harvest; take the train from Porto to Pinhão ([Visiting the Douro valley in autumn](${pages.articleUrl})).`
    model.enqueue(
      openaiReply.toolCall('web_search', { query: 'best time to visit Douro valley' }),
      openaiReply.toolCall('read_web_page', { url: pages.articleUrl }),
      openaiReply.text(answer),
    )
    const user = await web.createUser({ name: 'Marta Silva' })
    const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'When should I visit the Douro valley?',
      web: true,
    })
    expect(sent.status, sent.text).toBe(200)

    expect(model.requests).toHaveLength(3)
    expect(toolNames(0)).toEqual(expect.arrayContaining(['web_search', 'read_web_page']))
    expect(model.systemPrompt(model.requests[0])).toContain('Cite every page you use as a Markdown link')
    expect(engines.searches).toEqual([
      { service: 'searxng', query: 'best time to visit Douro valley', limit: null },
    ])
    // The search's results, then the page's main text, reached the model.
    const [found] = toolResults(1)
    expect(found).toContain(pages.articleUrl)
    expect(found).toContain('Douro river cruises')
    const [read] = toolResults(2).slice(-1)
    for (const paragraph of ARTICLE_PARAGRAPHS) expect(read).toContain(JSON.stringify(paragraph).slice(1, -1))
    for (const noise of BOILERPLATE) expect(read).not.toContain(noise)

    const message = sent.body.assistantMessage
    expect(message.content).toBe(answer)
    expect(message.content).toContain(`](${pages.articleUrl})`)
    const host = new URL(pages.articleUrl).host
    expect(message.activity).toEqual([
      { tool: 'web_search', summary: "Searched the web for 'best time to visit Douro valley'" },
      { tool: 'read_web_page', summary: `Read ${host}/travel/douro-in-autumn` },
    ])
  })

  it('in production settings a page on a private address is refused, and the model is told why', async () => {
    model.enqueue(
      openaiReply.toolCall('read_web_page', { url: pages.articleUrl }),
      openaiReply.text('I could not read that page.'),
    )
    const before = pages.requests.length
    const user = await production.createUser()
    const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: `What does ${pages.articleUrl} say?`,
      web: true,
    })
    expect(sent.status, sent.text).toBe(200)
    expect(toolResults(1)[0]).toContain('is on a private or local network')
    expect(pages.requests.length).toBe(before)
    expect(sent.body.assistantMessage.activity![0]!.summary).toMatch(
      /^Could not read 127\.0\.0\.1:\d+\/travel\/douro-in-autumn: The address 127\.0\.0\.1 is on a private/,
    )
  })

  it('with Web off (the default) the web tools are not offered, and the prompt says how to turn it on', async () => {
    const user = await web.createUser()
    expect((await user.api.get<ChatHistory>('/api/chat/history')).body.assistant.web).toBe(true)
    for (const body of [{}, { web: false }]) {
      model.reset()
      model.enqueue(openaiReply.text('Turn on Web to let me look.'))
      const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
        content: 'Search the web for Douro harvest festivals',
        ...body,
      })
      expect(sent.status, sent.text).toBe(200)
      expect(toolNames(0)).toContain('search_memories')
      expect(toolNames(0)).not.toContain('web_search')
      expect(toolNames(0)).not.toContain('read_web_page')
      expect(model.systemPrompt(model.requests[0])).toContain('tell them to turn on Web')
    }
    expect(engines.searches).toEqual([])

    // Asked again with Web on, the same message gets the web's tools.
    model.reset()
    model.enqueue(openaiReply.text('The harvest festivals are in September.'))
    const { conversationId } = (await user.api.get<ChatHistory>('/api/chat/history')).body
    const again = await user.api.post('/api/chat/regenerate', { conversationId, web: true })
    expect(again.status, again.text).toBe(200)
    expect(toolNames(0)).toEqual(expect.arrayContaining(['web_search', 'read_web_page']))
  })

  it('without a search provider the web tools are not offered, nor named in the prompt', async () => {
    model.enqueue(openaiReply.text('I cannot look things up on the web here.'))
    const user = await none.createUser()
    expect((await user.api.get<ChatHistory>('/api/chat/history')).body.assistant).not.toHaveProperty('web')
    const sent = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'When should I visit the Douro valley?',
      web: true,
    })
    expect(sent.status, sent.text).toBe(200)
    expect(toolNames(0)).toContain('search_memories')
    expect(toolNames(0)).not.toContain('web_search')
    expect(toolNames(0)).not.toContain('read_web_page')
    expect(model.systemPrompt(model.requests[0])).not.toContain('web_search')
    expect(model.systemPrompt(model.requests[0])).not.toContain('Web')
  })
})
