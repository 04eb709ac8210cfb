import { screen, within } from '@testing-library/react'
import type { Activity, ConnectedToolCall } from '@remi/shared'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useChatStore } from '../store'
import { ToolCallCards } from './tool-call-cards'

const CONVERSATION_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b'
const ANSWER_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d'
const ASKED: Activity[] = [
  { tool: 'connected_tool', summary: 'Asked to run Notes › add_note ({"text":"Buy milk"}): waiting for Run' },
]

const call = (fields: Partial<ConnectedToolCall> = {}): ConnectedToolCall => ({
  id: '0e1d2c3b-4a59-4687-9a5b-4c3d2e1f0a9b',
  conversationId: CONVERSATION_ID,
  serverName: 'Notes',
  tool: 'add_note',
  arguments: { text: 'Buy milk' },
  status: 'pending',
  result: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...fields,
})

/** The server's calls; what was asked of it. */
function serve(outcome: Partial<ConnectedToolCall>) {
  const requests: string[] = []
  let current = call()
  server.use(
    http.get('/api/mcp-servers/calls', ({ request }) => {
      requests.push(`GET ${new URL(request.url).search}`)
      return HttpResponse.json([current])
    }),
    http.post('/api/mcp-servers/calls/:id/:action', ({ params }) => {
      requests.push(`POST ${String(params.action)}`)
      current = call(outcome)
      return HttpResponse.json(current)
    }),
  )
  return requests
}

beforeEach(() => useChatStore.getState().setConversationId(CONVERSATION_ID))
afterEach(() => useChatStore.getState().setConversationId(null))

describe('tool calls waiting under the answer', () => {
  it('asks before a writing tool runs: Run calls it and shows its result', async () => {
    const requests = serve({ status: 'ran', result: 'Added note 3: Buy milk' })
    const { user } = renderWithProviders(<ToolCallCards answerId={ANSWER_ID} activity={ASKED} />)
    const card = await screen.findByTestId('tool-call')
    expect(card).toHaveTextContent('Run add_note on Notes? {"text":"Buy milk"}')
    await user.click(within(card).getByRole('button', { name: 'Run' }))
    expect(await screen.findByText('Ran: Added note 3: Buy milk')).toBeInTheDocument()
    expect(requests).toEqual([
      `GET ?conversationId=${CONVERSATION_ID}`,
      'POST run',
      `GET ?conversationId=${CONVERSATION_ID}`,
    ])
  })

  it('Cancel leaves it undone', async () => {
    const requests = serve({ status: 'cancelled' })
    const { user } = renderWithProviders(<ToolCallCards answerId={ANSWER_ID} activity={ASKED} />)
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('Cancelled.')).toBeInTheDocument()
    expect(requests).toContain('POST cancel')
    expect(requests).not.toContain('POST run')
  })
})
