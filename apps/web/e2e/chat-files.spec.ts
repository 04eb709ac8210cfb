import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })

test('a file sent in the chat is saved as a memory and the answer quotes it (issue 49)', async ({ page }) => {
  // Signing up lands on the dashboard unless this is the server's first account (one server per worker).
  await signIn(page, { name: 'Chat Files Person' })
  await page.goto('/chat')
  await expect(page).toHaveURL(/\/chat$/)
  await page.getByLabel('Attach files').setInputFiles({
    name: 'receipt.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Kumquat Market receipt, total 12.40 euros'),
  })
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('receipt.txt')
  await page.getByRole('textbox', { name: 'Message' }).fill('My receipt from the market')
  await page.screenshot({ path: test.info().outputPath('composer-with-file.png') })
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')

  const answer = conversation(page).locator('.chat-bubble-assistant').last()
  await expect(answer).toContainText('I saved receipt.txt as a memory', { timeout: 30_000 })
  await expect(answer).toContainText('total 12.40 euros')
  await expect(conversation(page).getByRole('list', { name: 'Files sent' })).toContainText('receipt.txt')
  await page.screenshot({ path: test.info().outputPath('chat-with-file.png') })

  // The link opens the memory, then the page drops ?memory= from the address (a reload does not open it
  // again): the open dialog is what shows it worked, however quickly the address changed.
  await conversation(page).getByRole('link', { name: 'Saved as a memory' }).click()
  const opened = page.getByRole('dialog')
  await expect(opened.getByRole('heading', { name: 'Edit Memory' })).toBeVisible()
  await expect(opened).toContainText('receipt.txt')
  await expect(page).toHaveURL(/\/memories$/)
  await page.keyboard.press('Escape')
  await page.goto('/memories')
  await page.getByLabel('Search memories').fill('kumquat')
  await expect(page.getByTestId('memory-card')).toHaveCount(1)
})
