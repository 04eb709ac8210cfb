import { todayIn } from '@remi/shared'
import type { Page } from '@playwright/test'
import { testWithFakes as test, expect, signIn } from './fixtures.ts'

// The ICS fake builds "today" in UTC; so does this browser, and so the user signed in from it.
test.use({ timezoneId: 'UTC' })

/** A write through the API with the browser's own session, as the app makes it (CSRF token header). */
async function write(page: Page, method: 'POST' | 'PUT', path: string, data: object) {
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

test('shows the counts, and Regenerate writes a briefing naming the weather and the first event', async ({
  page,
  fakes,
}) => {
  await signIn(page, { name: 'Ana' })
  // Signing in lands here: today's briefing is written now, before anything is set up.
  // Offline (no model here): the card is 'Daily Briefing'; 'AI-generated insights' heads a model's.
  const briefing = page.locator('.card').filter({ hasText: 'Daily Briefing' })
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(briefing).toContainText('Weather is off')
  const today = todayIn('UTC')
  await write(page, 'POST', 'memories', { text: 'Water the plants', tags: ['home'], date: today })
  await write(page, 'POST', 'memories', { text: 'Met Rui for coffee', tags: [], date: '2020-01-15' })
  await write(page, 'PUT', 'datasources/weather', {
    isEnabled: true,
    configuration: { locationName: 'Lisbon' },
  })

  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const total = page.getByRole('link', { name: /Total Memories/ })
  await expect(total).toContainText('2')
  await expect(page.getByRole('link', { name: /Recent Memories/ })).toContainText('1')
  await expect(page.getByRole('link', { name: /Active Chats/ })).toContainText('0')
  await expect(page.getByText(/^Last updated: \d/)).toBeVisible()

  // The memories changed since the briefing was written: it is written again at once, with the weather
  // of the place now set up and today's memory.
  await expect(briefing.getByText('Good day, Ana!', { exact: false })).toBeVisible()
  await expect(briefing).toContainText('Water the plants')
  await expect(briefing).toContainText('Lisbon')
  await expect(briefing).toContainText('Calendar is off')

  // A calendar set up now waits for the stored briefing to be 30 minutes old, or for Regenerate.
  await write(page, 'PUT', 'datasources/calendar', {
    isEnabled: true,
    configuration: { icsUrl: fakes.ics.calendarUrl },
  })
  await page.reload()
  await expect(briefing).toContainText('Water the plants')
  await expect(briefing).toContainText('Calendar is off')
  await briefing.getByRole('button', { name: 'Regenerate' }).click()
  // The day's events (the all-day holiday first) join the weather and today's memory.
  await expect(briefing).toContainText('Company holiday')
  await expect(briefing).toContainText('Team standup')
  await expect(briefing).toContainText('Lisbon')
  await expect(briefing).toContainText('Water the plants')
  await expect(briefing).not.toContainText('Calendar is off')
  await expect(briefing.getByText(/by the offline template/)).toBeVisible()
  await expect(briefing.getByRole('button', { name: 'Regenerate' })).toBeEnabled()
  await page.reload()
  await expect(briefing).toContainText('Company holiday')

  // The Recent Memories card opens the memories list on the last 30 days.
  await page.getByRole('link', { name: /Recent Memories/ }).click()
  await expect(page).toHaveURL(/\/memories$/)
  await expect(page.getByText('Showing 1 of 1 memories')).toBeVisible()
  await expect(page.getByText('Water the plants')).toBeVisible()
  await expect(page.getByText('Met Rui for coffee')).toBeHidden()
})
