import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { signedIn } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { SettingsPage } from './settings-page'

function settingsAnswer(answer: () => Response | Promise<Response>) {
  server.use(signedIn(), http.get('/api/auth/user/settings', answer))
}

const picker = () => screen.getByRole('combobox', { name: 'Timezone' })

describe('settings page', () => {
  it('shows "Loading settings..." first, then the card', async () => {
    settingsAnswer(() => HttpResponse.json({ timezone: 'Europe/London' }))
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    expect(screen.getByRole('status')).toHaveTextContent('Loading settings...')
    expect(await screen.findByRole('heading', { name: 'User Settings' })).toBeInTheDocument()
  })

  it('lists its sections, each a link to an anchor on the page', async () => {
    settingsAnswer(() => HttpResponse.json({ timezone: 'Europe/London' }))
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '#profile',
      '#appearance',
      '#notifications',
      '#chat',
      '#search',
      '#access-tokens',
      '#account',
      '#sessions',
      '#delete-account',
    ])
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1))
      expect(target, link.textContent ?? '').not.toBeNull()
    }
    expect(
      within(document.getElementById('notifications')!).getByRole('heading', { name: 'Notifications' }),
    ).toBeInTheDocument()
  })

  it('shows the account read-only and the timezone picker with its help text', async () => {
    settingsAnswer(() => HttpResponse.json({ timezone: 'Europe/London' }))
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    expect(await screen.findByRole('heading', { name: 'Account Information' })).toBeInTheDocument()
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
    const account = screen.getByRole('region', { name: 'Account Information' })
    expect(within(account).queryByRole('textbox')).not.toBeInTheDocument()
    expect(picker()).toHaveValue('Europe/London')
    expect(picker()).toHaveAccessibleDescription('Select your timezone for displaying dates and times')
    const labels = Array.from(picker().querySelectorAll('option')).map((o) => o.textContent)
    expect(labels[0]).toBe('(GMT-12:00) International Date Line West')
    expect(labels).toContain('(GMT+00:00) Dublin, Edinburgh, Lisbon, London')
  })

  it('selects the closest option for a stored zone that is not listed', async () => {
    settingsAnswer(() => HttpResponse.json({ timezone: 'Australia/Melbourne' }))
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    await waitFor(() => expect(picker()).toHaveValue('Australia/Sydney'))
  })

  it.each([
    ['cannot be loaded', () => HttpResponse.json({ message: 'down' }, { status: 500 })],
    ['hold no zone', () => HttpResponse.json({ timezone: '' })],
  ])('leaves the timezone empty, without a message, when the settings %s', async (_case, answer) => {
    settingsAnswer(answer)
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    await screen.findByRole('heading', { name: 'User Settings' })
    expect(picker()).toHaveValue('')
    expect(screen.getByRole('option', { name: 'Select a timezone' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("saves: 'Saving...' with a spinner and disabled, then back with a confirmation", async () => {
    let release: () => void = () => {}
    let sent: { timezone: string } | null = null
    settingsAnswer(() => HttpResponse.json({ timezone: 'Europe/London' }))
    server.use(
      http.put('/api/auth/user/settings', async ({ request }) => {
        sent = (await request.json()) as { timezone: string }
        await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.json(sent)
      }),
    )
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    await screen.findByRole('heading', { name: 'User Settings' })
    await user.selectOptions(picker(), 'Asia/Tokyo')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    const saving = await screen.findByRole('button', { name: 'Saving...' })
    expect(saving).toBeDisabled()
    expect(saving.querySelector('.spinner-border')).not.toBeNull()
    await waitFor(() => expect(sent).toEqual({ timezone: 'Asia/Tokyo' }))
    release()
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeEnabled()
    expect(screen.getByText('Settings saved successfully')).toBeInTheDocument()
    expect(picker()).toHaveValue('Asia/Tokyo')
  })

  it('a failed save is ignored: the button comes back and no success message shows', async () => {
    let saves = 0
    settingsAnswer(() => HttpResponse.json({ timezone: 'Europe/London' }))
    server.use(
      http.put('/api/auth/user/settings', () => {
        saves++
        return HttpResponse.json({ message: 'timezone must be an IANA time zone' }, { status: 400 })
      }),
    )
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    await screen.findByRole('heading', { name: 'User Settings' })
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await waitFor(() => expect(saves).toBe(1))
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeEnabled()
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
