import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { storageKeys } from '../lib/storage'
import { pageHandlers, signedIn, signedOut, testUser } from '../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../test/render'
import { LocationDisplay } from '../test/location-display'
import { App } from './app'
import { preloadPages } from './router'

// The pages are lazy chunks: load their code once, so a route test waits for its data, not for imports.
beforeAll(() => preloadPages(), 60_000)

function renderApp(route: string) {
  server.use(...pageHandlers())
  const visited: string[] = []
  function History() {
    const location = useLocation()
    // A layout effect runs in the same commit that changes <LocationDisplay>'s text, so a waitFor on that
    // text also sees the entry here (a passive effect could still be pending: a flaky CI failure).
    useLayoutEffect(() => {
      visited.push(location.pathname + location.search)
    }, [location])
    return null
  }
  const result = renderWithProviders(
    <>
      <App />
      <LocationDisplay />
      <History />
    </>,
    { route },
  )
  return { ...result, visited }
}

const location = () => screen.getByTestId('location')
const settingsHandler = () =>
  http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'Europe/London' }))

describe('protected-page guard', () => {
  it('shows a spinner while the user loads', async () => {
    let answer: (value: Response) => void = () => {}
    server.use(http.get('/api/auth/user', () => new Promise<Response>((resolve) => (answer = resolve))))
    renderApp('/chat')
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...')
    answer(HttpResponse.json(testUser))
    expect(await screen.findByRole('heading', { name: 'Chat with Remi' })).toBeInTheDocument()
  })

  it('sends a signed-out visitor to /login with the path and query string as the return URL', async () => {
    server.use(signedOut())
    localStorage.setItem(storageKeys.token, 'a.b.c')
    localStorage.setItem(storageKeys.calendarId, 'cal-1')
    renderApp('/chat?x=1&y=two')
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/))
    expect(JSON.parse(location().dataset.state!)).toEqual({ from: '/chat?x=1&y=two' })
    expect(screen.getByRole('heading', { name: 'Welcome to Remi' })).toBeInTheDocument()
    // A 401 on the user query forgets the stored token and calendar id.
    expect(localStorage.getItem(storageKeys.token)).toBeNull()
    expect(localStorage.getItem(storageKeys.calendarId)).toBeNull()
  })

  it("a Portuguese user's sign-out leaves the sign-in page in this browser's language (issue 51)", async () => {
    server.use(
      signedIn({ language: 'pt-PT' }),
      http.get('/api/auth/user/settings', () =>
        HttpResponse.json({ timezone: 'Europe/Lisbon', theme: 'system', language: 'pt-PT' }),
      ),
      http.post('/api/auth/logout', () => {
        server.use(signedOut())
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user } = renderApp('/chat')
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'pt-PT'))
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }))
    await user.click(screen.getByRole('button', { name: 'Terminar sessão' }))
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/))
    // jsdom's browser speaks en-US.
    expect(document.documentElement).toHaveAttribute('lang', 'en')
  })

  it('shows the page to a signed-in user', async () => {
    server.use(signedIn())
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
  })
})

describe('routes', () => {
  it.each(['/', '/nowhere', '/memories/extra/deep'])('%s redirects to /dashboard', async (route) => {
    server.use(signedIn())
    renderApp(route)
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
  })

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/chat', 'Chat with Remi'],
    ['/settings', 'User Settings'],
  ])('%s shows %s', async (route, heading) => {
    server.use(signedIn(), settingsHandler())
    renderApp(route)
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument()
  })
})

describe('navigation bar', () => {
  it('has the brand and the five links (Reminders among them)', async () => {
    server.use(signedIn())
    renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(screen.getByRole('link', { name: 'Remi' })).toHaveAttribute('href', '/dashboard')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Memories', '/memories'],
      ['Chat', '/chat'],
      ['Reminders', '/reminders'],
      ['Data Sources', '/data-sources'],
    ])
  })

  it('navigates with the links', async () => {
    server.use(signedIn())
    const { user } = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Dashboard' })
    await user.click(screen.getByRole('link', { name: 'Chat' }))
    expect(await screen.findByRole('heading', { name: 'Chat with Remi' })).toBeInTheDocument()
    expect(location()).toHaveTextContent(/^\/chat$/)
  })

  it.each([
    [{ name: 'Ada Lovelace', email: 'ada@example.com' }, 'Ada Lovelace'],
    [{ name: '', email: 'ada@example.com' }, 'ada@example.com'],
    [{ name: '', email: '' }, 'User'],
  ])('the user menu for %j reads %s, and holds Settings and Logout', async (who, label) => {
    server.use(signedIn(who), settingsHandler())
    const { user } = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Dashboard' })
    await user.click(screen.getByRole('button', { name: label }))
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Settings' }))
    expect(await screen.findByRole('heading', { name: 'User Settings' })).toBeInTheDocument()
  })
})

