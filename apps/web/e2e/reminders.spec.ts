import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Reminder } from '@remi/shared'
import type { Page } from '@playwright/test'
import { test, expect, freePort, launchServer, signIn } from './fixtures.ts'

// Times are read and shown in UTC: the browser's zone, and so the zone the user signs in with.
test.use({ timezoneId: 'UTC' })

/** A call through the API with the browser's own session, as the app makes it (CSRF token header). */
async function call<T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: object) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf-token')).json()) as {
    csrfToken: string
  }
  const res = await page.request.fetch(`/api/${path}`, {
    method,
    data,
    headers: { 'x-csrf-token': csrfToken },
  })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()
const DAY = 24 * 60 * 60 * 1000

/** What the service worker has on screen: its registration's notifications (title, body, tag, actions). */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const shown = await registration.getNotifications()
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as Notification & { actions?: { title: string }[] }).actions ?? []).map((a) => a.title),
    }))
  })
}

/** The page is wider than the screen when something in it does not fit (a horizontal scroll bar). */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

test('a reminder due in a few seconds shows its toast and a system notification in every open tab; Done marks it done', async ({
  page,
  context,
  server,
}) => {
  await context.grantPermissions(['notifications'], { origin: server.url })
  await signIn(page)
  await expect(page).toHaveURL(/\/dashboard$/)
  // The signed-in shell registers the service worker that shows system notifications.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
  const other = await context.newPage()
  await other.goto('/reminders')
  await expect(other.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible()

  const reminder = await call<Reminder>(page, 'POST', 'reminders', {
    text: 'Water the plants',
    dueAt: inMs(4_000),
  })

  for (const tab of [page, other]) {
    const toast = tab.getByRole('alert').filter({ hasText: 'Water the plants (' })
    await expect(toast).toBeVisible({ timeout: 20_000 })
    await expect(toast).toContainText('Reminder')
    await expect(toast).toContainText('(Due today at')
    await expect(toast.getByRole('button', { name: 'Done: Water the plants' })).toBeVisible()
    await expect(toast.getByRole('button', { name: 'Snooze 10 minutes: Water the plants' })).toBeVisible()
  }

  // One system notification for the reminder, however many tabs show it, with the worker's two actions.
  await expect
    .poll(() => shownNotifications(page), { timeout: 10_000 })
    .toEqual([
      {
        title: 'Water the plants',
        body: expect.stringMatching(/^Due today at \d\d:\d\d$/),
        tag: `reminder-${reminder.id}`,
        actions: ['Done', 'Snooze 10 min'],
      },
    ])

  // The reminder went out (a one-off becomes 'sent'); Done in the toast marks it done.
  await expect
    .poll(async () => (await call<Reminder>(page, 'GET', `reminders/${reminder.id}`)).status)
    .toBe('sent')
  const toast = page.getByRole('alert').filter({ hasText: 'Water the plants (' })
  await toast.getByRole('button', { name: 'Done: Water the plants' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Done: Water the plants' })).toBeVisible()
  await expect(toast).toBeHidden()
  const after = await call<Reminder>(page, 'GET', `reminders/${reminder.id}`)
  expect(after.status).toBe('done')
  const { reminders: done } = await call<{ reminders: Reminder[] }>(page, 'GET', 'reminders?status=done')
  expect(done.map((r) => r.id)).toEqual([reminder.id])

  // The other tab lists it under Done.
  await other.getByRole('link', { name: 'Done' }).click()
  await expect(other.getByRole('list', { name: 'Done reminders' })).toContainText('Water the plants')
  await other.close()
})

test('after a server restart the open page gets its reminders again (the stream reconnects)', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'remi-e2e-restart-'))
  let server = await launchServer({}, { port, dataDir })
  const context = await browser.newContext({ baseURL: server.url, timezoneId: 'UTC' })
  const errors: string[] = []
  try {
    const page = await context.newPage()
    page.on('pageerror', (error) => errors.push(error.message))
    await signIn(page)
    await expect(page).toHaveURL(/\/dashboard$/)
    const first = await call<Reminder>(page, 'POST', 'reminders', {
      text: 'Before the restart',
      dueAt: inMs(3_000),
    })
    await expect
      .poll(async () => (await call<Reminder>(page, 'GET', `reminders/${first.id}`)).status, {
        timeout: 45_000,
      })
      .toBe('sent')
    await expect(page.getByRole('alert').filter({ hasText: 'Before the restart (' })).toBeVisible({
      timeout: 45_000,
    })

    await server.stop()
    server = await launchServer({}, { port, dataDir })
    // The same page, not reloaded: its EventSource comes back to the new process by itself.
    await call(page, 'POST', 'reminders', { text: 'After the restart', dueAt: inMs(4_000) })
    await expect(page.getByRole('alert').filter({ hasText: 'After the restart (' })).toBeVisible({
      timeout: 30_000,
    })
    expect(errors).toEqual([])
  } catch (error) {
    console.log(server.output())
    throw error
  } finally {
    await context.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('Snooze from the toast brings the reminder back in 10 minutes', async ({ page }) => {
  await signIn(page)
  await expect(page).toHaveURL(/\/dashboard$/)
  const reminder = await call<Reminder>(page, 'POST', 'reminders', { text: 'Stretch', dueAt: inMs(3_000) })
  const toast = page.getByRole('alert').filter({ hasText: 'Stretch (' })
  await toast.getByRole('button', { name: 'Snooze 10 minutes: Stretch' }).click({ timeout: 20_000 })
  await expect(page.getByRole('alert').filter({ hasText: 'Snoozed for 10 minutes: Stretch' })).toBeVisible()
  const snoozed = await call<Reminder>(page, 'GET', `reminders/${reminder.id}`)
  expect(snoozed.status).toBe('scheduled')
  const minutes = (Date.parse(snoozed.nextAt!) - Date.now()) / 60_000
  expect(minutes).toBeGreaterThan(9)
  expect(minutes).toBeLessThanOrEqual(10)
})

test('the dashboard card and the reminders list work at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await signIn(page)
  await call(page, 'POST', 'reminders', { text: 'Renew the car insurance', dueAt: inMs(DAY) })
  await call(page, 'POST', 'reminders', {
    text: 'Water the plants',
    dueAt: inMs(3 * DAY),
    recurrence: 'FREQ=WEEKLY',
  })
  await call(page, 'POST', 'reminders', { text: 'Book the dentist', dueAt: inMs(10 * DAY) })

  await page.goto('/dashboard')
  const card = page.getByRole('region', { name: 'Upcoming reminders' })
  const items = card.getByRole('list', { name: 'Upcoming reminders' }).getByRole('listitem')
  // The next 7 days only, soonest first.
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText('Renew the car insurance')
  await expect(items.nth(0)).toContainText('Tomorrow at')
  await expect(items.nth(1)).toContainText('Water the plants')
  await expect(items.nth(1)).toContainText('Every week')
  await expect(card).not.toContainText('Book the dentist')
  expect(await overflows(page)).toBe(false)

  // Snooze moves one a day later; Done takes one off the card.
  await card.getByRole('button', { name: 'Snooze: Water the plants' }).click()
  await page.getByRole('button', { name: '1 day' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Snoozed by 1 day: Water the plants' }),
  ).toBeVisible()
  await expect(items.nth(1)).toContainText('Snoozed until')
  await card.getByRole('button', { name: 'Done: Renew the car insurance' }).click()
  await expect(items).toHaveCount(1)
  await expect(card).not.toContainText('Renew the car insurance')

  // The list: upcoming (the dentist too), edit, cancel; done in its own tab.
  await card.getByRole('link', { name: 'All reminders' }).click()
  await expect(page).toHaveURL(/\/reminders$/)
  const upcoming = page.getByRole('list', { name: 'Upcoming reminders' })
  await expect(upcoming.getByRole('listitem')).toHaveCount(2)
  expect(await overflows(page)).toBe(false)

  await upcoming.getByRole('button', { name: 'Edit: Book the dentist' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Reminder' })
  await dialog.getByLabel('Remind me to').fill('Book the dentist for a check-up')
  await dialog.getByLabel('Time').fill('08:15')
  await dialog.getByRole('button', { name: 'Update Reminder' }).click()
  await expect(dialog).toBeHidden()
  await expect(upcoming).toContainText('Book the dentist for a check-up')
  await expect(upcoming).toContainText('at 08:15')

  await upcoming.getByRole('button', { name: 'Cancel: Water the plants' }).click()
  const confirm = page.getByRole('dialog', { name: 'Cancel Reminder' })
  await confirm.getByRole('button', { name: 'Cancel Reminder' }).click()
  await expect(confirm).toBeHidden()
  await expect(upcoming.getByRole('listitem')).toHaveCount(1)
  const { reminders: cancelled } = await call<{ reminders: Reminder[] }>(
    page,
    'GET',
    'reminders?status=cancelled',
  )
  expect(cancelled.map((r) => r.text)).toEqual(['Water the plants'])

  await page.getByRole('link', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/reminders\?tab=done$/)
  await expect(page.getByRole('list', { name: 'Done reminders' })).toContainText('Renew the car insurance')
  expect(await overflows(page)).toBe(false)
})

test("the memory modal's Remind me makes a reminder for the memory at 09:00 on its date", async ({
  page,
}) => {
  await signIn(page)
  await page.goto('/memories')
  await page.getByRole('button', { name: 'Add Memory' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create Memory' })
  await dialog.getByRole('textbox', { name: 'Memory', exact: true }).fill('Car insurance renewal is due')
  const day = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
  await dialog.getByRole('textbox', { name: 'Date', exact: true }).fill(day)
  await dialog.getByLabel('Remind me').check()
  await expect(dialog.getByLabel(/^Reminder date\*?$/)).toHaveValue(day)
  await expect(dialog.getByLabel(/^Reminder time\*?$/)).toHaveValue('09:00')
  await dialog.getByRole('button', { name: 'Create Memory' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('alert').filter({ hasText: 'Reminder set for' })).toBeVisible()

  const { reminders } = await call<{ reminders: Reminder[] }>(page, 'GET', 'reminders?status=scheduled')
  expect(reminders).toHaveLength(1)
  expect(reminders[0]).toMatchObject({
    text: 'Car insurance renewal is due',
    dueAt: `${day}T09:00:00.000Z`,
    memoryId: expect.any(String),
  })
})

test('Settings → Notifications: this device, the devices, e-mail and the briefing time', async ({
  page,
  context,
  server,
}) => {
  await context.grantPermissions(['notifications'], { origin: server.url })
  await signIn(page)
  await page.goto('/settings')
  const section = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Notifications' }) })
  await expect(section.getByText('No devices yet.')).toBeVisible()
  // This server has no SMTP_URL: the e-mail switch is off and says why.
  await expect(section.getByLabel('E-mail me my reminders')).toBeDisabled()
  await expect(section).toContainText('This server cannot send e-mail')

  // Headless Chromium has no push service to reach (no network): the permission is granted and
  // notifications work in open tabs, and the page says what did not.
  await section.getByRole('button', { name: 'Notify me on this device' }).click()
  await expect(section.getByRole('alert')).toContainText(
    'Reminders will show as notifications while Remi is open here',
  )

  // Saved as every setting on the page is: with the one "Save Settings", which stays in view.
  await section.getByLabel('Bring me my daily briefing').check()
  await section.getByLabel('Send my briefing at').fill('07:30')
  await expect(page.getByText('Unsaved changes in Notifications')).toBeVisible()
  const save = page.getByRole('button', { name: 'Save Settings' })
  await expect(save).toBeInViewport()
  await save.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved successfully' })).toBeVisible()
  await expect(page.getByText('No unsaved changes')).toBeVisible()
  const preferences = await call<{ briefingTime: string | null }>(
    page,
    'GET',
    'auth/user/settings/notifications',
  )
  expect(preferences.briefingTime).toBe('07:30')
  await page.reload()
  await expect(section.getByLabel('Send my briefing at')).toHaveValue('07:30')
})
