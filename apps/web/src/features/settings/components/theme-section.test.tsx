import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useTheme } from '../../../lib/theme'
import { signedIn } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { SettingsPage } from './settings-page'

/** The signed-in frame applies the theme; here it is this one hook beside the page. */
function ThemedSettings() {
  useTheme()
  return <SettingsPage />
}

const html = () => document.documentElement
const picker = () => screen.getByRole('combobox', { name: 'Theme' })

function settings(theme: string) {
  server.use(
    signedIn(),
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'Europe/London', theme })),
  )
}

afterEach(() => html().removeAttribute('data-bs-theme'))

describe('theme setting', () => {
  it('applies the theme kept on the server and caches it for the next first paint', async () => {
    settings('dark')
    renderWithProviders(<ThemedSettings />, { route: '/settings' })
    await waitFor(() => expect(picker()).toHaveValue('dark'))
    expect(html()).toHaveAttribute('data-bs-theme', 'dark')
    expect(window.localStorage.getItem('remi.theme')).toBe('dark')
  })

  it('offers System, Light and Dark; the choice applies once saved, and only the theme is sent', async () => {
    settings('system')
    const sent: unknown[] = []
    server.use(
      http.put('/api/auth/user/settings', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ timezone: 'Europe/London', theme: 'dark' })
      }),
    )
    const { user } = renderWithProviders(<ThemedSettings />, { route: '/settings' })
    await waitFor(() => expect(picker()).toHaveValue('system'))
    // jsdom has no prefers-color-scheme: System resolves to light.
    expect(html()).toHaveAttribute('data-bs-theme', 'light')
    expect(Array.from(picker().querySelectorAll('option')).map((o) => o.textContent)).toEqual([
      'System',
      'Light',
      'Dark',
    ])

    // Like every setting on the page: chosen first, applied with "Save Settings".
    await user.selectOptions(picker(), 'Dark')
    expect(html()).toHaveAttribute('data-bs-theme', 'light')
    expect(sent).toEqual([])
    expect(screen.getByText('Unsaved changes in Appearance')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await waitFor(() => expect(html()).toHaveAttribute('data-bs-theme', 'dark'))
    expect(window.localStorage.getItem('remi.theme')).toBe('dark')
    expect(sent).toEqual([{ theme: 'dark' }])
    // The timezone is left as it was.
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Europe/London')
  })

  it('keeps the page as it was and the choice on screen, saying why, when the server refuses it', async () => {
    settings('light')
    server.use(
      http.put('/api/auth/user/settings', () =>
        HttpResponse.json({ statusCode: 500, error: 'Internal', message: 'boom' }, { status: 500 }),
      ),
    )
    const { user } = renderWithProviders(<ThemedSettings />, { route: '/settings' })
    await waitFor(() => expect(picker()).toHaveValue('light'))
    await user.selectOptions(picker(), 'Dark')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Appearance could not be saved: Server error. Please try again later.',
    )
    expect(picker()).toHaveValue('dark')
    expect(html()).toHaveAttribute('data-bs-theme', 'light')
    expect(window.localStorage.getItem('remi.theme')).toBe('light')
  })

  it('keeps the cached theme when the settings cannot be loaded', async () => {
    window.localStorage.setItem('remi.theme', 'dark')
    server.use(
      signedIn(),
      http.get('/api/auth/user/settings', () => HttpResponse.json({ message: 'down' }, { status: 500 })),
    )
    renderWithProviders(<ThemedSettings />, { route: '/settings' })
    await screen.findByRole('heading', { name: 'User Settings' })
    expect(picker()).toHaveValue('dark')
    expect(html()).toHaveAttribute('data-bs-theme', 'dark')
  })
})
