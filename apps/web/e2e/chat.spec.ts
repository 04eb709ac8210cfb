import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { openaiReply } from '../../server/src/test/fakes/openai.ts'
import { test as base, expect, signIn, testWithModel as withModel } from './fixtures.ts'

const XSS_IMAGE = '<img src=x onerror=alert(1)>'
const XSS_LINK = '[x](javascript:alert(1))'

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const answers = (page: Page) => conversation(page).locator('.chat-bubble-assistant')

/**
 * Signs in from /chat, so the app comes back to it: the dashboard (whose briefing asks the model too)
 * never loads, and the model fake's script is the chat's alone.
 */
async function openChat(page: Page, name: string) {
  await page.goto('/chat')
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, { name })
  await expect(page).toHaveURL(/\/chat$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with Remi' })).toBeVisible()
}

async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
  await expect(input).toHaveValue('')
}

/** Every dialog the page opens (alert, confirm...); an inert message opens none. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return dialogs
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
}

/** Through the API with the page's session, as the memories screen would. */
async function createMemory(page: Page, memory: { text: string; tags: string[]; date: string | null }) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as {
    csrfToken: string
  }
  const response = await page.request.post('/api/memories', {
    data: memory,
    headers: { 'x-csrf-token': csrfToken },
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as { id: string }
}

base.describe('offline assistant (no model)', () => {
  base('remember, then ask: the answer has the date, and the memory is on /memories', async ({ page }) => {
    const dialogs = recordDialogs(page)
    await openChat(page, 'Offline Chat Person')
    await expect(page.getByText('Offline assistant')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Welcome to Remi Chat!' })).toBeVisible()
    await expect(page.getByText('Start a conversation with your AI assistant.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Clear History' })).toBeDisabled()

    await send(page, "remember that Ana's birthday is on 12 May #family")
    const saved = answers(page).first()
    await expect(saved).toContainText('Saved to your memories')
    await expect(saved).toContainText('12 May')
    await expect(saved).toContainText('#family')
    await expect(saved.getByText('Remi', { exact: true })).toBeVisible()
    await expect(saved.locator('strong').first()).toBeVisible()

    await send(page, "when is Ana's birthday?")
    await expect(answers(page)).toHaveCount(2)
    const reply = answers(page).nth(1)
    await expect(reply).toContainText("Ana's birthday is on 12 May")
    // The birthday on its next day, and how far off it is.
    await expect(
      reply.locator('strong', { hasText: /^\w+day, May 12(, \d{4})? \((?:today|tomorrow|in \d+ days)\)$/ }),
    ).toBeVisible()
    // User messages right, answers left, in the order they were written.
    await expect(conversation(page).locator('.chat-row-user')).toHaveText([
      /remember that Ana's birthday/,
      /when is Ana's birthday\?/,
    ])

    // The saved memory links to itself; the memories page opens it.
    await saved.getByRole('link', { name: 'Saved a memory' }).click()
    await expect(page).toHaveURL(/\/memories$/)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Edit Memory' })).toBeVisible()
    await expect(dialog.getByLabel('Memory')).toHaveValue(/Ana's birthday is on 12 May/)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    const card = page.getByTestId('memory-card').filter({ hasText: "Ana's birthday" })
    await expect(card).toBeVisible()
    await expect(card.getByText('family')).toBeVisible()
    await expect(card).toContainText('May 12')

    // Back in the chat: the history is there, and clearing it asks first.
    await page.getByRole('link', { name: 'Chat', exact: true }).click()
    await expect(answers(page)).toHaveCount(2)
    await page.getByRole('button', { name: 'Clear History' }).click()
    const confirm = page.getByRole('dialog')
    await expect(confirm.getByRole('heading', { name: 'Clear Chat History' })).toBeVisible()
    await confirm.getByRole('button', { name: 'Clear' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome to Remi Chat!' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome to Remi Chat!' })).toBeVisible()
    expect(dialogs).toEqual([])
  })

  base('messages with HTML and javascript: links stay inert', async ({ page }) => {
    const dialogs = recordDialogs(page)
    await openChat(page, 'Offline XSS Person')
    await send(page, XSS_IMAGE)
    await expect(answers(page)).toHaveCount(1)
    await send(page, XSS_LINK)
    await expect(answers(page)).toHaveCount(2)
    await expect(conversation(page).getByText(XSS_IMAGE, { exact: true })).toBeVisible()
    await expect(conversation(page).getByText(XSS_LINK, { exact: true })).toBeVisible()
    await expect(conversation(page).locator('img')).toHaveCount(0)
    await expect(conversation(page).locator('a[href^="javascript"]')).toHaveCount(0)
    await page.reload()
    await expect(conversation(page).getByText(XSS_LINK, { exact: true })).toBeVisible()
    await expect(conversation(page).locator('img')).toHaveCount(0)
    expect(dialogs).toEqual([])
  })

  base(
    '"brief me" answers with the daily briefing, its headings at a chat answer\'s size',
    async ({ page }) => {
      await openChat(page, 'Briefing Chat Person')
      // Due in three days, whatever the zone: the briefing's "In the next 7 days" list.
      const soon = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
      await createMemory(page, { text: 'Water the plants', tags: [], date: soon })
      await send(page, 'Brief me')
      const reply = answers(page).first()
      const greeting = reply.getByRole('heading', { level: 2, name: 'Good day, Briefing!' })
      await expect(greeting).toBeVisible()
      await expect(reply.getByRole('heading', { level: 3, name: "Today's events" })).toBeVisible()
      // Not a page's heading (Bootstrap's h2 is 2rem): at most 1.125rem of the 16px body.
      const size = await greeting.evaluate((h) => parseFloat(getComputedStyle(h).fontSize))
      expect(size).toBeLessThanOrEqual(18)
      // A list in an answer keeps its space below, though the messages are a list themselves.
      const list = reply.locator('.markdown-body > ul').first()
      await expect(list).toContainText('Water the plants')
      expect(await list.evaluate((ul) => getComputedStyle(ul).marginBottom)).toBe('16px')
    },
  )

  base('axe finds no serious or critical violation on the chat screen and its confirm', async ({ page }) => {
    await openChat(page, 'Axe Chat Person')
    await expect(page.getByRole('heading', { name: 'Welcome to Remi Chat!' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await send(page, 'help')
    await expect(answers(page)).toHaveCount(1)
    await expect(answers(page).getByRole('button', { name: 'Regenerate' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Clear History' }).click()
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Clear Chat History' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})

withModel.describe('with a model (OpenAI wire format, loopback fake)', () => {
  withModel.beforeEach(({ model }) => model.reset())

  withModel(
    'a streamed markdown reply renders bold as bold, with the model named',
    async ({ page, model }) => {
      await openChat(page, 'Model Chat Person')
      await expect(page.getByText(model.model, { exact: true })).toBeVisible()
      model.enqueue(openaiReply.text(['Your week ', 'looks **busy** ', 'but fine.']))
      await send(page, 'How does my week look?')
      const reply = answers(page).first()
      await expect(reply).toContainText('Your week looks busy but fine.')
      await expect(reply.locator('strong')).toHaveText('busy')
      await expect(reply.getByRole('button', { name: 'Copy' })).toBeVisible()
      expect(model.requests).toHaveLength(1)
      expect(model.requests[0]!.stream).toBe(true)
      expect(model.requests[0]!.messages.at(-1)?.content).toBe('How does my week look?')
    },
  )

  withModel('Stop mid-stream keeps what was written, stored and marked stopped', async ({ page, model }) => {
    await openChat(page, 'Stop Chat Person')
    model.enqueue(openaiReply.stall(['Once upon ', 'a time ', 'there was']))
    await send(page, 'Tell me a very long story')
    const streaming = page.getByTestId('streaming-answer')
    await expect(streaming).toContainText('Once upon a time there was')
    await page.getByRole('button', { name: 'Stop', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
    await expect(answers(page).first()).toContainText('Once upon a time there was')
    await expect(answers(page).first().getByText('Stopped')).toBeVisible()
    await expect.poll(() => model.requests[0]?.aborted).toBe(true)

    // The server stored the partial answer.
    await page.reload()
    await expect(answers(page)).toHaveCount(1)
    await expect(answers(page).first()).toContainText('Once upon a time there was')
    await expect(answers(page).first().getByText('Stopped')).toBeVisible()
  })

  withModel(
    'the memories an answer used show as chips that open the memory',
    async ({ page, model }, testInfo) => {
      await openChat(page, 'Citations Chat Person')
      // Not the answer's own words: a memory the answer quotes word for word gets no chip.
      const memory = await createMemory(page, {
        text: 'Ana: birthday 12 May, likes books',
        tags: ['family'],
        date: '2026-05-12',
      })
      model.enqueue(
        openaiReply.toolCall('search_memories', { query: 'Ana birthday' }),
        openaiReply.text("Ana's birthday is on **12 May**. Maybe plan a present?"),
      )
      await send(page, "When is Ana's birthday?")
      const reply = answers(page).first()
      await expect(reply.locator('strong')).toHaveText('12 May')
      await expect(reply.locator('.chat-activity')).toHaveText("Searched memories for 'Ana birthday'")
      const chip = reply
        .getByRole('list', { name: 'Memories used' })
        .getByRole('link', { name: 'Open memory: Ana: birthday 12 May, likes books' })
      await expect(chip).toContainText(/12 May 2026|May 12, 2026/)
      expect(model.systemPrompt(model.requests[0])).toContain('Ana: birthday 12 May, likes books')

      // Screenshots at phone and desktop widths, for people to look at.
      model.enqueue(openaiReply.text('A second, **shorter** answer with a [link](https://example.com).'))
      await send(page, 'And something else?')
      await expect(answers(page)).toHaveCount(2)
      await page.setViewportSize({ width: 360, height: 740 })
      await expect(page.getByRole('button', { name: 'Clear History' })).toBeVisible()
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!)
      await page.screenshot({ path: testInfo.outputPath('chat-360.png') })
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.screenshot({ path: testInfo.outputPath('chat-desktop.png') })

      await chip.click()
      await expect(page).toHaveURL(/\/memories$/)
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: 'Edit Memory' })).toBeVisible()
      await expect(dialog.getByLabel('Memory')).toHaveValue('Ana: birthday 12 May, likes books')
      expect(memory.id).toBeTruthy()
    },
  )

  withModel(
    'a reply with HTML and a javascript: link from the model stays inert, even clicked',
    async ({ page, model }) => {
      const dialogs = recordDialogs(page)
      await openChat(page, 'Model XSS Person')
      model.enqueue(openaiReply.text(`Look: ${XSS_IMAGE} and ${XSS_LINK} and [safe](https://example.com)`))
      await send(page, XSS_IMAGE)
      const reply = answers(page).first()
      await expect(reply).toContainText('and safe')
      await expect(conversation(page).locator('img')).toHaveCount(0)
      await expect(conversation(page).locator('[onerror]')).toHaveCount(0)
      await expect(reply.getByRole('link')).toHaveCount(1)
      await expect(reply.getByRole('link')).toHaveAttribute('href', 'https://example.com')
      await reply.getByText('x', { exact: true }).click()
      await expect(page).toHaveURL(/\/chat$/)
      expect(dialogs).toEqual([])
    },
  )
})
