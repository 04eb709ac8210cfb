import AxeBuilder from '@axe-core/playwright'
import { request } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

test('create a token, see it once, use it, revoke it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  await signIn(page, { name: 'Token Person' })
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Access Tokens' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'MCP endpoint' })).toHaveValue(`${baseURL}/api/mcp`)
  await expect(page.getByText('No access tokens yet.')).toBeVisible()
  await expect(page.getByText(/will not be shown again/)).toBeVisible()

  // The form by its heading: Settings → Connected tools has a "Name" field too.
  const form = page.getByRole('form', { name: 'Create a token' })
  await form.getByRole('textbox', { name: 'Name' }).fill('E2E laptop')
  await form.getByRole('combobox', { name: 'Access' }).selectOption({ label: 'Read and write' })
  await form.getByRole('combobox', { name: 'Expires' }).selectOption({ label: '30 days' })
  await form.getByRole('button', { name: 'Create Token' }).click()

  // Shown once, with Copy and the warning.
  const secretField = page.getByRole('textbox', { name: 'New token' })
  await expect(secretField).toHaveValue(/^remi_pat_[A-Za-z0-9_-]{43}$/)
  const secret = await secretField.inputValue()
  await expect(page.getByText('Copy your new token now. It will not be shown again.')).toBeVisible()
  await page.getByRole('button', { name: 'Copy New token' }).click()
  await expect(page.getByText('New token copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)

  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  // The token works on the API from outside the browser: no cookie, no CSRF token.
  const tool = await request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  })
  const created = await tool.post('/api/memories', { data: { text: 'Saved from another tool' } })
  expect(created.status()).toBe(201)

  await page.getByRole('button', { name: 'Done' }).click()
  await expect(secretField).toBeHidden()
  const row = page.getByRole('list', { name: 'Access tokens' }).getByRole('listitem')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('E2E laptop')
  await expect(row).toContainText('Read and write')
  await expect(row).toContainText(`remi_pat_…${secret.slice(-4)}`)

  // Never again: not after a reload either.
  await page.reload()
  await expect(row).toContainText('Last used')
  await expect(row).not.toContainText('Last used never')
  expect(await page.content()).not.toContain(secret)

  await row.getByRole('button', { name: 'Revoke E2E laptop' }).click()
  const dialog = page.getByRole('dialog', { name: 'Revoke Access Token' })
  await expect(dialog).toContainText('Every tool using it loses access at once.')
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await expect(page.getByText("Token 'E2E laptop' revoked")).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('No access tokens yet.')).toBeVisible()

  expect((await tool.get('/api/memories')).status()).toBe(401)
  await tool.dispose()
})
