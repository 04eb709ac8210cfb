import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { useMemoriesUi } from '../store'
import { MemoriesPage } from './memories-page'

beforeEach(() => {
  server.use(
    http.get('/api/memories', () => HttpResponse.json({ items: [], totalCount: 0, page: 1, pageSize: 12 })),
    http.get('/api/memories/tags', () => HttpResponse.json([])),
  )
})
afterEach(() => useMemoriesUi.getState().reset())

const search = () => screen.getByRole('searchbox', { name: 'Search memories' })

describe('memories page shortcuts', () => {
  it('/ focuses the search without typing a slash into it', async () => {
    const { user } = renderWithProviders(<MemoriesPage />, { route: '/memories' })
    await screen.findByText('No Memories Yet')
    await user.keyboard('/')
    expect(search()).toHaveFocus()
    expect(search()).toHaveValue('')
  })

  it('n opens "Create Memory", and Escape closes it', async () => {
    const { user } = renderWithProviders(<MemoriesPage />, { route: '/memories' })
    await screen.findByText('No Memories Yet')
    await user.keyboard('n')
    expect(await screen.findByRole('dialog', { name: 'Create Memory' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('n and / typed in the search box are text, not shortcuts', async () => {
    const { user } = renderWithProviders(<MemoriesPage />, { route: '/memories' })
    await screen.findByText('No Memories Yet')
    await user.click(search())
    await user.keyboard('n/a')
    expect(search()).toHaveValue('n/a')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
