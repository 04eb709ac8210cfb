import type { ReactElement } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import type { SessionInfo } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { sessionInfo as session } from '../../../test/fixtures'
import { LocationDisplay } from '../../../test/location-display'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { SessionsSection } from './sessions-section'

const THIS = session({})
const PHONE = session({
  id: 'b'.repeat(64),
  device: 'Safari on iOS',
  ip: '198.51.100.4',
  current: false,
  lastSeenAt: '2026-01-04T18:00:00.000Z',
})
const LAPTOP = session({ id: 'c'.repeat(64), device: 'Chrome on Windows', ip: '203.0.113.9', current: false })

function setup(initial: SessionInfo[], ui: ReactElement = <SessionsSection />) {
  let list = initial
  const deleted: string[] = []
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
    http.get('/api/auth/sessions', () => HttpResponse.json(list)),
    http.delete('/api/auth/sessions/:id', ({ params }) => {
      deleted.push(String(params.id))
      list = list.filter((s) => s.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.delete('/api/auth/sessions', ({ request }) => {
      const signedOut = list.filter((s) => !s.current).length
      const keep = new URL(request.url).searchParams.get('keepAccessTokens') === 'true'
      deleted.push(keep ? 'others, keeping tokens' : 'others')
      list = list.filter((s) => s.current)
      return HttpResponse.json({ signedOut, accessTokensEnded: keep ? 0 : 1 })
    }),
  )
  return { ...renderWithProviders(ui, { route: '/settings' }), deleted }
}

const sessionList = () => screen.getByRole('list', { name: 'Sessions' })

describe('Settings → Sessions', () => {
  it('lists each session with its device, last seen, where it signed in, and which is this one', async () => {
    setup([THIS, PHONE])
    await screen.findByRole('list', { name: 'Sessions' })
    const [mine, phone] = within(sessionList()).getAllByRole('listitem')
    expect(mine).toHaveTextContent('Firefox on Linux')
    expect(mine).toHaveTextContent('This device')
    expect(mine).toHaveTextContent('Last seen 6 Jan 2026, 09:30 · Signed in 5 Jan 2026, 10:00 from 127.0.0.1')
    expect(phone).toHaveTextContent('Safari on iOS')
    expect(phone).not.toHaveTextContent('This device')
    expect(phone).toHaveTextContent('from 198.51.100.4')
    expect(
      within(phone!).getByRole('button', { name: 'Sign out Safari on iOS (198.51.100.4)' }),
    ).toBeVisible()
    expect(within(mine!).getByRole('button', { name: 'Sign out of this device' })).toBeVisible()
  })

  it('signs out one other session after confirming, and the list loses it', async () => {
    const { user, deleted } = setup([THIS, PHONE, LAPTOP])
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS (198.51.100.4)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign Out Session' })
    expect(dialog).toHaveTextContent('Sign out Safari on iOS (198.51.100.4)? It will need to sign in again.')
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Signed out Safari on iOS (198.51.100.4)')).toBeInTheDocument()
    expect(deleted).toEqual(['b'.repeat(64)])
    await waitFor(() => expect(within(sessionList()).getAllByRole('listitem')).toHaveLength(2))
    expect(sessionList()).not.toHaveTextContent('Safari on iOS')
  })

  it('signing out this device ends its session and leaves for the home page', async () => {
    const { user, deleted } = setup(
      [THIS, PHONE],
      <>
        <SessionsSection />
        <LocationDisplay />
      </>,
    )
    await user.click(await screen.findByRole('button', { name: 'Sign out of this device' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign Out Session' })
    expect(dialog).toHaveTextContent('Sign out of this device?')
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
    expect(deleted).toEqual(['a'.repeat(64)])
  })

  it('"Sign out everywhere else" keeps only this device', async () => {
    const { user, deleted } = setup([THIS, PHONE, LAPTOP])
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign Out Everywhere Else' })
    expect(dialog).toHaveTextContent('Sign out of your 2 other sessions? This device stays signed in.')
    expect(dialog).toHaveTextContent('Your access tokens end too, unless you keep them')
    expect(within(dialog).getByRole('checkbox', { name: 'Keep my access tokens' })).not.toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }))
    expect(
      await screen.findByText('Signed out 2 other sessions and ended 1 access token'),
    ).toBeInTheDocument()
    expect(deleted).toEqual(['others'])
    await waitFor(() => expect(within(sessionList()).getAllByRole('listitem')).toHaveLength(1))
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument()
  })

  it('"Keep my access tokens" signs out everywhere else and keeps the tokens', async () => {
    const { user, deleted } = setup([THIS, PHONE])
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign Out Everywhere Else' })
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keep my access tokens' }))
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }))
    expect(await screen.findByText('Signed out 1 other session')).toBeInTheDocument()
    expect(deleted).toEqual(['others, keeping tokens'])
  })

  it('offers no "everywhere else" when this is the only session', async () => {
    setup([THIS])
    await screen.findByRole('list', { name: 'Sessions' })
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument()
  })

  it('says why when signing out fails, and keeps the dialog open', async () => {
    const { user } = setup([THIS, PHONE])
    server.use(
      http.delete('/api/auth/sessions/:id', () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Session not found.', code: 'NOT_FOUND' },
          { status: 404 },
        ),
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS (198.51.100.4)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign Out Session' })
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    expect(await within(dialog).findByText('The requested resource was not found.')).toBeInTheDocument()
  })

  it('says when the list cannot be loaded, with Retry', async () => {
    server.use(
      http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC', theme: 'system' })),
      http.get('/api/auth/sessions', () =>
        HttpResponse.json(
          { statusCode: 500, error: 'Internal Server Error', message: 'Boom', code: 'INTERNAL_ERROR' },
          { status: 500 },
        ),
      ),
    )
    renderWithProviders(<SessionsSection />, { route: '/settings' })
    expect(await screen.findByText(/Could not load your sessions/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
