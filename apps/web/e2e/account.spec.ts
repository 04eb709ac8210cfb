import { readFileSync } from 'node:fs'
import yauzl from 'yauzl'
import AxeBuilder from '@axe-core/playwright'
import type { AccountExport, MemoryList } from '@remi/shared'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

/** A write from the signed-in page's own session (cookie and CSRF token), as the app makes it. */
async function post(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as {
    csrfToken: string
  }
  return page.request.post(path, { data, headers: { 'x-csrf-token': csrfToken, ...headers } })
}

/** The JSON file inside the export zip. */
async function jsonOf(zipped: Buffer): Promise<AccountExport> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zipped, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  )
  return new Promise((resolve, reject) => {
    zip.on('error', reject)
    zip.on('end', () => reject(new Error('no remi-export.json in the zip')))
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== 'remi-export.json') return zip.readEntry()
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        for await (const chunk of stream) chunks.push(chunk as Buffer)
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as AccountExport)
      })
    })
    zip.readEntry()
  })
}

test('download everything, delete the account after typing the e-mail, land signed out; the file restores it', async ({
  page,
}) => {
  const email = await signIn(page, { name: 'Leaving Person' })
  expect(
    (await post(page, '/api/memories', { text: 'Keys are under the blue pot', tags: ['home'] })).status(),
  ).toBe(201)
  expect(
    (await post(page, '/api/chat/send', { content: 'remember the boat trip is on Saturday' })).status(),
  ).toBe(200)

  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible()

  // The whole account as one zip (its JSON and the memories' files), before anything is deleted.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^remi-export-\d{4}-\d{2}-\d{2}\.zip$/)
  const zipped = readFileSync((await download.path())!)
  const file = await jsonOf(zipped)
  expect(file.profile.email).toBe(email)
  expect(file.memories.map((m) => m.text)).toEqual(
    // "Saturday" is kept with its date ("on Saturday, November 28"), as the chat saves relative days.
    expect.arrayContaining([
      'Keys are under the blue pot',
      expect.stringMatching(/^The boat trip is on Saturday, \w+ \d+/),
    ]),
  )
  expect(file.conversations[0]!.messages.map((m) => m.role)).toEqual(['user', 'assistant'])

  await page.getByRole('button', { name: 'Delete account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete account' })
  await expect(dialog).toContainText('permanently deletes your account and everything in it')
  const confirm = dialog.getByRole('button', { name: 'Delete account' })
  await expect(confirm).toBeDisabled()
  const axe = await new AxeBuilder({ page }).include('.modal').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  await dialog.getByLabel(`Type your e-mail address (${email}) to confirm`).fill('not-me@example.test')
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel(`Type your e-mail address (${email}) to confirm`).fill(email.toUpperCase())
  await expect(confirm).toBeEnabled()
  await confirm.click()

  // Signed out, on the sign-in page, told what happened.
  await page.waitForURL((url) => url.pathname === '/login')
  await expect(page.getByText('Your account has been deleted.')).toBeVisible()
  // Signed out: the sign-in form, or the first account's when this was the instance's only one (a worker
  // restarted after another spec failed starts on an empty database).
  await expect(page.getByRole('heading', { name: /^(Sign in|Create the first account)$/ })).toBeVisible()
  expect((await page.request.get('/api/auth/user')).status()).toBe(401)
  expect(await page.evaluate(() => window.localStorage.getItem('remi.authToken'))).toBeNull()
  await page.goto('/settings')
  await page.waitForURL((url) => url.pathname === '/login')

  // The same e-mail signs in to a new, empty account; the file brings the memories and the chat back.
  await signIn(page, { email, name: 'Returning Person' })
  const empty = (await (await page.request.get('/api/memories')).json()) as MemoryList
  expect(empty.totalCount).toBe(0)
  const restored = await post(page, '/api/auth/user/import', zipped, { 'content-type': 'application/zip' })
  expect(restored.status()).toBe(200)
  expect(await restored.json()).toEqual({
    memories: { imported: 2, created: 2, updated: 0 },
    chat: { conversations: 1, messages: 2 },
    files: 0,
  })
  await page.goto('/memories')
  await expect(page.getByText('Keys are under the blue pot')).toBeVisible()
  await page.goto('/chat')
  await expect(
    page.getByRole('log', { name: 'Conversation' }).getByText('remember the boat trip is on Saturday'),
  ).toBeVisible()
})
