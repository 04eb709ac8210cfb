import { screen, within } from '@testing-library/react'
import type { McpServer } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { http, HttpResponse, renderWithProviders, server as msw } from '../../../test/render'
import { ConnectedToolsSection } from './connected-tools-section'

const notes = (fields: Partial<McpServer> = {}): McpServer => ({
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  name: 'Home notes',
  url: 'https://notes.example/mcp',
  status: 'Connected: 2 tools.',
  connected: true,
  hasHeaders: true,
  tools: [
    { name: 'look_up_note', description: 'Finds notes by a word.', enabled: false, readOnly: true },
    { name: 'add_note', description: 'Adds a note.', enabled: true, readOnly: false },
  ],
  ...fields,
})

function setup(list: McpServer[]) {
  let servers = list
  const sent: Array<{ method: string; path: string; body: unknown }> = []
  const record = async (request: Request) => {
    const body: unknown = request.method === 'DELETE' ? null : await request.json()
    sent.push({ method: request.method, path: new URL(request.url).pathname, body })
  }
  msw.use(
    http.get('/api/mcp-servers', () => HttpResponse.json(servers)),
    http.post('/api/mcp-servers', async ({ request }) => {
      await record(request)
      const body = sent.at(-1)!.body as { url: string }
      if (body.url.includes('192.168.')) {
        return HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message:
              'The address 192.168.1.5 is on a private or local network, which Remi does not fetch from.',
          },
          { status: 400 },
        )
      }
      const added = notes({ id: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Work', url: body.url })
      servers = [...servers, added]
      return HttpResponse.json(added, { status: 201 })
    }),
    http.patch('/api/mcp-servers/:id/tools/:name', async ({ request, params }) => {
      await record(request)
      const { enabled } = sent.at(-1)!.body as { enabled: boolean }
      servers = servers.map((s) =>
        s.id === params.id
          ? { ...s, tools: s.tools.map((t) => (t.name === params.name ? { ...t, enabled } : t)) }
          : s,
      )
      return HttpResponse.json(servers.find((s) => s.id === params.id))
    }),
    http.delete('/api/mcp-servers/:id', async ({ request, params }) => {
      await record(request)
      servers = servers.filter((s) => s.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return { sent, ...renderWithProviders(<ConnectedToolsSection />, { route: '/settings' }) }
}

describe('Settings → Connected tools', () => {
  it('shows each server with its status and its tools: a switch each, labelled read-only or asks first', async () => {
    const { user, sent } = setup([notes()])
    const card = await screen.findByRole('region', { name: 'Home notes' })
    expect(card).toHaveTextContent('https://notes.example/mcp')
    expect(card).toHaveTextContent('Connected: 2 tools.')
    const lookUp = within(card).getByRole('checkbox', { name: /look_up_note/ })
    const addNote = within(card).getByRole('checkbox', { name: /add_note/ })
    expect(lookUp).not.toBeChecked()
    expect(addNote).toBeChecked()
    expect(within(card).getByText('read-only')).toBeInTheDocument()
    expect(within(card).getByText('asks first')).toBeInTheDocument()

    await user.click(lookUp)
    expect(
      await within(card).findByRole('checkbox', { name: /look_up_note/, checked: true }),
    ).toBeInTheDocument()
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: `/api/mcp-servers/${notes().id}/tools/look_up_note`,
        body: { enabled: true },
      },
    ])
  })

  it('adds a server with its header, and says in words why one is refused', async () => {
    const { user, sent } = setup([])
    expect(await screen.findByText('No servers connected yet.')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Work')
    await user.type(screen.getByRole('textbox', { name: 'Server address' }), 'http://192.168.1.5/mcp')
    await user.type(
      screen.getByRole('textbox', { name: 'Header (optional)' }),
      'Authorization: Bearer s3cret',
    )
    await user.click(screen.getByRole('button', { name: 'Add server' }))
    expect(await screen.findByText(/is on a private or local network/)).toBeInTheDocument()

    await user.clear(screen.getByRole('textbox', { name: 'Server address' }))
    await user.type(screen.getByRole('textbox', { name: 'Server address' }), 'https://work.example/mcp')
    await user.click(screen.getByRole('button', { name: 'Add server' }))
    expect(await screen.findByRole('region', { name: 'Work' })).toBeInTheDocument()
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/api/mcp-servers',
      body: { name: 'Work', url: 'https://work.example/mcp', headers: { Authorization: 'Bearer s3cret' } },
    })
    // Saved, the header is gone from the form and not shown anywhere.
    expect(screen.getByRole('textbox', { name: 'Header (optional)' })).toHaveValue('')
    expect(document.body).not.toHaveTextContent('s3cret')
  })

  it('removes a server', async () => {
    const { user, sent } = setup([notes()])
    await user.click(await screen.findByRole('button', { name: 'Remove Home notes' }))
    expect(await screen.findByText('No servers connected yet.')).toBeInTheDocument()
    expect(sent).toEqual([{ method: 'DELETE', path: `/api/mcp-servers/${notes().id}`, body: null }])
  })

  it('shows a server that could not be reached with its status in words', async () => {
    setup([
      notes({
        connected: false,
        status: 'Not connected: The server did not answer within 20 seconds.',
        tools: [],
      }),
    ])
    const card = await screen.findByRole('region', { name: 'Home notes' })
    expect(card).toHaveTextContent('Not connected: The server did not answer within 20 seconds.')
    expect(within(card).queryByRole('checkbox')).toBeNull()
  })
})
