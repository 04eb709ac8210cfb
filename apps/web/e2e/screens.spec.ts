import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, signIn, testWithFakes as test } from './fixtures.ts'

/*
 * Every screen once per theme and width, in one browser context: an axe check of each, and a screenshot
 * kept as the visual reference (e2e/screens.spec.ts-snapshots, committed). After a change of look, look
 * at the new pictures and update them with `--update-snapshots`.
 *
 * What changes from run to run (times, the briefing's words, sessions) is masked, so the pictures
 * compare the design, not the clock. The tolerance is for font rendering (anti-aliasing), not layout.
 *
 * The same pictures whatever ran before and whenever it runs: the worker's server is shared with the
 * specs before this one (dashboard, data sources), so the sign-in screen is taken with an account there
 * ("Sign in"; an empty server asks for the first account); the memories' dates are months old, so the
 * dashboard's "Last 30 days" count is 0 on any day; a screen is taken once nothing on it is loading.
 */

test.use({ timezoneId: 'UTC' })

const WIDTHS = [
  { name: '390', width: 390, height: 844 },
  { name: '1280', width: 1280, height: 800 },
] as const
const THEMES = ['light', 'dark'] as const

interface Screen {
  name: string
  path: string
  heading: string
  /** Ready when these show (data loaded) and nothing is loading any more (see settled). */
  ready: (page: Page) => Locator[]
  masks?: (page: Page) => Locator[]
}

const SCREENS: Screen[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    heading: 'Dashboard',
    // The card's heading shows while the briefing loads: its words (masked) are there once it has come.
    ready: (page) => [page.getByRole('heading', { name: 'Daily Briefing' }), page.locator('.markdown-body')],
    masks: (page) => [page.getByText(/^Last updated/), page.locator('.markdown-body, .card-footer')],
  },
  {
    name: 'memories',
    path: '/memories',
    heading: 'Memories',
    // The popular tags are a query of their own, with nothing shown while it loads.
    ready: (page) => [
      page.getByText('Showing 3 of 3 memories'),
      page.getByTestId('memory-card').nth(2),
      page.getByRole('group', { name: 'Popular tags' }),
    ],
  },
  {
    name: 'chat',
    path: '/chat',
    heading: 'Chat with Remi',
    ready: (page) => [page.getByRole('heading', { name: 'Welcome to Remi Chat!' })],
  },
  {
    name: 'reminders',
    path: '/reminders',
    heading: 'Reminders',
    ready: (page) => [page.getByText('No upcoming reminders.'), page.getByText('No automations yet.')],
  },
  {
    name: 'data-sources',
    path: '/data-sources',
    heading: 'Data Sources',
    ready: (page) => [page.getByRole('switch').first()],
  },
  {
    name: 'settings',
    path: '/settings',
    heading: 'Settings',
    ready: (page) => [page.getByRole('list', { name: 'Sessions' })],
    // The sessions (devices, times) and the MCP endpoint (the server's port) change from run to run.
    masks: (page) => [page.getByRole('list', { name: 'Sessions' }), page.locator('input[value*="/api/mcp"]')],
  },
]

async function call(page: Page, method: 'POST', path: string, data: object) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as {
    csrfToken: string
  }
  const res = await page.request.fetch(`/api/${path}`, {
    method,
    data,
    headers: { 'x-csrf-token': csrfToken },
  })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true)
}

/**
 * Nothing on the page is still loading: no spinner, no placeholder, nothing marked busy, every image
 * drawn. axe and the picture then see the screen a person reads, not a moment of its loading.
 */
async function settled(page: Page) {
  await expect(
    page.locator('.spinner-border, .placeholder, [aria-busy="true"]').filter({ visible: true }),
  ).toHaveCount(0)
  await expect
    .poll(() =>
      page.evaluate(() => Array.from(document.images).every((i) => i.complete && i.naturalWidth > 0)),
    )
    .toBe(true)
}

/**
 * The font the page's text is drawn in, as the browser found it on this machine (system-ui, through
 * fontconfig). The references were drawn in DejaVu Sans (Debian's fonts-dejavu-core); another font
 * would change every picture, and this says so in one line instead of 28 picture differences.
 */
async function platformFonts(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument')
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    return fonts.map((font) => font.familyName)
  } finally {
    await cdp.detach()
  }
}

