import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n, useLanguage } from '../../../lib/i18n'
import { signedIn } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { SettingsPage } from './settings-page'

/** The signed-in frame keeps the screens in the person's language; here it is this one hook beside the page. */
function SettingsInTheirLanguage() {
  useLanguage()
  return <SettingsPage />
}

const html = () => document.documentElement

function settings(language: string) {
  server.use(
    signedIn({ language: language as 'en' }),
    http.get('/api/auth/user/settings', () =>
      HttpResponse.json({ timezone: 'Europe/London', theme: 'system', language }),
    ),
  )
}

afterEach(async () => {
  await i18n.changeLanguage('en')
})

describe('Settings → Language (issue 51)', () => {
  it('shows Settings in Portuguese for a Portuguese user, with <html lang> to match', async () => {
    settings('pt-PT')
    renderWithProviders(<SettingsInTheirLanguage />, { route: '/settings' })
    const picker = await screen.findByRole('combobox', { name: 'Idioma' })
    expect(picker).toHaveValue('pt-PT')
    expect(screen.getByRole('heading', { name: 'Definições do utilizador' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Fuso horário' })).toHaveValue('Europe/London')
    expect(screen.getByRole('button', { name: 'Guardar definições' })).toBeDisabled()
    expect(html()).toHaveAttribute('lang', 'pt-PT')
    // Each language in its own words, whatever the screens are in.
    expect(Array.from(picker.querySelectorAll('option')).map((o) => o.textContent)).toEqual([
      'English',
      'Português (Portugal)',
      'Español',
      'Français',
      'Deutsch',
    ])
  })

  it('is saved with "Save Settings" like the rest, and the screens then change language', async () => {
    settings('en')
    const sent: unknown[] = []
    server.use(
      http.put('/api/auth/user/settings', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ timezone: 'Europe/London', theme: 'system', language: 'de' })
      }),
    )
    const { user } = renderWithProviders(<SettingsInTheirLanguage />, { route: '/settings' })
    const picker = await screen.findByRole('combobox', { name: 'Language' })
    expect(html()).toHaveAttribute('lang', 'en')

    await user.selectOptions(picker, 'Deutsch')
    expect(sent).toEqual([])
    expect(screen.getByText('Unsaved changes in Profile')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))

    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    expect(sent).toEqual([{ language: 'de' }])
    expect(screen.getByRole('heading', { name: 'Benutzereinstellungen' })).toBeInTheDocument()
    expect(html()).toHaveAttribute('lang', 'de')
  })
})
