import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Routes } from 'react-router'
import { navigateTo } from '../../../lib/browser'
import { signInLocally } from '../lib/local-sign-in'
import { storageKeys } from '../../../lib/storage'
import { signedIn, signedOut } from '../../../test/fixtures'
import { LocationDisplay } from '../../../test/location-display'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { LoginPage } from './login-page'

vi.mock('../../../lib/browser', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn(), replaceAddress: vi.fn() }))
vi.mock('../lib/local-sign-in', () => ({ signInLocally: vi.fn() }))

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
    expect(await screen.findByText('Choose your login method:')).toBeInTheDocument()
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
    await user.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }))
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
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))
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
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))
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
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))
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

describe('login screen with no provider configured', () => {
  const local = (firstAccount: boolean, signup: 'open' | 'closed' = 'closed') =>
    http.get('/api/auth/sign-in-options', () =>
      HttpResponse.json({ providers: [], local: { provider: 'google', firstAccount, signup } }),
    )

  it('signs in on /login itself: no Google or Microsoft buttons, no setting names', async () => {
    server.use(signedOut(), local(false))
    vi.mocked(signInLocally).mockResolvedValue({
      ok: true,
      landing: new URL('http://localhost/login?token=a.b.c'),
    })
    const { user } = renderLogin({ pathname: '/login', state: { from: '/chat' } })
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/LOCAL_SIGNUP|Google|Microsoft/)
    expect(screen.getByText(/Ask someone who uses Remi here for an invitation link/)).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.test')
    await user.type(screen.getByLabelText(/^Password/), 'a-long-password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?token=a.b.c'))
    const call = vi.mocked(signInLocally).mock.calls[0]![0]
    expect(call).toMatchObject({ intent: 'signin', email: 'ada@example.test', password: 'a-long-password' })
    const start = new URL(call.startUrl)
    expect(start.pathname).toBe('/api/auth/login/google')
    expect(start.searchParams.get('returnTo')).toBe('/chat')
  })

  it('offers "Create the first account" on an empty server, and says why a sign-in was refused', async () => {
    server.use(signedOut(), local(true))
    vi.mocked(signInLocally).mockResolvedValue({ ok: false, message: 'That password is too common.' })
    const { user } = renderLogin()
    expect(await screen.findByRole('heading', { name: 'Create the first account' })).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Name/), 'Ada')
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.test')
    await user.type(screen.getByLabelText(/^Password/), 'password123')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('That password is too common.')).toBeInTheDocument()
    expect(vi.mocked(signInLocally).mock.calls.at(-1)![0]).toMatchObject({ intent: 'signup', name: 'Ada' })
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.test')
  })
})

describe("login screen in the browser's language (issue 51)", () => {
  const browserLanguages = (languages: string[]) =>
    Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true })
  afterEach(() => {
    browserLanguages(['en-GB'])
    document.documentElement.setAttribute('lang', 'en')
  })

  it('shows Portuguese (Portugal) in a pt-PT browser, and says so in <html lang>', async () => {
    browserLanguages(['pt-PT', 'pt', 'en'])
    server.use(signedOut())
    const { user } = renderLogin()
    expect(await screen.findByRole('heading', { name: 'Bem-vindo ao Remi' })).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'pt-PT'))
    expect(
      screen.getByText('O seu assistente pessoal de IA para gerir memórias e ideias'),
    ).toBeInTheDocument()
    expect(await screen.findByText('Escolha como pretende iniciar sessão:')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continuar com Microsoft' }))
    expect(screen.getByText('A redirecionar para Microsoft... Aguarde, por favor.')).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/Welcome|Choose your login method/)
  })

  it('shows the built-in sign-in in German, its failures too', async () => {
    browserLanguages(['de-AT', 'de'])
    server.use(
      signedOut(),
      http.get('/api/auth/sign-in-options', () =>
        HttpResponse.json({
          providers: [],
          local: { provider: 'google', firstAccount: false, signup: 'open' },
        }),
      ),
    )
    vi.mocked(signInLocally).mockResolvedValue({ ok: false, failure: 'network' })
    const { user } = renderLogin()
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de'))
    await user.type(screen.getByLabelText(/^E-Mail/), 'ada@example.test')
    await user.type(screen.getByLabelText(/^Passwort/), 'a-long-password')
    await user.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(
      await screen.findByText('Netzwerkfehler. Bitte prüfe deine Verbindung und versuche es erneut.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Konto anlegen' }))
    expect(screen.getByRole('heading', { name: 'Konto anlegen' })).toBeInTheDocument()
    expect(screen.getByText('Mindestens 10 Zeichen, und kein gängiges Passwort.')).toBeInTheDocument()
  })

  it('stays in English, <html lang="en">, for a browser in a language Remi does not have', async () => {
    browserLanguages(['ja-JP', 'ja'])
    server.use(signedOut())
    renderLogin()
    expect(await screen.findByText('Choose your login method:')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Welcome to Remi' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('lang', 'en')
  })
})
