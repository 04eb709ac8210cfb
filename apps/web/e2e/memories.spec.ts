import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { addDays, quickDateRange, todayIn, type QuickDateFilter } from '@remi/shared'
import { expect, signIn, test } from './fixtures.ts'

const cards = (page: Page) => page.getByTestId('memory-card')
const dialog = (page: Page) => page.getByRole('dialog')

async function openMemories(page: Page, name: string) {
  await signIn(page, { name })
  await page.goto('/memories')
  await expect(page.getByRole('heading', { name: 'Memories', level: 1 })).toBeVisible()
}

async function createMemory(page: Page, text: string, tags: string) {
  await page.getByRole('button', { name: 'Add Memory' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Create Memory' })).toBeVisible()
  await dialog(page).getByLabel('Memory').fill(text)
  await dialog(page).getByRole('textbox', { name: 'Tags' }).fill(tags)
  await dialog(page).getByRole('button', { name: 'Create Memory' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(cards(page).filter({ hasText: text })).toBeVisible()
}

/** Through the page's Import button, as a person would load an export file. */
async function importFile(page: Page, memories: Record<string, unknown>[]) {
  await page.getByLabel('Import file').setInputFiles({
    name: 'memories.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ format: 'remi-memories', version: 1, memories })),
  })
  await expect(page.getByText(`Imported ${memories.length} memories.`)).toBeVisible()
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
}

async function visibleTexts(page: Page) {
  return (await cards(page).locator('.card-text').allTextContents()).sort()
}

test('create, edit, search as you type, and delete through the confirm modal', async ({ page }) => {
  await openMemories(page, 'Memories Person')
  await expect(page.getByRole('heading', { name: 'No Memories Yet' })).toBeVisible()

  await createMemory(page, 'Dentist appointment on Tuesday', 'health, errands')
  await createMemory(page, 'Team meetings about the roadmap', 'work')
  await expect(page.getByText('Showing 2 of 2 memories')).toBeVisible()
  const dentist = cards(page).filter({ hasText: 'Dentist appointment' })
  await expect(dentist.getByText('health')).toBeVisible()

  // Edit
  await dentist.getByRole('button', { name: 'Edit memory' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Edit Memory' })).toBeVisible()
  await expect(dialog(page).getByLabel('Memory')).toHaveValue('Dentist appointment on Tuesday')
  await expect(dialog(page).getByText('Quick Tags')).toHaveCount(0)
  await dialog(page).getByLabel('Memory').fill('Dentist appointment moved to Wednesday')
  await dialog(page).getByRole('button', { name: 'Update Memory' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(cards(page).filter({ hasText: 'moved to Wednesday' })).toBeVisible()

  // Search as you type: a partial word, then a stemmed one.
  const search = page.getByRole('searchbox', { name: 'Search memories' })
  await search.pressSequentially('dent', { delay: 50 })
  await expect(page.getByText('Showing 1 of 1 memories')).toBeVisible()
  await expect.poll(() => visibleTexts(page)).toEqual(['Dentist appointment moved to Wednesday'])
  await search.fill('meeting')
  // The count stays "1 of 1": wait for the other memory to replace the first.
  await expect.poll(() => visibleTexts(page)).toEqual(['Team meetings about the roadmap'])
  await expect(page.getByText('Showing 1 of 1 memories')).toBeVisible()
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page.getByText('Showing 2 of 2 memories')).toBeVisible()
  await expect(search).toHaveValue('')

  // Delete, with the server held back long enough to see the busy state.
  await page.route('**/api/memories/*', async (route) => {
    if (route.request().method() === 'DELETE') await new Promise((r) => setTimeout(r, 700))
    await route.continue()
  })
  await cards(page)
    .filter({ hasText: 'Team meetings' })
    .getByRole('button', { name: 'Delete memory' })
    .click()
  await expect(dialog(page).getByRole('heading', { name: 'Delete Memory' })).toBeVisible()
  await dialog(page).getByRole('button', { name: 'Delete' }).click()
  await expect(dialog(page).getByRole('button', { name: 'Deleting...' })).toBeDisabled()
  await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeDisabled()
  await expect(dialog(page)).toBeHidden()
  await expect(page.getByText('Showing 1 of 1 memories')).toBeVisible()
  await expect.poll(() => visibleTexts(page)).toEqual(['Dentist appointment moved to Wednesday'])
})

test.describe("in the user's timezone", () => {
  // Fourteen hours ahead of UTC: "today" and the weeks differ from the server's for much of the day.
  const timeZone = 'Pacific/Kiritimati'
  test.use({ timezoneId: timeZone })

  test('each quick date filter, a tag filter and Clear', async ({ page }) => {
    await openMemories(page, 'Filter Person')
    const today = todayIn(timeZone)
    const ranges = Object.fromEntries(
      (['lastWeek', 'thisWeek', 'thisMonth'] as QuickDateFilter[]).map((k) => [k, quickDateRange(k, today)]),
    ) as Record<QuickDateFilter, { startDate: string; endDate?: string }>
    const memories = [
      { text: 'Sunday before last', date: ranges.lastWeek.startDate, tags: ['work'] },
      { text: 'Saturday ending last week', date: ranges.lastWeek.endDate!, tags: [] },
      { text: 'This Sunday', date: ranges.thisWeek.startDate, tags: ['work'] },
      { text: 'Today', date: today, tags: ['home'] },
      { text: 'First of the month', date: ranges.thisMonth.startDate, tags: [] },
      { text: 'Two weeks before last', date: addDays(ranges.lastWeek.startDate, -7), tags: ['work'] },
      { text: 'Years ago', date: '2020-01-01', tags: [] },
    ]
    await importFile(page, memories)
    await expect(page.getByText(`Showing ${memories.length} of ${memories.length} memories`)).toBeVisible()
    const all = memories.map((m) => m.text).sort()

    const expected = (r: { startDate: string; endDate?: string }) =>
      [
        ...new Set(
          memories
            .filter((m) => m.date >= r.startDate && (!r.endDate || m.date <= r.endDate))
            .map((m) => m.text),
        ),
      ].sort()
    for (const [label, key] of [
      ['Last Week', 'lastWeek'],
      ['This Week', 'thisWeek'],
      ['This Month', 'thisMonth'],
    ] as const) {
      await page.getByRole('button', { name: label }).click()
      await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true')
      const want = expected(ranges[key])
      await expect(page.getByText(`Showing ${want.length} of ${want.length} memories`)).toBeVisible()
      await expect.poll(() => visibleTexts(page)).toEqual(want)
    }
    // Choosing the active one again clears it.
    await page.getByRole('button', { name: 'This Month' }).click()
    await expect(page.getByText(`Showing ${all.length} of ${all.length} memories`)).toBeVisible()

    // A popular tag filters by it.
    await page.getByRole('group', { name: 'Popular tags' }).getByRole('button', { name: 'work (3)' }).click()
    await expect(page.getByText('Showing 3 of 3 memories')).toBeVisible()
    await expect
      .poll(() => visibleTexts(page))
      .toEqual(['Sunday before last', 'This Sunday', 'Two weeks before last'])

    await page.getByRole('button', { name: 'Last Week' }).click()
    await expect(page.getByText('Showing 1 of 1 memories')).toBeVisible()
    await page.getByRole('button', { name: 'Clear' }).click()
    await expect(page.getByText(`Showing ${all.length} of ${all.length} memories`)).toBeVisible()
    await expect.poll(() => visibleTexts(page)).toEqual(all)
    await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0)
  })
})

test('25 memories: Load More appends pages and switches to the virtualized grid; export downloads them', async ({
  page,
}) => {
  await openMemories(page, 'Many Person')
  const memories = Array.from({ length: 25 }, (_, i) => ({
    text: `Memory number ${String(i + 1).padStart(2, '0')}`,
    date: addDays('2026-01-01', i),
    tags: [`t${i % 3}`],
  }))
  await importFile(page, memories)
  await expect(page.getByText('Showing 12 of 25 memories')).toBeVisible()
  await expect(page.getByTestId('memory-grid')).toBeVisible()
  await expect(cards(page).first()).toContainText('Memory number 25')

  await page.getByRole('button', { name: 'Load More Memories' }).click()
  await expect(page.getByText('Showing 24 of 25 memories')).toBeVisible()
  const grid = page.getByTestId('memory-grid-virtual')
  await expect(grid).toBeVisible()
  await expect(page.getByTestId('memory-grid')).toHaveCount(0)
  const box = (await grid.boundingBox())!
  expect(box.height).toBe(800)
  expect(box.width).toBeLessThanOrEqual(1200)
  // The first page is still there, above the appended one.
  await expect(cards(page).first()).toContainText('Memory number 25')
  // Only the rows in view (and a few ahead) are in the page.
  expect(await cards(page).count()).toBeLessThan(24)

  await page.getByRole('button', { name: 'Load More Memories' }).click()
  await expect(page.getByText('Showing 25 of 25 memories')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Load More Memories' })).toHaveCount(0)
  await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(cards(page).filter({ hasText: 'Memory number 01' })).toBeVisible()

  await page.getByRole('button', { name: 'Export' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'JSON (can be imported)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^remi-memories-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    memories: { text: string }[]
  }
  expect(exported.memories.map((m) => m.text).sort()).toEqual(memories.map((m) => m.text).sort())
})

test('axe finds no serious or critical violation on the memories screen, its modal and its confirm', async ({
  page,
}) => {
  await openMemories(page, 'Axe Memories Person')
  await expect(page.getByRole('heading', { name: 'No Memories Yet' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await createMemory(page, 'Something to check', 'a11y, checks')
  await page.getByRole('button', { name: 'Advanced' }).click()
  await expect(page.getByLabel('Start date')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Add Memory' }).click()
  await dialog(page).getByRole('textbox', { name: 'Tags' }).fill('a')
  await expect(dialog(page).getByText('Quick Tags')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog(page).getByRole('button', { name: 'Cancel' }).click()
  await cards(page).first().getByRole('button', { name: 'Delete memory' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Delete Memory' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
