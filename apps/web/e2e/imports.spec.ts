import type { Page } from '@playwright/test'
import { zipOf } from '../../server/src/modules/imports/test-files.ts'
import { expect, signIn, test } from './fixtures.ts'

const NOTES = 5000

/** An Obsidian-style vault: many notes in nested folders, one to find, one trashed, one empty. */
function vault(): Buffer {
  return zipOf([
    {
      name: 'Vault/Travel/Trip planning.md',
      data: Buffer.from(
        '---\ntags: [travel]\ncreated: 2026-02-03\n---\nBooked the ferry to Skopelos. #islands\n',
      ),
    },
    { name: 'Vault/.trash/Old.md', data: Buffer.from('Forget this') },
    { name: 'Vault/Daily/Empty.md', data: Buffer.from('') },
    ...Array.from({ length: NOTES - 1 }, (_, i) => ({
      name: `Vault/Folder ${i % 25}/Sub ${i % 7}/Note ${i}.md`,
      data: Buffer.from(`Everyday note number ${i}. ${'words '.repeat(30)}`),
    })),
  ])
}

/** Drops files on the Import button, as a person drags them from their file manager. */
async function dropOnImport(page: Page, name: string, data: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], name, { type: 'application/zip' }))
      return transfer
    },
    { name, base64: data.toString('base64') },
  )
  await page.getByRole('button', { name: 'Import', exact: true }).dispatchEvent('drop', { dataTransfer })
}

test('drop a vault, read the preview, import with progress that survives a reload, find a note, undo', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signIn(page, { name: 'Importing Person' })
  await page.goto('/memories')
  await expect(page.getByRole('heading', { name: 'No Memories Yet' })).toBeVisible()

  await dropOnImport(page, 'Vault.zip', vault())
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Import notes' })).toBeVisible()
  await expect(
    dialog.getByText(`${NOTES + 2} notes found: ${NOTES} to import, 1 trashed, 1 empty`),
  ).toBeVisible({
    timeout: 60_000,
  })
  await expect(dialog.getByRole('list', { name: 'Skipped notes' })).toContainText('Old: In the trash.')
  await expect(dialog.getByRole('list', { name: 'Skipped notes' })).toContainText(
    'Vault/Daily/Empty.md: Empty.',
  )
  await expect(dialog.getByText('Trip planning', { exact: false }).first()).toBeVisible()

  await dialog.getByRole('button', { name: `Import ${NOTES} notes` }).click()
  await expect(dialog).toBeHidden()
  // "N of 5000" beside the bar (at 0 the bar itself has no width), and the bar for assistive technology.
  const progress = page.getByText(new RegExp(`^\\d+ of ${NOTES}$`))
  await expect(progress).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '100')
  // The progress is the server's: a reload shows it again, further along.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Memories', level: 1 })).toBeVisible()
  await expect(progress.or(page.getByRole('button', { name: 'Undo this import' }))).toBeVisible()
  await expect(page.getByRole('button', { name: 'Undo this import' })).toBeVisible({ timeout: 120_000 })
  await expect(page.getByText(`${NOTES} memories added`)).toBeVisible()
  await expect(page.getByText(`Showing 12 of ${NOTES} memories`)).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search memories' }).fill('Skopelos ferry')
  const card = page.getByTestId('memory-card').filter({ hasText: 'Booked the ferry to Skopelos' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Trip planning')
  await expect(card.getByText('islands', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Undo this import' }).click()
  await expect(page.getByText(`Removed ${NOTES} imported memories.`)).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('memory-card')).toHaveCount(0)
})