async function check(page: Page, name: string, masks: Locator[] = []) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  // Soft: one run reports every screen's findings and writes every picture.
  expect
    .soft(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe on ${name}`,
    )
    .toEqual([])
  // No caret, no transitions: the same picture every time.
  await expect.soft(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    mask: masks,
    maxDiffPixelRatio: 0.01,
    threshold: 0.25,
  })
}

async function look(page: Page, theme: (typeof THEMES)[number], size: (typeof WIDTHS)[number]) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
  await page.setViewportSize({ width: size.width, height: size.height })
}

test('every screen in both themes at 390 and 1280 px: axe finds nothing, and it looks as it did', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(900_000)

  // /login asks for "Create the first account" on a server nobody has signed up to yet, and says "Sign in"
  // once somebody has. The server may be fresh or have run other specs' tests: someone signs up here
  // first (in a page of their own), so the pictures are always of "Sign in".
  const someoneElse = await browser.newPage({ baseURL })
  await signIn(someoneElse, { name: 'Someone Else' })
  await someoneElse.close()

  // Signed out: the sign-in screen.
  for (const theme of THEMES) {
    for (const size of WIDTHS) {
      await look(page, theme, size)
      await page.goto('/login')
      await expect(page.getByRole('heading', { name: 'Welcome to Remi' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
      await settled(page)
      if (theme === 'light' && size.name === '390')
        expect(await platformFonts(page, 'h1'), 'the font the references were drawn in').toEqual([
          'DejaVu Sans',
        ])
      await check(page, `login-${theme}-${size.name}`)
    }
  }

  await signIn(page, { name: 'Ada Lovelace', email: 'ada@example.test' })
  // Dated more than 30 days before the references were taken (29 Nov 2026), so "Recent Memories, Last 30
  // days" reads 0 on every later day; recent dates would make it 2, then 1, then 0 as the calendar moves.
  for (const memory of [
    {
      text: 'Mum’s birthday is 14 March. She loves orchids.',
      tags: ['family', 'birthday'],
      date: '2026-03-14',
    },
    { text: 'Shopping\n- [ ] Milk\n- [x] Eggs\n- [ ] Basil', tags: ['home'], date: '2026-09-20' },
    {
      text: 'The ferry to Cacilhas leaves at nine from Cais do Sodré.',
      tags: ['travel'],
      date: '2026-09-18',
    },
  ])
    await call(page, 'POST', 'memories', memory)

  for (const theme of THEMES) {
    for (const size of WIDTHS) {
      await look(page, theme, size)
      for (const screen of SCREENS) {
        await page.goto(screen.path)
        await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible()
        for (const ready of screen.ready(page)) await expect(ready).toBeVisible()
        await settled(page)
        const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
        expect
          .soft(widths[0], `${screen.name} at ${size.name} px is wider than the screen`)
          .toBeLessThanOrEqual(widths[1]!)
        await check(page, `${screen.name}-${theme}-${size.name}`, screen.masks?.(page))
      }
    }
  }
})

test('a reminder toast sits under the navigation in the page, covering no control, in the theme', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, { name: 'Toast Person' })
  await page.goto('/memories')
  const add = page.getByRole('button', { name: 'Add Memory' })
  await expect(add).toBeVisible()
  const before = await add.boundingBox()
  await call(page, 'POST', 'reminders', {
    text: 'Water the plants',
    dueAt: new Date(Date.now() + 2_000).toISOString(),
  })
  const toast = page.getByRole('alert').filter({ hasText: 'Water the plants (' })
  await expect(toast).toBeVisible({ timeout: 20_000 })
  await expect(toast.locator('strong')).toHaveText('Reminder')
  const box = (await toast.boundingBox())!
  const after = (await add.boundingBox())!
  // The page moved down to make room: "Add Memory" is below the toast, not under it.
  expect(after.y).toBeGreaterThanOrEqual(box.y + box.height)
  expect(after.y).toBeGreaterThan(before!.y)
  // Not the bright cyan of Bootstrap's info toast.
  const background = await toast.evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(background).not.toBe('rgb(13, 202, 240)')
})

test('the chat header stays on one row on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, { name: 'Phone Person' })
  await page.goto('/chat')
  const header = page.locator('.chat-header')
  await expect(header.getByRole('heading', { name: 'Chat with Remi' })).toBeVisible()
  const boxes = await header.evaluate((el) =>
    Array.from(el.children).map((c) => {
      const r = c.getBoundingClientRect()
      return r.width > 0 ? Math.round(r.top + r.height / 2) : null
    }),
  )
  const centres = boxes.filter((b): b is number => b !== null)
  // Every visible item of the header shares one row: their vertical centres within a few pixels.
  expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(4)
})
