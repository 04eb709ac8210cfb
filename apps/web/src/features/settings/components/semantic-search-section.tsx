import Card from 'react-bootstrap/Card'
import type { SemanticSearchStatus } from '@remi/shared'
import { useSemanticSearchStatus } from '../api/get-semantic-search-status'

/** 12340 → "12 340": groups of three with a no-break space, so a number never wraps. */
const count = (n: number) => n.toLocaleString('en-US').replaceAll(',', '\u00a0')

export function semanticSearchLine(status: SemanticSearchStatus): string {
  if (status.state === 'on') {
    return `Semantic search: ${count(status.ready)} of ${count(status.total)} memories ready`
  }
  if (status.state === 'unavailable' && status.reason === 'starting') return 'Semantic search: starting'
  // The server's reason names its settings (EMBEDDING_PROVIDER, pgvector): words for whoever runs it,
  // in the README, not for a person's settings.
  return 'Semantic search: off. Searches match your words only. Ask whoever runs Remi to turn on search by meaning.'
}

/** Search: whether memories are found by meaning too, and how many are ready for it. */
export function SemanticSearchSection() {
  const status = useSemanticSearchStatus()
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Body>
        <h2 className="h5">Search</h2>
        <p className="mb-0" role="status">
          {status.data
            ? semanticSearchLine(status.data)
            : status.isError
              ? 'Semantic search: status not available'
              : 'Semantic search: loading...'}
        </p>
      </Card.Body>
    </Card>
  )
}
