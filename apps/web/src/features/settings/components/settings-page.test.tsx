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
      '#connected-tools',
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
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument()
    // Back, with nothing left to save until the next change.
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled()
    expect(saveStatus()).toHaveTextContent('No unsaved changes')
    expect(picker()).toHaveValue('Asia/Tokyo')
  })

  it('a failed save says why and keeps the choice, and the button comes back', async () => {
    const sent: unknown[] = []
    settingsAnswer(() => HttpResponse.json({ timezone: 'Europe/London' }))
    server.use(
      http.put('/api/auth/user/settings', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ message: 'Choose a time zone from the list.' }, { status: 422 })
      }),
    )
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    await screen.findByRole('heading', { name: 'User Settings' })
    await user.selectOptions(picker(), 'Asia/Tokyo')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Profile could not be saved: Choose a time zone from the list. Your changes are still here: press Save Settings to try again.',
    )
    expect(sent).toEqual([{ timezone: 'Asia/Tokyo' }])
    expect(picker()).toHaveValue('Asia/Tokyo')
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeEnabled()
    expect(saveStatus()).toHaveTextContent('Unsaved changes in Profile')
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument()
  })
})

/** The page's stores, answering as the server does: a PUT merges what it is sent. */
function stores(fail: { notifications?: () => Response } = {}) {
  let notifications = {
    emailReminders: false,
    briefingTime: null as string | null,
    emailAvailable: true,
    email: 'ada@example.com',
    emailVerified: true,
  }
  let chat = { autoSaveFacts: false }
  const writes: { path: string; body: unknown }[] = []
  const record = async (path: string, request: Request) => {
    const body = (await request.json()) as object
    writes.push({ path, body })
    return body
  }
  server.use(
    signedIn(),
    http.get('/api/auth/user/settings', () =>
      HttpResponse.json({ timezone: 'Europe/London', theme: 'light' }),
    ),
    http.put('/api/auth/user/settings', async ({ request }) =>
      HttpResponse.json({
        timezone: 'Europe/London',
        theme: 'light',
        ...(await record('settings', request)),
      }),
    ),
    http.get('/api/auth/user/settings/notifications', () => HttpResponse.json(notifications)),
    http.put('/api/auth/user/settings/notifications', async ({ request }) => {
      const body = await record('notifications', request)
      if (fail.notifications) return fail.notifications()
      notifications = { ...notifications, ...body }
      return HttpResponse.json(notifications)
    }),
    http.get('/api/auth/user/settings/chat', () => HttpResponse.json(chat)),
    http.put('/api/auth/user/settings/chat', async ({ request }) => {
      chat = { ...chat, ...(await record('chat', request)) }
      return HttpResponse.json(chat)
    }),
  )
  return { writes, refuse: (answer?: () => Response) => (fail.notifications = answer) }
}

const saveStatus = () =>
  within(screen.getByRole('form', { name: 'Your settings' })).getByText(
    /unsaved changes|Saving your changes/i,
  )

/** Every preference on the page changed once: the timezone, the theme, e-mail, the briefing and chat. */
async function changeEverything(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.selectOptions(picker(), 'Asia/Tokyo')
  await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Dark')
  await user.click(await screen.findByRole('checkbox', { name: 'E-mail me my reminders' }))
  await user.click(screen.getByRole('checkbox', { name: 'Bring me my daily briefing' }))
  const time = screen.getByLabelText(/^Send my briefing at/)
  await user.clear(time)
  await user.type(time, '06:45')
  await user.click(await screen.findByRole('checkbox', { name: 'Save facts from chats automatically' }))
}

