import { test, expect, signIn } from './fixtures.ts'

// A browser in Brazilian Portuguese: Accept-Language and navigator.languages say pt-BR.
test.use({ locale: 'pt-BR' })

test('a first account in a Portuguese browser gets Remi in Portuguese (issue 51)', async ({ page }) => {
  await signIn(page, { name: 'Joana Reis' })
  const nav = page.getByRole('navigation', { name: 'Principal' })
  await expect(nav.getByRole('link', { name: 'Memórias' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT')

  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Definições do utilizador' })).toBeVisible()
  await expect(page.getByLabel('Idioma')).toHaveValue('pt-PT')
  await page.screenshot({ path: test.info().outputPath('settings-pt-PT.png'), fullPage: false })

  // Back to English, saved like any setting: the screens follow at once.
  await page.getByLabel('Idioma').selectOption('en')
  await page.getByRole('button', { name: 'Guardar definições' }).click()
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.reload()
  await expect(page.getByLabel('Language')).toHaveValue('en')
})
