import AxeBuilder from '@axe-core/playwright'
import { E2E_PASSWORD, expect, signIn, test, uniqueEmail } from './fixtures.ts'

test('sees where it is signed in, signs out everywhere else, changes the password', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('sessions')
  await signIn(page, { name: 'Session Person', email })
  const phone = await browser.newContext()
  const phonePage = await phone.newPage()
  await signIn(phonePage, { email })

  await page.goto('/settings')
  const list = page.getByRole('list', { name: 'Sessions' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1)
  await expect(list).toContainText('Chrome on Linux')
  await expect(list).toContainText('from 127.0.0.1')
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign Out Everywhere Else' })
  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(page.getByText('Signed out 1 other session')).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(1)

  // The other browser is signed out at once: its next page sends it to sign in.
  await phonePage.goto('/settings')
  await phonePage.waitForURL(/\/login/)

  // A new password: the old one no longer signs in, the new one does.
  await page.getByLabel(/^Current password/).fill(E2E_PASSWORD)
  await page.getByLabel(/^New password\W*$/).fill('e2e-new-password-meadow')
  await page.getByLabel(/^New password again/).fill('e2e-new-password-meadow')
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('Password changed.')).toBeVisible()

  const later = await browser.newContext()
  const laterPage = await later.newPage()
  await laterPage.goto('/login')
  await laterPage.getByLabel(/^Email/).fill(email)
  await laterPage.getByLabel(/^Password/).fill(E2E_PASSWORD)
  await laterPage.getByRole('button', { name: 'Sign in' }).click()
  await expect(laterPage.getByRole('alert')).toHaveText('Wrong e-mail or password.')
  await signIn(laterPage, { email, password: 'e2e-new-password-meadow' })
  await laterPage.goto('/settings')
  await expect(laterPage.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2)
  await phone.close()
  await later.close()
})
