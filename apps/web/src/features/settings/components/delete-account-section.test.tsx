import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { storageKeys } from '../../../lib/storage'
import { signedIn } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { DeleteAccountSection } from './delete-account-section'
import { SettingsPage } from './settings-page'

const EMAIL = 'ada@example.com'

function renderSection() {
  return renderWithProviders(
    <Routes>
      <Route path="/settings" element={<DeleteAccountSection email={EMAIL} />} />
      <Route path="/login" element={<h1>Sign in page</h1>} />
    </Routes>,
    { route: '/settings' },
  )
}

const dialog = () => screen.getByRole('dialog', { name: 'Delete account' })
const confirmField = () => within(dialog()).getByLabelText(`Type your e-mail address (${EMAIL}) to confirm`)
const confirmButton = () => within(dialog()).getByRole('button', { name: 'Delete account' })

describe('Settings: Delete account', () => {
  it('sits on the settings page, with a download of the whole account next to it', async () => {
    server.use(
      signedIn(),
      http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC' })),
    )
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    expect(await screen.findByRole('heading', { name: 'Delete account' })).toBeInTheDocument()
    expect(screen.getByText(/This cannot be undone\./)).toBeInTheDocument()
    const download = screen.getByRole('link', { name: 'Download my data' })
    expect(download).toHaveAttribute('href', expect.stringMatching(/\/api\/auth\/user\/export$/))
    expect(download).toHaveAttribute('download')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete account' })).toBeEnabled())
  })

  it('asks for the e-mail address: Delete stays off until it is typed (any case)', async () => {
    const { user } = renderSection()
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect(within(dialog()).getByText(/permanently deletes your account/)).toBeInTheDocument()
    expect(within(dialog()).getByRole('link', { name: 'Download a copy of your data' })).toBeInTheDocument()
    expect(confirmButton()).toBeDisabled()
    await user.type(confirmField(), 'ada@example.co')
    expect(confirmButton()).toBeDisabled()
    await user.type(confirmField(), 'm')
    expect(confirmButton()).toBeEnabled()
    await user.clear(confirmField())
    await user.type(confirmField(), '  ADA@Example.com ')
    expect(confirmButton()).toBeEnabled()
  })

  it('deletes with the typed address and the CSRF token, shows Deleting..., then lands signed out', async () => {
    let release: () => void = () => {}
    let sent: { body: unknown; csrf: string | null } | null = null
    server.use(
      http.delete('/api/auth/user', async ({ request }) => {
        sent = { body: await request.json(), csrf: request.headers.get('x-csrf-token') }
        await new Promise<void>((resolve) => (release = resolve))
        return new HttpResponse(null, { status: 204 })
      }),
    )
    window.localStorage.setItem(storageKeys.token, 'a.jwt.token')
    const { user, queryClient } = renderSection()
    queryClient.setQueryData(['auth', 'user'], { email: EMAIL })
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    await user.type(confirmField(), EMAIL)
    await user.click(confirmButton())
    const busy = await within(dialog()).findByRole('button', { name: 'Deleting...' })
    expect(busy).toBeDisabled()
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await waitFor(() => expect(sent).toEqual({ body: { email: EMAIL }, csrf: 'test-csrf' }))
    release()
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument()
    expect(screen.getByText('Your account has been deleted.')).toBeInTheDocument()
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull()
    expect(queryClient.getQueryData(['auth', 'user'])).toBeUndefined()
  })

  it("keeps the modal open with the server's reason when the deletion is refused", async () => {
    server.use(
      http.delete('/api/auth/user', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'The e-mail address does not match this account. Type it exactly to delete the account.',
            code: 'VALIDATION_FAILED',
          },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderSection()
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    await user.type(confirmField(), EMAIL)
    await user.click(confirmButton())
    expect(await within(dialog()).findByText(/does not match this account/)).toBeInTheDocument()
    expect(confirmButton()).toBeEnabled()
    expect(screen.queryByRole('heading', { name: 'Sign in page' })).not.toBeInTheDocument()
  })

  it('Cancel closes it and forgets what was typed', async () => {
    const { user } = renderSection()
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    await user.type(confirmField(), EMAIL)
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Delete account' }))
    expect(confirmField()).toHaveValue('')
    expect(confirmButton()).toBeDisabled()
  })
})
