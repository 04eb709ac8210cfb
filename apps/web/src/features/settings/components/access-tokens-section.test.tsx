import { screen, waitFor, within } from '@testing-library/react'
import type { AccessToken, CreatedAccessToken } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { accessToken as token, signedIn } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { AccessTokensSection } from './access-tokens-section'
import { SettingsPage } from './settings-page'

const SECRET = `remi_pat_${'Zq3'.repeat(14)}x`
const DAY = 24 * 60 * 60 * 1000

function setup(list: () => Response | Promise<Response>) {
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC' })),
    http.get('/api/auth/tokens', list),
  )
  return renderWithProviders(<AccessTokensSection />, { route: '/settings' })
}

const tokenList = () => screen.getByRole('list', { name: 'Access tokens' })

describe('access tokens section', () => {
  it('shows the MCP endpoint of this site with a Copy button', async () => {
    const { user } = setup(() => HttpResponse.json([]))
    const endpoint = screen.getByRole('textbox', { name: 'MCP endpoint' })
    expect(endpoint).toHaveValue(`${window.location.origin}/api/mcp`)
    expect(endpoint).toHaveAttribute('readonly')
    await user.click(screen.getByRole('button', { name: 'Copy MCP endpoint' }))
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/api/mcp`)
    expect(await screen.findByText('MCP endpoint copied')).toBeInTheDocument()
  })

  it('says "Loading access tokens..." while the list loads, then "No access tokens yet."', async () => {
    let release: () => void = () => {}
    setup(async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return HttpResponse.json([])
    })
    expect(await screen.findByText('Loading access tokens...')).toBeInTheDocument()
    release()
    expect(await screen.findByText('No access tokens yet.')).toBeInTheDocument()
  })

  it('lists each token with its name, access, created, last used and expiry, never a secret', async () => {
    setup(() =>
      HttpResponse.json([
        token(),
        token({
          id: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
          name: 'Code editor',
          scope: 'write',
          lastFour: 'Q9_z',
          lastUsedAt: '2026-02-01T08:00:00.000Z',
          expiresAt: '2099-03-01T00:00:00.000Z',
        }),
        token({
          id: '8f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
          name: 'Old script',
          expiresAt: '2020-01-01T00:00:00.000Z',
        }),
      ]),
    )
    await screen.findByRole('list', { name: 'Access tokens' })
    const [laptop, editor, old] = within(tokenList()).getAllByRole('listitem')
    expect(laptop).toHaveTextContent('Laptop assistant')
    expect(laptop).toHaveTextContent('Read only')
    expect(laptop).toHaveTextContent('remi_pat_…Ab3x · Created Jan 5, 2026 · Last used never · No expiry')
    expect(editor).toHaveTextContent('Read and write')
    expect(editor).toHaveTextContent('Last used Feb 1, 2026 · Expires Mar 1, 2099')
    expect(old).toHaveTextContent('Expired Jan 1, 2020')
    expect(within(old!).getByText('Expired')).toBeInTheDocument()
    expect(within(laptop!).getByRole('button', { name: 'Revoke Laptop assistant' })).toBeInTheDocument()
  })

  it('shows a failed load with a Retry that loads again', async () => {
    let calls = 0
    const { user } = setup(() => {
      calls++
      return calls === 1
        ? HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 })
        : HttpResponse.json([token()])
    })
    expect(await screen.findByText(/Could not load your access tokens/)).toHaveTextContent(
      'Server error. Please try again later.',
    )
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Laptop assistant')).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('creates a token: the secret is shown once with Copy and the warning, then gone after Done', async () => {
    let tokens: AccessToken[] = []
    let sent: Record<string, unknown> | null = null
    const { user } = setup(() => HttpResponse.json(tokens))
    server.use(
      http.post('/api/auth/tokens', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>
        const created: CreatedAccessToken = {
          ...token({ name: 'Claude Desktop', scope: 'write', lastFour: SECRET.slice(-4) }),
          expiresAt: String(sent.expiresAt),
          token: SECRET,
        }
        const { token: _secret, ...listed } = created
        tokens = [listed]
        return HttpResponse.json(created, { status: 201 })
      }),
    )
    await screen.findByText('No access tokens yet.')
    expect(screen.getByText(/will not be shown again/)).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Claude Desktop ')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Access' }), 'Read and write')
    expect(screen.getByRole('combobox', { name: 'Expires' })).toHaveValue('90')
    const before = Date.now()
    await user.click(screen.getByRole('button', { name: 'Create Token' }))

    const secret = await screen.findByRole('textbox', { name: 'New token' })
    expect(secret).toHaveValue(SECRET)
    const notice = screen.getByRole('alert')
    expect(notice).toHaveTextContent('Token ‘Claude Desktop’ created')
    expect(notice).toHaveTextContent('Copy your new token now. It will not be shown again.')
    expect(sent).toMatchObject({ name: 'Claude Desktop', scope: 'write' })
    const expiresAt = new Date(String(sent!.expiresAt)).getTime()
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90 * DAY)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90 * DAY)

    await user.click(screen.getByRole('button', { name: 'Copy New token' }))
    expect(await navigator.clipboard.readText()).toBe(SECRET)
    // The list refreshed without the secret; it shows only the last four characters.
    expect(await within(tokenList()).findByText('Claude Desktop')).toBeInTheDocument()
    expect(tokenList()).toHaveTextContent(`remi_pat_…${SECRET.slice(-4)}`)

    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('textbox', { name: 'New token' })).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(SECRET)
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('')
  })

  it('sends null for "No expiry" and read scope by default', async () => {
    let sent: Record<string, unknown> | null = null
    const { user } = setup(() => HttpResponse.json([]))
    server.use(
      http.post('/api/auth/tokens', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ ...token(), token: SECRET }, { status: 201 })
      }),
    )
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Forever')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires' }), 'No expiry')
    await user.click(screen.getByRole('button', { name: 'Create Token' }))
    await screen.findByRole('textbox', { name: 'New token' })
    expect(sent).toEqual({ name: 'Forever', scope: 'read', expiresAt: null })
  })

  it('asks for a name before sending anything', async () => {
    const { user } = setup(() => HttpResponse.json([]))
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ')
    await user.click(screen.getByRole('button', { name: 'Create Token' }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required')
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInvalid()
  })

  it("shows 'Creating...' while it waits, then the server's reason when creating fails", async () => {
    let release: () => void = () => {}
    const { user } = setup(() => HttpResponse.json([]))
    server.use(
      http.post('/api/auth/tokens', async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'CONFLICT',
            message:
              'You already have 20 access tokens, the most allowed. Revoke one you no longer use first.',
          },
          { status: 409 },
        )
      }),
    )
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'One more')
    await user.click(screen.getByRole('button', { name: 'Create Token' }))
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled()
    release()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have 20 access tokens, the most allowed. Revoke one you no longer use first.',
    )
    expect(screen.getByRole('button', { name: 'Create Token' })).toBeEnabled()
    expect(screen.queryByRole('textbox', { name: 'New token' })).not.toBeInTheDocument()
  })

  it('at 20 tokens the Create button is off and says why', async () => {
    setup(() =>
      HttpResponse.json(
        Array.from({ length: 20 }, (_, i) =>
          token({ id: `6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a${String(i).padStart(2, '0')}`, name: `T${i}` }),
        ),
      ),
    )
    expect(await screen.findByText(/You have 20 tokens, the most allowed/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create Token' })).toBeDisabled()
  })

  it('revokes after confirming; Cancel keeps the token', async () => {
    let tokens = [token()]
    let deleted: string | null = null
    const { user } = setup(() => HttpResponse.json(tokens))
    server.use(
      http.delete('/api/auth/tokens/:id', ({ params }) => {
        deleted = String(params.id)
        tokens = []
        return new HttpResponse(null, { status: 204 })
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Revoke Laptop assistant' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Access Token' })
    expect(dialog).toHaveTextContent(
      'Revoke ‘Laptop assistant’? Every tool using it loses access at once. This cannot be undone.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(deleted).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Revoke Laptop assistant' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByText("Token 'Laptop assistant' revoked")).toBeInTheDocument()
    expect(deleted).toBe(token().id)
    expect(await screen.findByText('No access tokens yet.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("shows 'Revoking...' while it waits, and keeps the dialog open with the reason when it fails", async () => {
    let release: () => void = () => {}
    const { user } = setup(() => HttpResponse.json([token()]))
    server.use(
      http.delete('/api/auth/tokens/:id', async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.json({ statusCode: 404, message: 'Access token not found.' }, { status: 404 })
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Revoke Laptop assistant' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    expect(await within(dialog).findByRole('button', { name: 'Revoking...' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    release()
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The requested resource was not found.',
    )
    expect(within(dialog).getByRole('button', { name: 'Revoke' })).toBeEnabled()
  })
})

describe('the settings page', () => {
  it('has the Access Tokens section under the user settings', async () => {
    server.use(
      signedIn(),
      http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'Europe/London' })),
    )
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    expect(await screen.findByRole('heading', { name: 'Access Tokens' })).toBeInTheDocument()
    expect(await screen.findByText('No access tokens yet.')).toBeInTheDocument()
  })
})
