import { addDays, todayIn } from '@remi/shared'
import { testWithFakes as test, expect, signIn } from './fixtures.ts'

// The ICS fake and the forecast fake build "today" in UTC; so does this browser (and thus the user).
test.use({ timezoneId: 'UTC' })

const utcDay = (offset = 0) => addDays(todayIn('UTC'), offset)

test('configures weather with vacation mode, enables it, tests it and reads the card', async ({ page }) => {
  await signIn(page)
  await page.goto('/data-sources')
  await expect(page.getByRole('heading', { level: 1, name: 'Data Sources' })).toBeVisible()
  await expect(page.getByText('Manage external data integrations')).toBeVisible()
  const card = page.getByTestId('data-source-weather')
  await expect(card.getByRole('button', { name: 'Test Connection' })).toBeDisabled()

  await card.getByRole('button', { name: 'Configure' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Configure Weather')).toBeVisible()
  await dialog.getByLabel('Location').fill('Lisbon')
  await dialog.getByRole('switch', { name: 'Vacation Mode' }).check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Form Validation Errors')).toBeVisible()
  await expect(dialog.getByText('Vacation location is required')).toBeVisible()

  await dialog.getByLabel(/Vacation Location/).fill('Paris')
  await expect(dialog.getByLabel(/Start Date/)).toHaveAttribute('min', utcDay())
  await dialog.getByLabel(/Start Date/).fill(utcDay())
  await dialog.getByLabel(/End Date/).fill(utcDay(3))
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()

  await expect(card.getByText('Lisbon')).toBeVisible()
  await expect(card.getByText(`Paris (${utcDay()} - ${utcDay(3)})`)).toBeVisible()

  // The switch follows the query cache, which React hears of a tick after the click: assert with retries.
  await card.getByRole('switch', { name: 'Enable Weather' }).click()
  await expect(card.getByRole('switch', { name: 'Enable Weather' })).toBeChecked()
  await expect(card.getByRole('button', { name: 'Test Connection' })).toBeEnabled()
  await card.getByRole('button', { name: 'Test Connection' }).click()
  // The vacation covers today, so the forecast is Paris's (the fake's 7.6 °C, overcast).
  await expect(page.getByText('8°C, overcast in Paris')).toBeVisible()

  await page.reload()
  await expect(
    page.getByTestId('data-source-weather').getByRole('switch', { name: 'Enable Weather' }),
  ).toBeChecked()
  await expect(
    page.getByTestId('data-source-weather').getByText(`Paris (${utcDay()} - ${utcDay(3)})`),
  ).toBeVisible()
})

test('configures an ICS calendar and tests it', async ({ page, fakes }) => {
  await signIn(page)
  await page.goto('/data-sources')
  const card = page.getByTestId('data-source-calendar')
  await expect(card.getByText('Not selected')).toBeVisible()

  await card.getByRole('button', { name: 'Configure' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Configure Calendar')).toBeVisible()
  // A local account has no calendar of its own: the warning says what to do instead.
  await expect(
    dialog.getByText(
      'You signed in with a local account, which has no calendar. Add an ICS calendar link instead.',
    ),
  ).toBeVisible()
  await dialog.getByLabel('ICS URL').fill(fakes.ics.calendarUrl)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByText(fakes.ics.calendarUrl)).toBeVisible()

  await card.getByRole('switch', { name: 'Enable Calendar' }).click()
  await expect(card.getByRole('switch', { name: 'Enable Calendar' })).toBeChecked()
  await card.getByRole('button', { name: 'Test Connection' }).click()
  // Today: the weekly stand-up, the all-day holiday and the dentist.
  await expect(page.getByText('3 events today in Family')).toBeVisible()
})
