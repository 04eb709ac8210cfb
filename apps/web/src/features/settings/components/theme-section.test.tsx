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

  it('offers System, Light and Dark; choosing one applies it at once and saves only the theme', async () => {
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

    await user.selectOptions(picker(), 'Dark')
    expect(html()).toHaveAttribute('data-bs-theme', 'dark')
    expect(window.localStorage.getItem('remi.theme')).toBe('dark')
    await waitFor(() => expect(sent).toEqual([{ theme: 'dark' }]))
    // The timezone form is left as it was.
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Europe/London')
  })

  it('goes back to the theme before, with a message, when the server refuses it', async () => {
    settings('light')
    server.use(
      http.put('/api/auth/user/settings', () =>
        HttpResponse.json({ statusCode: 500, error: 'Internal', message: 'boom' }, { status: 500 }),
      ),
    )
    const { user } = renderWithProviders(<ThemedSettings />, { route: '/settings' })
    await waitFor(() => expect(picker()).toHaveValue('light'))
    await user.selectOptions(picker(), 'Dark')
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument()
    expect(picker()).toHaveValue('light')
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
