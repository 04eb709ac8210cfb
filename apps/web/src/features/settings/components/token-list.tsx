import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import { ACCESS_TOKEN_PREFIX, type AccessToken } from '@remi/shared'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useUserSettings } from '../../../lib/settings'
import type { useAccessTokens } from '../api/get-access-tokens'
import { formatDay } from '../lib/dates'

/** The person's tokens: name, access, when created, last used and expiring, each with Revoke. */
export function TokenList({
  query,
  onRevoke,
}: {
  query: ReturnType<typeof useAccessTokens>
  onRevoke: (token: AccessToken) => void
}) {
  const { t } = useTranslation()
  const { timezone } = useUserSettings()
  if (query.isPending) return <LoadingSpinner text={t('settings.accessTokens.loading')} />
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
        <span>{t('settings.accessTokens.loadFailed', { reason: errorMessage(query.error) })}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          {t('settings.retry')}
        </Button>
      </Alert>
    )
  }
  if (query.data.length === 0)
    return <p className="text-body-secondary mb-0">{t('settings.accessTokens.none')}</p>
  const day = (iso: string) => formatDay(iso, timezone)
  // Expired as of when the list was loaded (render stays pure).
  const asOf = query.dataUpdatedAt
  return (
    <ul className="list-group" aria-label={t('settings.accessTokens.list')}>
      {query.data.map((token) => {
        const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= asOf
        const details = [
          t('settings.accessTokens.createdOn', { date: day(token.createdAt) }),
          token.lastUsedAt
            ? t('settings.accessTokens.lastUsed', { date: day(token.lastUsedAt) })
            : t('settings.accessTokens.neverUsed'),
          token.expiresAt
            ? t(expired ? 'settings.accessTokens.expiredOn' : 'settings.accessTokens.expiresOn', {
                date: day(token.expiresAt),
              })
            : t('settings.accessTokens.noExpiry'),
        ]
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
                  {t(`settings.accessTokens.scopes.${token.scope}`)}
                </Badge>{' '}
                {expired ? <Badge bg="danger">{t('settings.accessTokens.expired')}</Badge> : null}
              </div>
              <div className="small text-body-secondary">
                <span className="font-monospace">
                  {ACCESS_TOKEN_PREFIX}…{token.lastFour}
                </span>
                {details.map((detail) => ` · ${detail}`).join('')}
              </div>
            </div>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => onRevoke(token)}
              aria-label={t('settings.accessTokens.revokeNamed', { name: token.name })}
            >
              {t('settings.accessTokens.revoke')}
            </Button>
          </li>
        )
      })}
    </ul>
  )
}
