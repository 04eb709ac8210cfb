import { screen } from '@testing-library/react'
import type { SemanticSearchStatus } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import { signedIn } from '../../../test/fixtures'
import { http, HttpResponse, renderWithProviders, server } from '../../../test/render'
import { SemanticSearchSection } from './semantic-search-section'
import { SettingsPage } from './settings-page'

function setup(status: SemanticSearchStatus) {
  server.use(http.get('/api/recall/status', () => HttpResponse.json(status)))
  return renderWithProviders(<SemanticSearchSection />, { route: '/settings' })
}

describe('Settings → Search', () => {
  it('says how many memories are ready for semantic search', async () => {
    setup({ state: 'on', reason: null, model: 'text-embedding-3-small', ready: 12340, total: 100000 })
    expect(await screen.findByText('Semantic search: 12 340 of 100 000 memories ready')).toBeInTheDocument()
  })

  it('says it is off without a model or without pgvector, in a person’s words (no setting names)', async () => {
    setup({
      state: 'unavailable',
      reason: 'the database has no pgvector extension (vector)',
      model: 'text-embedding-3-small',
      ready: 0,
      total: 0,
    })
    expect(
      await screen.findByText(
        'Semantic search: off. Searches match your words only. Ask whoever runs Remi to turn on search by meaning.',
      ),
    ).toBeInTheDocument()
  })

  it('is part of the settings page', async () => {
    server.use(signedIn())
    renderWithProviders(<SettingsPage />, { route: '/settings' })
    expect(
      await screen.findByText(
        'Semantic search: off. Searches match your words only. Ask whoever runs Remi to turn on search by meaning.',
      ),
    ).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/EMBEDDING_PROVIDER|SMTP_URL|LOCAL_SIGNUP/)
  })
})