describe('logout', () => {
  it.each([
    ['succeeds', () => new HttpResponse(null, { status: 204 })],
    ['fails', () => HttpResponse.json({ message: 'boom' }, { status: 500 })],
    ['cannot reach the server', () => HttpResponse.error()],
  ])('when the call %s: clears the session, lands on / and then /login', async (_case, answer) => {
    let signedInNow = true
    let logoutCalls = 0
    let csrfHeader: string | null = null
    server.use(
      http.get('/api/auth/user', () =>
        signedInNow ? HttpResponse.json(testUser) : HttpResponse.json({ message: 'no' }, { status: 401 }),
      ),
      http.post('/api/auth/logout', ({ request }) => {
        csrfHeader = request.headers.get('X-CSRF-TOKEN')
        logoutCalls++
        signedInNow = false
        return answer()
      }),
    )
    localStorage.setItem(storageKeys.token, 'a.b.c')
    localStorage.setItem(storageKeys.calendarId, 'cal-1')
    const { user, visited, queryClient } = renderApp('/chat')
    await screen.findByRole('heading', { name: 'Chat with Remi' })
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }))
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/))
    expect(logoutCalls).toBe(1)
    expect(csrfHeader).toBe('test-csrf')
    expect(visited).toContain('/')
    expect(visited.indexOf('/')).toBeLessThan(visited.lastIndexOf('/login'))
    expect(localStorage.getItem(storageKeys.token)).toBeNull()
    expect(localStorage.getItem(storageKeys.calendarId)).toBeNull()
    expect(screen.getByRole('heading', { name: 'Welcome to Remi' })).toBeInTheDocument()
    expect(queryClient.getQueryData(['auth', 'user'])).toBeUndefined()
  })

  it("forgets this device's push subscription before the session ends, so a shared browser gets no one's reminders", async () => {
    const order: string[] = []
    let signedInNow = true
    server.use(
      http.get('/api/auth/user', () =>
        signedInNow ? HttpResponse.json(testUser) : HttpResponse.json({ message: 'no' }, { status: 401 }),
      ),
      http.delete('/api/notifications/subscriptions/:id', ({ params }) => {
        order.push(`delete ${String(params.id)}`)
        return new HttpResponse(null, { status: 204 })
      }),
      http.post('/api/auth/logout', () => {
        order.push('logout')
        signedInNow = false
        return new HttpResponse(null, { status: 204 })
      }),
    )
    localStorage.setItem(storageKeys.token, 'a.b.c')
    localStorage.setItem(storageKeys.pushSubscriptionId, 'sub-1')
    const { user } = renderApp('/chat')
    await screen.findByRole('heading', { name: 'Chat with Remi' })
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }))
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/))
    expect(order).toEqual(['delete sub-1', 'logout'])
    expect(localStorage.getItem(storageKeys.pushSubscriptionId)).toBeNull()
  })
})

describe('pull-to-refresh in the layout', () => {
  const pull = (to: number) => {
    fireEvent.touchStart(window, { touches: [{ clientY: 0 }] })
    fireEvent.touchMove(window, { touches: [{ clientY: to }] })
  }

  it('is on for ordinary pages', async () => {
    server.use(signedIn())
    renderApp('/chat')
    await screen.findByRole('heading', { name: 'Chat with Remi' })
    pull(40)
    expect(await screen.findByText('Pull to refresh')).toBeInTheDocument()
  })

  it('is off on /settings', async () => {
    server.use(signedIn(), settingsHandler())
    renderApp('/settings')
    await screen.findByRole('heading', { name: 'User Settings' })
    pull(90)
    expect(screen.queryByText(/to refresh/)).not.toBeInTheDocument()
  })
})
