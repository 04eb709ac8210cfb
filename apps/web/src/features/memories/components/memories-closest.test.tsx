import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useMemoriesUi } from '../store'
import { MemoriesPage } from './memories-page'

const memory = (id: string, text: string) => ({
  id,
  text,
  tags: [],
  date: '2026-01-05',
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-01-05T09:00:00Z',
})

/** The memories API: a search no memory holds every word of answers the closest matches, marked so. */
function fakeApi() {
  server.use(
    http.get('/api/auth/user/settings', () => HttpResponse.json({ timezone: 'UTC' })),
    http.get('/api/memories/tags', () => HttpResponse.json([])),
    http.get('/api/memories', ({ request }) => {
      const term = new URL(request.url).searchParams.get('searchTerm')
      const all = [memory('a', 'Dentist on Friday at 10'), memory('b', 'Marta likes orchids')]
      if (!term) return HttpResponse.json({ items: all, totalCount: 2, page: 1, pageSize: 24 })
      if (term === 'dentist')
        return HttpResponse.json({ items: [all[0]], totalCount: 1, page: 1, pageSize: 24 })
      // Many matches: the server estimates the count (issue 47).
      if (term === 'meeting')
        return HttpResponse.json({
          items: all,
          totalCount: 7800,
          page: 1,
          pageSize: 24,
          totalCountIsEstimate: true,
        })
      return HttpResponse.json({ items: [all[0]], totalCount: 1, page: 1, pageSize: 24, closest: true })
    }),
  )
}

beforeEach(() => useMemoriesUi.getState().reset())

describe('memories page: the closest matches', () => {
  it('says when a search found no memory with all its words and shows the closest ones', async () => {
    fakeApi()
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 2 of 2 memories')
    await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'dentist appointment')
    expect(
      await screen.findByText('No memories hold every word of “dentist appointment”. The closest matches:'),
    ).toBeInTheDocument()
    expect(screen.getByText('Dentist on Friday at 10')).toBeInTheDocument()
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load More Memories' })).not.toBeInTheDocument()
  })

  it("keeps 'Showing N of total' for an ordinary search", async () => {
    fakeApi()
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 2 of 2 memories')
    await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'dentist')
    expect(await screen.findByText('Showing 1 of 1 memories')).toBeInTheDocument()
    expect(screen.queryByText(/closest matches/)).not.toBeInTheDocument()
  })

  it("says 'about N' when the server estimated the count of a search's many matches", async () => {
    fakeApi()
    const { user } = renderWithProviders(<MemoriesPage />)
    await screen.findByText('Showing 2 of 2 memories')
    await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'meeting')
    expect(await screen.findByText('Showing 2 of about 7800 memories')).toBeInTheDocument()
  })
})
