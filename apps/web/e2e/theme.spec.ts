import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { openaiReply } from '../../server/src/test/fakes/openai.ts'
import { test, expect, signIn, testWithModel as withModel } from './fixtures.ts'

const SCREENS = '/tmp/remi-coord/screens'

// The device is in dark mode throughout; the setting overrides it.
test.use({ colorScheme: 'dark' })

const pages = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/memories', heading: 'Memories' },
  { path: '/chat', heading: 'Chat with Remi' },
] as const

/** Relative luminance (WCAG) of a computed `rgb(...)` colour: 0 is black, 1 white. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** WCAG contrast ratio of two computed colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** axe leaves text over a gradient "to review": the sign-in form's contrast is measured here. */
async function expectReadableLoginButtons(page: Page) {
  const card = await background(page, '.login-card')
  for (const text of [page.locator('.login-card h2'), page.locator('.login-card label').first()]) {
    const color = await text.evaluate((el) => getComputedStyle(el).color)
    expect(contrast(color, card), (await text.textContent()) ?? '').toBeGreaterThanOrEqual(4.5)
  }
}

const background = (page: Page, selector = 'body') =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor)

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme)
  const lum = luminance(await background(page))
  if (theme === 'dark') expect(lum, 'the page background is dark').toBeLessThan(0.05)
  else expect(lum, 'the page background is light').toBeGreaterThan(0.8)
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`),
    }))
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  // Wait for the page's own loading states to end, so axe and the screenshot see the real screen.
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
}

async function api(page: Page, method: 'post' | 'put', path: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as {
    csrfToken: string
  }
  const response = await page.request[method](path, { data, headers: { 'x-csrf-token': csrfToken } })
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true)
}

async function chooseTheme(page: Page, label: 'System' | 'Light' | 'Dark') {
  await open(page, '/settings', 'User Settings')
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/user/settings') && r.request().method() === 'PUT',
  )
  // Chosen, then saved with the page's one "Save Settings", as every setting is.
  await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label })
  await page.getByRole('button', { name: 'Save Settings' }).click()
  expect((await saved).status()).toBe(200)
}

test('the login page and the signed-in pages follow a dark device, with no serious axe violation', async ({
  page,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Welcome to Remi' })).toBeVisible()
  await expectTheme(page, 'dark')
  expect(await seriousViolations(page)).toEqual([])
  await expectReadableLoginButtons(page)
  await page.screenshot({ path: `${SCREENS}/login-dark.png` })

  // The server's own sign-in page follows the device too (CSS only: it runs none of the app).
  // The server's own page (an invitation link leads there) is reached through the sign-in route.
  await page.goto('/api/auth/login/google')
  await page.waitForURL(/\/oidc\/interaction\//)
  await expect(page.locator('h1')).toBeVisible()
  expect(luminance(await background(page))).toBeLessThan(0.05)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: `${SCREENS}/local-sign-in-dark.png` })

  await page.goto('/login')
  await signIn(page, { name: 'Dark Person' })
  await api(page, 'post', '/api/memories', {
    text: 'Dentist on Tuesday at 10:00',
    tags: ['health'],
    date: null,
  })
  await api(page, 'post', '/api/memories', {
    text: "Ana's birthday is on 12 May",
    tags: ['family'],
    date: null,
  })

  for (const { path, heading } of pages) {
    await open(page, path, heading)
    if (path === '/chat') {
      const input = page.getByRole('textbox', { name: 'Message' })
      await input.fill('when is the dentist?')
      await input.press('Enter')
      await expect(page.locator('.chat-bubble-assistant')).toHaveCount(1)
    }
    await expectTheme(page, 'dark')
    // The navbar stays a dark bar of its own above the dark page (a shade of its own, not the page's).
    const bar = await background(page, 'header .navbar')
    expect(bar).not.toBe(await background(page))
    expect(luminance(bar)).toBeLessThan(0.05)
    expect(await seriousViolations(page), `axe on ${path}`).toEqual([])
    await page.screenshot({ path: `${SCREENS}${path}-dark.png`, fullPage: true })
  }
  await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveAttribute('content', '#121a2b')
  await open(page, '/data-sources', 'Data Sources')
  await expectTheme(page, 'dark')
  expect(await seriousViolations(page), 'axe on /data-sources').toEqual([])
  await page.screenshot({ path: `${SCREENS}/data-sources-dark.png`, fullPage: true })

  // The shortcuts dialog ('?') in the dark theme.
  // Not from the chat's message box, where '?' is typed: from the dashboard.
  await open(page, '/dashboard', 'Dashboard')
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: `${SCREENS}/shortcuts-dark.png` })
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('the setting overrides the device both ways, from the first paint on', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/login')
  await expectTheme(page, 'light')
  expect(await seriousViolations(page)).toEqual([])
  await expectReadableLoginButtons(page)
  await page.screenshot({ path: `${SCREENS}/login-light.png` })
  // The server's own page (an invitation link leads there) is reached through the sign-in route.
  await page.goto('/api/auth/login/google')
  await page.waitForURL(/\/oidc\/interaction\//)
  await expect(page.locator('h1')).toBeVisible()
  expect(luminance(await background(page))).toBeGreaterThan(0.8)
  await page.screenshot({ path: `${SCREENS}/local-sign-in-light.png` })
  await page.goto('/login')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectTheme(page, 'dark')
  await signIn(page, { name: 'Light Person' })
  await api(page, 'post', '/api/memories', { text: 'Pay the rent on the 1st', tags: ['money'], date: null })

  await chooseTheme(page, 'Light')
  await expectTheme(page, 'light')
  await page.screenshot({ path: `${SCREENS}/settings-light.png`, fullPage: true })
  for (const { path, heading } of pages) {
    await open(page, path, heading)
    await expectTheme(page, 'light')
    expect(await seriousViolations(page), `axe on ${path}`).toEqual([])
    await page.screenshot({ path: `${SCREENS}${path}-light.png`, fullPage: true })
  }
  // Every theme-color follows the choice, whatever the device says.
  await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveAttribute('content', '#1f3b73')

  // Before the app's code runs at all, the cached choice is on the page: no dark flash.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.goto('/dashboard')
  await expectTheme(page, 'light')
  await page.unroute(/\/assets\/.*\.js$/)

  // Dark chosen on a light device: dark before the app's code runs, so it never flashes white.
  await chooseTheme(page, 'Dark')
  await expectTheme(page, 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.goto('/dashboard')
  await expectTheme(page, 'dark')
  await page.unroute(/\/assets\/.*\.js$/)

  // A new device (nothing cached) that is light: the Dark setting from the server wins.
  await page.evaluate(() => window.localStorage.removeItem('remi.theme'))
  await open(page, '/memories', 'Memories')
  await expectTheme(page, 'dark')
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveAttribute('content', '#121a2b')
  await page.screenshot({ path: `${SCREENS}/memories-dark-setting.png`, fullPage: true })
  await open(page, '/settings', 'User Settings')
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark')
  await page.getByRole('combobox', { name: 'Timezone' }).selectOption('Asia/Tokyo')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: `${SCREENS}/settings-toast-dark.png`, fullPage: true })

  // Back to System: the page follows the device again, live.
  await chooseTheme(page, 'System')
  await expectTheme(page, 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectTheme(page, 'dark')
})

test('keyboard: g m, / and n on the memories page, none while typing', async ({ page }) => {
  await page.goto('/login')
  await signIn(page, { name: 'Keys Person' })
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await page.keyboard.press('g')
  await page.keyboard.press('m')
  await expect(page).toHaveURL(/\/memories$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Memories' })).toBeVisible()
  const search = page.getByRole('searchbox', { name: 'Search memories' })
  await page.keyboard.press('/')
  await expect(search).toBeFocused()
  await page.keyboard.type('n')
  await expect(search).toHaveValue('n')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await search.fill('')
  await search.blur()
  await page.keyboard.press('n')
  const dialog = page.getByRole('dialog', { name: 'Create Memory' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.keyboard.press('g')
  await page.keyboard.press('c')
  await expect(page).toHaveURL(/\/chat$/)
})

const MARKDOWN = [
  "Ana's birthday is on **12 May**.\n\n",
  '> Plan a present early.\n\n',
  '| Gift | Price |\n|---|---|\n| Book | 20 |\n| Plant | 15 |\n\n',
  'Run `remi --help`, or:\n\n```\nnpm start\n```\n',
]

for (const theme of ['dark', 'light'] as const) {
  withModel(`an answer's Markdown and citation chips in the ${theme} theme`, async ({ page, model }) => {
    await page.emulateMedia({ colorScheme: theme })
    await page.goto('/chat')
    await signIn(page, { name: `Markdown ${theme}` })
    // A later account made through the sign-up link may land on the dashboard: let its briefing (which asks
    // the model) finish before the chat's answer is scripted.
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
    await open(page, '/chat', 'Chat with Remi')
    // Not the answer's own words: a memory the answer quotes word for word gets no chip.
    await api(page, 'post', '/api/memories', {
      text: 'Ana: birthday 12 May, likes books',
      tags: ['family'],
      date: null,
    })
    model.enqueue(
      openaiReply.toolCall('search_memories', { query: 'Ana birthday' }),
      openaiReply.text(MARKDOWN),
    )
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.fill("When is Ana's birthday?")
    await input.press('Enter')
    const reply = page.locator('.chat-bubble-assistant').first()
    await expect(reply.locator('table')).toBeVisible()
    await expect(reply.getByRole('link', { name: /Open memory/ })).toBeVisible()
    await expectTheme(page, theme)
    const pre = luminance(await background(page, '.chat-bubble-assistant pre'))
    if (theme === 'dark') expect(pre).toBeLessThan(0.1)
    else expect(pre).toBeGreaterThan(0.7)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: `${SCREENS}/chat-markdown-${theme}.png`, fullPage: true })
  })
}