describe('settings page: one way of saving', () => {
  it('nothing is sent on change; one "Save Settings" sends every section\'s changes', async () => {
    const { writes } = stores()
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    await screen.findByRole('heading', { name: 'User Settings' })
    expect(saveStatus()).toHaveTextContent('No unsaved changes')
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled()

    await changeEverything(user)
    expect(writes).toEqual([])
    expect(saveStatus()).toHaveTextContent('Unsaved changes in Profile, Appearance, Notifications and Chat')
    // The page has one save: no button of a section's own.
    expect(screen.getAllByRole('button', { name: /^Save/ }).map((b) => b.textContent)).toEqual([
      'Save Settings',
    ])

    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument()
    expect(writes).toEqual(
      expect.arrayContaining([
        { path: 'settings', body: { timezone: 'Asia/Tokyo', theme: 'dark' } },
        { path: 'notifications', body: { emailReminders: true, briefingTime: '06:45' } },
        { path: 'chat', body: { autoSaveFacts: true } },
      ]),
    )
    expect(writes).toHaveLength(3)
    expect(saveStatus()).toHaveTextContent('No unsaved changes')
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled()
    expect(screen.getByLabelText(/^Send my briefing at/)).toHaveValue('06:45')
  })

  it('a change put back as it was leaves nothing to save', async () => {
    stores()
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    const chat = await screen.findByRole('checkbox', { name: 'Save facts from chats automatically' })
    await user.click(chat)
    expect(saveStatus()).toHaveTextContent('Unsaved changes in Chat')
    await user.click(chat)
    expect(saveStatus()).toHaveTextContent('No unsaved changes')
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled()
  })

  it('what one part refuses stays on screen with the reason; the rest is saved; a retry sends only it', async () => {
    const { writes, refuse } = stores({
      notifications: () =>
        HttpResponse.json({ message: 'E-mail is not set up on this server.' }, { status: 409 }),
    })
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    await screen.findByRole('heading', { name: 'User Settings' })
    await changeEverything(user)
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications could not be saved: E-mail is not set up on this server. Your changes are still here: press Save Settings to try again.',
    )
    expect(screen.queryByText('Settings saved successfully')).not.toBeInTheDocument()
    // Kept as typed, and still marked unsaved; the other sections were saved.
    expect(screen.getByRole('checkbox', { name: 'E-mail me my reminders' })).toBeChecked()
    expect(screen.getByLabelText(/^Send my briefing at/)).toHaveValue('06:45')
    expect(saveStatus()).toHaveTextContent('Unsaved changes in Notifications')
    expect(picker()).toHaveValue('Asia/Tokyo')

    refuse(undefined)
    writes.length = 0
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument()
    expect(writes).toEqual([{ path: 'notifications', body: { emailReminders: true, briefingTime: '06:45' } }])
    expect(screen.queryByText(/could not be saved/)).not.toBeInTheDocument()
    expect(saveStatus()).toHaveTextContent('No unsaved changes')
  })

  it('a briefing turned on without a time says so at the field and sends nothing', async () => {
    const { writes } = stores()
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    await user.click(await screen.findByRole('checkbox', { name: 'Bring me my daily briefing' }))
    const time = screen.getByLabelText(/^Send my briefing at/)
    expect(time).toHaveValue('07:30')
    await user.clear(time)
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(time).toHaveAccessibleDescription(
      'Choose the time to send your briefing, or turn the briefing off.',
    )
    expect(time).toBeInvalid()
    expect(writes).toEqual([])
  })

  it('turning the briefing off is a change like any other, saved with the rest', async () => {
    const { writes } = stores()
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    await user.click(await screen.findByRole('checkbox', { name: 'Bring me my daily briefing' }))
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await screen.findByText('Settings saved successfully')
    await user.click(screen.getByRole('checkbox', { name: 'Bring me my daily briefing' }))
    expect(screen.queryByLabelText(/^Send my briefing at/)).not.toBeInTheDocument()
    expect(saveStatus()).toHaveTextContent('Unsaved changes in Notifications')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await waitFor(() => expect(saveStatus()).toHaveTextContent('No unsaved changes'))
    expect(writes.map((w) => w.body)).toEqual([{ briefingTime: '07:30' }, { briefingTime: null }])
  })

  it('asks before the tab closes with changes not saved', async () => {
    stores()
    const { user } = renderWithProviders(<SettingsPage />, { route: '/settings' })
    await screen.findByRole('heading', { name: 'User Settings' })
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(leave()).toBe(false)
    await user.selectOptions(picker(), 'Asia/Tokyo')
    expect(leave()).toBe(true)
  })
})
