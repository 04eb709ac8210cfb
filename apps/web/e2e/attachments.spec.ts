import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

const dialog = (page: Page) => page.getByRole('dialog')

/** A photo of printed words, rendered from SVG text: what the server's OCR reads. */
const photoOfWords = (words: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="100%" height="100%" fill="white"/><text x="20" y="120" font-family="DejaVu Sans, sans-serif" font-size="64" fill="black">${words}</text></svg>`,
    ),
  )
    .png()
    .toBuffer()

test('a photo added to a new memory is shown on its card and found by a word in it', async ({ page }) => {
  await signIn(page, { name: 'Photo Person' })
  await page.goto('/memories')
  await page.getByRole('button', { name: 'Add Memory' }).click()
  const photo = dialog(page).getByLabel('Add a photo')
  await expect(photo).toHaveAttribute('capture', 'environment')
  await photo.setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: await photoOfWords('Receipt kumquat 42'),
  })
  await expect(dialog(page).getByRole('list', { name: 'Files to attach' })).toContainText('receipt.png')
  // Made of the photo alone: its name is its text until the photo is read.
  await dialog(page).getByRole('button', { name: 'Create Memory' }).click()
  await expect(dialog(page)).toBeHidden()
  const card = page
    .getByTestId('memory-card')
    .filter({ has: page.getByRole('link', { name: 'receipt.png' }) })
  await expect(card).toBeVisible()
  await expect
    .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0)
  // Read by OCR in the job queue: the text becomes the photo's first line, and its words are searched.
  await expect(card.getByText('Receipt kumquat 42')).toBeVisible({ timeout: 45_000 })
  await expect(card.getByText('Reading…')).toBeHidden()
  await page.screenshot({ path: test.info().outputPath('memory-with-photo.png') })
  await page.getByLabel('Search memories').fill('kumquat')
  await expect(page.getByTestId('memory-card')).toHaveCount(1)
})

test('"Share → Remi": a POST to the share URL with a file opens the new memory with it', async ({ page }) => {
  await signIn(page, { name: 'Sharing Person' })
  await page.goto('/memories')
  // The service worker every signed-in tab registers; it handles the share target's POST.
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
    .toBe(true)
  // As the system's share sheet sends it: a multipart form POSTed to /share (the manifest's share_target).
  await page.evaluate(() => {
    const form = document.createElement('form')
    form.method = 'POST'
    form.action = '/share'
    form.enctype = 'multipart/form-data'
    const title = Object.assign(document.createElement('input'), { name: 'title', value: 'Boarding pass' })
    const input = Object.assign(document.createElement('input'), { type: 'file', name: 'file' })
    const files = new DataTransfer()
    files.items.add(new File(['%PDF-1.4'], 'pass.pdf', { type: 'application/pdf' }))
    input.files = files.files
    form.append(title, input)
    document.body.append(form)
    form.submit()
  })
  await expect(page).toHaveURL(/\/memories$/)
  await expect(dialog(page).getByRole('heading', { name: 'Create Memory' })).toBeVisible()
  await expect(dialog(page).getByLabel('Memory')).toHaveValue('Boarding pass')
  await expect(dialog(page).getByRole('list', { name: 'Files to attach' })).toContainText('pass.pdf')
})
