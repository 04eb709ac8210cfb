import { screen, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { App } from '../../../app/app'
import { storageKeys } from '../../../lib/storage'
import { pageHandlers, signedIn, signedOut } from '../../../test/fixtures'
import { LocationDisplay } from '../../../test/location-display'
import { renderWithProviders, server } from '../../../test/render'
import { preloadPages } from '../../../app/router'

// The pages are lazy chunks: load their code once, so a route test waits for its data, not for imports.
beforeAll(() => preloadPages(), 60_000)

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'

function renderApp(route: string) {
  server.use(...pageHandlers())
  return renderWithProviders(
    <>
      <App />
      <LocationDisplay />
    </>,
    { route },
  )
}

const location = () => screen.getByTestId('location')

describe('sign-in return', () => {
  it('stores the token, goes to the saved redirect, forgets it and says welcome', async () => {
    server.use(signedIn())
    localStorage.setItem(storageKeys.redirect, '/chat?x=1')
    renderApp(`/login?token=${TOKEN}`)
    expect(await screen.findByText('Successfully logged in! Welcome to Remi.')).toBeInTheDocument()
    expect(screen.getByText('Success')).toBeInTheDocument()
    await waitFor(() => expect(location()).toHaveTextContent(/^\/chat\?x=1$/))
    expect(await screen.findByRole('heading', { name: 'Chat with Remi' })).toBeInTheDocument()
    expect(localStorage.getItem(storageKeys.token)).toBe(TOKEN)
    expect(localStorage.getItem(storageKeys.redirect)).toBeNull()
  })

  it('goes to /dashboard when no redirect was saved, and cleans the address', async () => {
    server.use(signedIn())
    renderApp(`/login?token=${TOKEN}`)
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
  })

  it("uses the server's returnTo echo when nothing was saved on this device", async () => {
    server.use(signedIn())
    renderApp(`/login?token=${TOKEN}&returnTo=${encodeURIComponent('/chat?x=1')}`)
    await waitFor(() => expect(location()).toHaveTextContent(/^\/chat\?x=1$/))
  })

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'chat'])(
    'refuses the saved redirect %j and goes to /dashboard',
    async (saved) => {
      server.use(signedIn())
      localStorage.setItem(storageKeys.redirect, saved)
      renderApp(`/login?token=${TOKEN}`)
      await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/))
      expect(localStorage.getItem(storageKeys.redirect)).toBeNull()
    },
  )

  it('runs on any page, not only /login', async () => {
    server.use(signedIn())
    renderApp(`/chat?token=${TOKEN}`)
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/))
    expect(localStorage.getItem(storageKeys.token)).toBe(TOKEN)
  })

  it('shows the provider error and goes to /login', async () => {
    server.use(signedOut())
    renderApp('/login?error=access_denied')
    expect(await screen.findByText('Authentication failed: access_denied')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/))
    expect(screen.getByRole('heading', { name: 'Welcome to Remi' })).toBeInTheDocument()
  })

  it("says it in the browser's language, as /login does (issue 51)", async () => {
    Object.defineProperty(window.navigator, 'languages', { value: ['de-DE', 'de'], configurable: true })
    try {
      server.use(signedOut())
      renderApp('/login?error=access_denied')
      expect(await screen.findByText('Authentifizierung fehlgeschlagen: access_denied')).toBeInTheDocument()
      await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/))
      expect(await screen.findByRole('heading', { name: 'Willkommen bei Remi' })).toBeInTheDocument()
    } finally {
      Object.defineProperty(window.navigator, 'languages', { value: ['en-GB'], configurable: true })
      document.documentElement.setAttribute('lang', 'en')
    }
  })

  it.each(['not-a-jwt', 'a.b', 'a.b.c.d', 'a..c'])('refuses the malformed token %j', async (token) => {
    server.use(signedOut())
    localStorage.setItem(storageKeys.redirect, '/chat')
    renderApp(`/login?token=${token}`)
    expect(
      await screen.findByText('Failed to process authentication token: Invalid JWT token format received'),
    ).toBeInTheDocument()
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/))
    expect(localStorage.getItem(storageKeys.token)).toBeNull()
  })

  it("any other failure says 'Authentication process failed' and goes to /login", async () => {
    server.use(signedOut())
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    renderApp(`/chat?token=${TOKEN}`)
    expect(await screen.findByText('Authentication process failed')).toBeInTheDocument()
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/))
    expect(screen.queryByText('Successfully logged in! Welcome to Remi.')).not.toBeInTheDocument()
    setItem.mockRestore()
  })
})
