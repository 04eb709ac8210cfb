import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

const path = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

test('an unauthenticated visit goes to /login, and local sign-in returns to the page with a welcome', async ({
  page,
}) => {
  await page.goto('/memories?x=1')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Welcome to Remi' })).toBeVisible()

  await signIn(page, { name: 'Return Person' })
  await expect.poll(() => path(page)).toBe('/memories?x=1')
  await expect(page.getByText('Successfully logged in! Welcome to Remi.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Memories', level: 1 })).toBeVisible()
})

test('each navbar link leads to its page', async ({ page }) => {
  await signIn(page, { name: 'Link Person' })
  await expect(page).toHaveURL(/\/dashboard$/)

  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [link, url, heading] of [
    ['Memories', '/memories', 'Memories'],
    ['Chat', '/chat', 'Chat with Remi'],
    ['Data Sources', '/data-sources', 'Data Sources'],
    ['Dashboard', '/dashboard', 'Dashboard'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click()
    await expect.poll(() => path(page)).toBe(url)
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
  }

  await page.getByRole('link', { name: 'Chat', exact: true }).click()
  await page.getByRole('link', { name: 'Remi', exact: true }).click()
  await expect.poll(() => path(page)).toBe('/dashboard')

  await page.getByRole('button', { name: 'Link Person' }).click()
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect.poll(() => path(page)).toBe('/settings')
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible()
})

test('a saved timezone survives a reload', async ({ page }) => {
  await signIn(page, { name: 'Zone Person' })
  await page.goto('/settings')
  const picker = page.getByRole('combobox', { name: 'Timezone' })
  await picker.selectOption('Asia/Tokyo')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Asia/Tokyo')
})

test('Settings saves one way: every section waits for "Save Settings"; a refusal says why and keeps it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, { name: 'One Save Person' })
  await page.goto('/settings')
  await page.getByRole('combobox', { name: 'Timezone' }).selectOption('Asia/Tokyo')
  await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' })
  // Nothing applied or sent yet; the page says what is waiting.
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light')
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Chat' })
    .click()
  await page.getByLabel('Save facts from chats automatically').check()
  const save = page.getByRole('button', { name: 'Save Settings' })
  // Scrolled down to Chat on a phone, the one save is still in view.
  await expect(save).toBeInViewport()
  await expect(page.getByText('Unsaved changes in Profile, Appearance and Chat')).toBeVisible()

  // The chat store refuses this once: the rest is saved, Chat stays as chosen, with the reason.
  await page.route('**/api/auth/user/settings/chat', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 503, json: { message: 'Try again in a minute.' } })
      : route.fallback(),
  )
  await save.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Chat could not be saved' })).toContainText(
    'Try again in a minute. Your changes are still here: press Save Settings to try again.',
  )
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark')
  await expect(page.getByLabel('Save facts from chats automatically')).toBeChecked()
  await expect(page.getByText('Unsaved changes in Chat')).toBeVisible()

  await page.unroute('**/api/auth/user/settings/chat')
  await save.click()
  await expect(page.getByText('Settings saved successfully')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Asia/Tokyo')
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark')
  await expect(page.getByLabel('Save facts from chats automatically')).toBeChecked()
  await expect(page.getByText('No unsaved changes')).toBeVisible()
})

test('logout lands on / and then on /login, and the session is gone', async ({ page }) => {
  await signIn(page, { name: 'Leaving Person' })
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.evaluate(() => {
    // SPA navigations change history without loading a page; record each address the app goes through.
    const w = window as unknown as { __visited: string[] }
    w.__visited = []
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history)
      history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url !== undefined && url !== null) w.__visited.push(new URL(url, location.href).pathname)
        original(data, unused, url)
      }
    }
  })

  await page.getByRole('button', { name: 'Leaving Person' }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  const visited = await page.evaluate(() => (window as unknown as { __visited: string[] }).__visited)
  expect(visited).toContain('/')
  expect(visited.indexOf('/')).toBeLessThan(visited.lastIndexOf('/login'))

  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
})

test('visiting /login when signed in goes to /dashboard', async ({ page }) => {
  await signIn(page, { name: 'Back Again' })
  await page.goto('/login')
  await expect.poll(() => path(page)).toBe('/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
}

test('axe finds no serious or critical accessibility violation on /login and /settings', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Welcome to Remi' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await signIn(page, { name: 'Axe Person' })
  await page.goto('/settings')
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
