import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { signedIn } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { LocalAccountSections } from './local-account-section'
import { SettingsPage } from './settings-page'

const INVITE_URL = `https://remi.example.test/oidc/invitation/${'x'.repeat(43)}.${'y'.repeat(22)}`

function setup(status: { localSignIn: boolean; signup: 'open' | 'closed'; hasPassword: boolean }) {
  const bodies: unknown[] = []
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
    http.get('/api/auth/local', () => HttpResponse.json(status)),
    http.put('/api/auth/password', async ({ request }) => {
      const body = (await request.json()) as { currentPassword: string }
      bodies.push(body)
      if (body.currentPassword !== 'the-old-password')
        return HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'The current password is wrong.',
            code: 'VALIDATION_FAILED',
          },
          { status: 400 },
        )
      const keep = (body as { keepAccessTokens?: boolean }).keepAccessTokens
      return HttpResponse.json({ signedOut: 2, accessTokensEnded: keep ? 0 : 3 })
    }),
    http.post('/api/auth/invitations', () =>
      HttpResponse.json({ url: INVITE_URL, expiresAt: '2026-01-12T10:00:00.000Z' }, { status: 201 }),
    ),
  )
  return { ...renderWithProviders(<LocalAccountSections />, { route: '/settings' }), bodies }
}

describe('Settings → Password', () => {
  it('changes the password with the current one and says the other sessions were signed out', async () => {
    const { user, bodies } = setup({ localSignIn: true, signup: 'closed', hasPassword: true })
    const current = await screen.findByLabelText(/^Current password/)
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    expect(screen.getByLabelText(/^New password\W*$/)).toHaveAttribute('autocomplete', 'new-password')
    await user.type(current, 'the-old-password')
    await user.type(screen.getByLabelText(/^New password\W*$/), 'a-new-password-kite')
    await user.type(screen.getByLabelText(/^New password again/), 'a-new-password-kite')
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(
      await screen.findByText(
        'Password changed. 2 other sessions were signed out and 3 access tokens ended.',
      ),
    ).toBeInTheDocument()
    expect(bodies).toEqual([
      { currentPassword: 'the-old-password', newPassword: 'a-new-password-kite', keepAccessTokens: false },
    ])
    expect(current).toHaveValue('')
  })

  it('keeps the access tokens when the person ticks "Keep my access tokens" (off by default)', async () => {
    const { user, bodies } = setup({ localSignIn: true, signup: 'closed', hasPassword: true })
    const keep = await screen.findByRole('checkbox', { name: 'Keep my access tokens' })
    expect(keep).not.toBeChecked()
    await user.type(screen.getByLabelText(/^Current password/), 'the-old-password')
    await user.type(screen.getByLabelText(/^New password\W*$/), 'a-new-password-kite')
    await user.type(screen.getByLabelText(/^New password again/), 'a-new-password-kite')
    await user.click(keep)
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Password changed. 2 other sessions were signed out.')).toBeInTheDocument()
    expect(bodies).toEqual([
      { currentPassword: 'the-old-password', newPassword: 'a-new-password-kite', keepAccessTokens: true },
    ])
  })

  it('checks length and the repeat before sending, and shows the server’s refusal', async () => {
    const { user, bodies } = setup({ localSignIn: true, signup: 'closed', hasPassword: true })
    await user.type(await screen.findByLabelText(/^Current password/), 'wrong-old-one')
    await user.type(screen.getByLabelText(/^New password\W*$/), 'short')
    await user.type(screen.getByLabelText(/^New password again/), 'shorter')
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(screen.getByText('Choose a password of at least 10 characters')).toBeInTheDocument()
    expect(screen.getByText('The two new passwords are not the same')).toBeInTheDocument()
    expect(bodies).toEqual([])

    await user.clear(screen.getByLabelText(/^New password\W*$/))
    await user.type(screen.getByLabelText(/^New password\W*$/), 'a-new-password-kite')
    await user.clear(screen.getByLabelText(/^New password again/))
    await user.type(screen.getByLabelText(/^New password again/), 'a-new-password-kite')
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument()
  })

  it('is not shown to an account without a local password', async () => {
    const { queryClient } = setup({ localSignIn: true, signup: 'open', hasPassword: false })
    // Answered, and still nothing: the section is left out, not merely not loaded yet.
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'local'])?.status).toBe('success'))
    expect(screen.queryByRole('heading', { name: 'Password' })).not.toBeInTheDocument()
  })
})

describe('Settings → Invitations', () => {
  it('creates a single-use link to copy, saying until when it works', async () => {
    const { user } = setup({ localSignIn: true, signup: 'closed', hasPassword: true })
    await user.click(await screen.findByRole('button', { name: 'Create Invitation Link' }))
    const link = await screen.findByRole('textbox', { name: 'Invitation link' })
    expect(link).toHaveValue(INVITE_URL)
    expect(screen.getByText(/Works once, until 12 Jan 2026, 10:00/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Copy invitation link' }))
    expect(await navigator.clipboard.readText()).toBe(INVITE_URL)
    expect(screen.getByRole('button', { name: 'Create Another Link' })).toBeInTheDocument()
  })

  it('is not offered when sign-ups are open or local sign-in is off', async () => {
    setup({ localSignIn: true, signup: 'open', hasPassword: true })
    expect(await screen.findByRole('heading', { name: 'Password' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument()
  })
})

describe('the settings page', () => {
  it('shows Sessions, and Password and Invitations for a local account where sign-ups are closed', async () => {
    setup({ localSignIn: true, signup: 'closed', hasPassword: true })
    server.use(signedIn())
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    for (const name of ['Password', 'Invitations', 'Sessions'])
      expect((await screen.findAllByRole('heading', { name })).length).toBeGreaterThan(0)
    const sessions = await screen.findByRole('list', { name: 'Sessions' })
    expect(within(sessions).getByText('This device')).toBeInTheDocument()
  })
})
