import { screen, waitFor, within } from '@testing-library/react'
import type { MemoryProposal, MemoryProposalList } from '@remi/shared'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useChatStore } from '../store'
import { MemoryProposals } from './memory-proposals'

const CONVERSATION_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b'
const ANSWER_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d'
const MEMORY_ID = '0e1d2c3b-4a59-4687-9a5b-4c3d2e1f0a9b'

function proposal(overrides: Partial<MemoryProposal>): MemoryProposal {
  return {
    id: crypto.randomUUID(),
    kind: 'create',
    memoryId: null,
    conversationId: CONVERSATION_ID,
    before: null,
    text: 'I parked on level 3, spot B12',
    tags: [],
    date: null,
    status: 'pending',
    extracted: true,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  }
}

/** The server's proposals, answered in turn (the last one again and again); the requests it got. */
function serve(...lists: MemoryProposalList[]) {
  const requests: string[] = []
  let served = 0
  server.use(
    http.get('/api/proposals', ({ request }) => {
      requests.push(`GET ${new URL(request.url).search}`)
      const list = lists[Math.min(served, lists.length - 1)]!
      served += 1
      return HttpResponse.json(list)
    }),
    http.post('/api/proposals/:id/apply', ({ params }) => {
      requests.push(`POST apply ${String(params.id)}`)
      return HttpResponse.json({
        proposal: proposal({ id: String(params.id), status: 'applied' }),
        memory: null,
      })
    }),
    http.post('/api/proposals/:id/undo', ({ params }) => {
      requests.push(`POST undo ${String(params.id)}`)
      return HttpResponse.json(proposal({ id: String(params.id), status: 'undone' }))
    }),
  )
  return requests
}

beforeEach(() => useChatStore.getState().setConversationId(CONVERSATION_ID))
afterEach(() => useChatStore.getState().setConversationId(null))

describe('fact chips under the answer', () => {
  it('shows "Save: …" and "Update: …"; pressing one applies it and it then says it was saved', async () => {
    const save = proposal({ text: 'I parked on level 3, spot B12' })
    const update = proposal({
      kind: 'update',
      memoryId: MEMORY_ID,
      before: "Ana's birthday is on 4 June",
      text: "Ana's birthday is on 5 June",
    })
    const requests = serve(
      { proposals: [save, update], extracting: false },
      { proposals: [{ ...save, status: 'applied', memoryId: MEMORY_ID }, update], extracting: false },
    )
    const { user } = renderWithProviders(<MemoryProposals answerId={ANSWER_ID} />)

    const chips = await screen.findByRole('group', { name: 'Facts to keep' })
    expect(within(chips).getByRole('button', { name: "Update: Ana's birthday is on 5 June" })).toBeVisible()
    await user.click(within(chips).getByRole('button', { name: 'Save: I parked on level 3, spot B12' }))

    expect(await within(chips).findByText('Saved: I parked on level 3, spot B12')).toBeVisible()
    expect(within(chips).getByRole('button', { name: 'Undo' })).toBeVisible()
    expect(requests).toContain(`POST apply ${save.id}`)
    expect(requests).not.toContain(`POST apply ${update.id}`)
    // Chips are not cards: no Keep, no "Proposed changes" group.
    expect(screen.queryByRole('group', { name: 'Proposed changes to memories' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Keep' })).toBeNull()
  })

  it('asks again while the model is still picking out facts, until the chips are there', async () => {
    const requests = serve(
      { proposals: [], extracting: true },
      { proposals: [proposal({ text: 'My gym locker code is 4471' })], extracting: false },
    )
    renderWithProviders(<MemoryProposals answerId={ANSWER_ID} />)
    expect(await screen.findByRole('button', { name: 'Save: My gym locker code is 4471' })).toBeVisible()
    const asked = requests.filter((r) => r.startsWith('GET'))
    expect(asked).toHaveLength(2)
    expect(asked[0]).toBe(`GET ?conversationId=${CONVERSATION_ID}`)
  })

  it('a fact saved at once (auto-save) says so, with Undo that undoes it through its proposal', async () => {
    const saved = proposal({
      status: 'applied',
      memoryId: MEMORY_ID,
      text: 'The spare key is under the blue pot',
    })
    const requests = serve(
      { proposals: [saved], extracting: false },
      { proposals: [{ ...saved, status: 'undone' }], extracting: false },
    )
    const { user } = renderWithProviders(<MemoryProposals answerId={ANSWER_ID} />)

    expect(await screen.findByText('Saved: The spare key is under the blue pot')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Undone.')).toBeVisible()
    expect(requests).toContain(`POST undo ${saved.id}`)
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull()
  })

  it('an undone fact still says so when the page is opened again: no second Undo', async () => {
    serve({
      proposals: [
        proposal({ status: 'undone', memoryId: MEMORY_ID, text: 'The spare key is under the blue pot' }),
      ],
      extracting: false,
    })
    renderWithProviders(<MemoryProposals answerId={ANSWER_ID} />)
    expect(await screen.findByText('Undone.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull()
  })

  it('a told fact stays a card with "Save as memory"; the chips come next to it', async () => {
    serve({
      proposals: [
        proposal({ extracted: false, text: 'I left the umbrella at the office' }),
        proposal({ text: 'The umbrella is at the office' }),
      ],
      extracting: false,
    })
    renderWithProviders(<MemoryProposals answerId={ANSWER_ID} />)
    const cards = await screen.findByRole('group', { name: 'Proposed changes to memories' })
    expect(within(cards).getByText('Save: I left the umbrella at the office')).toBeVisible()
    expect(within(cards).getByRole('button', { name: 'Save as memory' })).toBeVisible()
    const chips = screen.getByRole('group', { name: 'Facts to keep' })
    expect(within(chips).getByRole('button', { name: 'Save: The umbrella is at the office' })).toBeVisible()
  })

  it('shows why a chip could not be applied (it lapsed)', async () => {
    const lapsed = proposal({ text: 'My sister lives in Porto' })
    serve({ proposals: [lapsed], extracting: false })
    server.use(
      http.post('/api/proposals/:id/apply', () =>
        HttpResponse.json(
          {
            code: 'CONFLICT',
            message: 'This change lapsed when the next message was sent. Ask again to change it.',
          },
          { status: 409 },
        ),
      ),
    )
    const { user } = renderWithProviders(<MemoryProposals answerId={ANSWER_ID} />)
    await user.click(await screen.findByRole('button', { name: 'Save: My sister lives in Porto' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/lapsed when the next message/))
  })
})
