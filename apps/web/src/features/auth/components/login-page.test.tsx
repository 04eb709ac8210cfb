import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Routes } from 'react-router'
import { navigateTo } from '../../../lib/browser'
import { storageKeys } from '../../../lib/storage'
import { signedIn, signedOut } from '../../../test/fixtures'
import { LocationDisplay } from '../../../test/location-display'
import { renderWithProviders, server } from '../../../test/render'
import { LoginPage } from './login-page'

vi.mock('../../../lib/browser', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn(), replaceAddress: vi.fn() }))

function renderLogin(route: NonNullable<Parameters<typeof renderWithProviders>[1]>['route'] = '/login') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationDisplay />
    </>,
    { route },
  )
}

describe('login screen', () => {
  beforeEach(() => vi.mocked(navigateTo).mockReset())

  it('shows the texts and both providers', async () => {
    server.use(signedOut())
    renderLogin()
    expect(screen.getByRole('heading', { name: 'Welcome to Remi' })).toBeInTheDocument()
    expect(
      screen.getByText('Your personal AI assistant for managing memories and insights'),
    ).toBeInTheDocument()
    expect(screen.getByText('Choose your login method:')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled()
    expect(
      screen.getByText('By signing in, you agree to our terms of service and privacy policy.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Redirecting to/)).not.toBeInTheDocument()
  })

  it('while a login is pending: both buttons disabled, a spinner on the chosen one, the redirect text', async () => {
    server.use(signedOut())
    const { user } = renderLogin()
    await user.click(screen.getByRole('button', { name: 'Continue with Microsoft' }))
    expect(screen.getByText('Redirecting to Microsoft... Please wait.')).toBeInTheDocument()
    const microsoft = screen.getByRole('button', { name: 'Continue with Microsoft' })
    const google = screen.getByRole('button', { name: 'Continue with Google' })
    expect(microsoft).toBeDisabled()
    expect(google).toBeDisabled()
    expect(microsoft.querySelector('.spinner-border')).not.toBeNull()
    expect(google.querySelector('.spinner-border')).toBeNull()
  })

  it('sends the browser to the provider login with the timezone and saves the return path', async () => {
    server.use(signedOut())
    const { user } = renderLogin({ pathname: '/login', state: { from: '/chat?x=1' } })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    expect(navigateTo).toHaveBeenCalledTimes(1)
    const url = new URL(vi.mocked(navigateTo).mock.calls[0]![0])
    expect(url.pathname).toBe('/api/auth/login/google')
    expect(url.searchParams.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(url.searchParams.get('returnTo')).toBe('/chat?x=1')
    expect(localStorage.getItem(storageKeys.redirect)).toBe('/chat?x=1')
  })

  it('does not save an unsafe return path', async () => {
    server.use(signedOut())
    localStorage.setItem(storageKeys.redirect, '/old')
    const { user } = renderLogin({ pathname: '/login', state: { from: '//evil.example' } })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    const url = new URL(vi.mocked(navigateTo).mock.calls[0]![0])
    expect(url.searchParams.has('returnTo')).toBe(false)
    expect(localStorage.getItem(storageKeys.redirect)).toBeNull()
  })

  it('goes back to idle without a message when starting the login fails', async () => {
    server.use(signedOut())
    // Storage refusing to save the return path (e.g. quota) is a failure to start the login.
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    const { user } = renderLogin({ pathname: '/login', state: { from: '/chat' } })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled()
    expect(screen.queryByText(/Redirecting to/)).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(navigateTo).not.toHaveBeenCalled()
    setItem.mockRestore()
  })

  it('sends a signed-in visitor to /dashboard', async () => {
    server.use(signedIn())
    renderLogin()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/))
  })

  it('sends a signed-in visitor to the saved return URL', async () => {
    server.use(signedIn())
    renderLogin({ pathname: '/login', state: { from: '/chat?x=1' } })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/chat\?x=1$/))
  })
})
