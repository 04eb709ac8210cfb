import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import { ACCESS_TOKEN_PREFIX, type AccessToken, type AccessTokenScope } from '@remi/shared'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useUserSettings } from '../../../lib/settings'
import type { useAccessTokens } from '../api/get-access-tokens'

export const scopeLabels: Record<AccessTokenScope, string> = { read: 'Read only', write: 'Read and write' }

/** The person's tokens: name, access, when created, last used and expiring, each with Revoke. */
export function TokenList({
  query,
  onRevoke,
}: {
  query: ReturnType<typeof useAccessTokens>
  onRevoke: (token: AccessToken) => void
}) {
  const { timezone } = useUserSettings()
  if (query.isPending) return <LoadingSpinner text="Loading access tokens..." />
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
        <span>Could not load your access tokens. {errorMessage(query.error)}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    )
  }
  if (query.data.length === 0) return <p className="text-body-secondary mb-0">No access tokens yet.</p>
  const day = (iso: string) => formatDay(iso, timezone)
  // Expired as of when the list was loaded (render stays pure).
  const asOf = query.dataUpdatedAt
  return (
    <ul className="list-group" aria-label="Access tokens">
      {query.data.map((token) => {
        const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= asOf
        return (
          <li
            key={token.id}
            className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
          >
            <div className="text-break">
              <div>
                <strong>{token.name}</strong>{' '}
                <Badge
                  bg={token.scope === 'write' ? 'warning' : 'secondary'}
                  text={token.scope === 'write' ? 'dark' : undefined}
                >
                  {scopeLabels[token.scope]}
                </Badge>{' '}
                {expired ? <Badge bg="danger">Expired</Badge> : null}
              </div>
              <div className="small text-body-secondary">
                <span className="font-monospace">
                  {ACCESS_TOKEN_PREFIX}…{token.lastFour}
                </span>{' '}
                · Created {day(token.createdAt)} · Last used{' '}
                {token.lastUsedAt ? day(token.lastUsedAt) : 'never'} ·{' '}
                {token.expiresAt ? `${expired ? 'Expired' : 'Expires'} ${day(token.expiresAt)}` : 'No expiry'}
              </div>
            </div>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => onRevoke(token)}
              aria-label={`Revoke ${token.name}`}
            >
              Revoke
            </Button>
          </li>
        )
      })}
    </ul>
  )
}

/** 'Jan 5, 2026' in the user's zone (the browser's when none is set). */
function formatDay(iso: string, timeZone: string): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return '—'
  const options = { month: 'short', day: 'numeric', year: 'numeric' } as const
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || undefined }).format(instant)
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(instant)
  }
}
