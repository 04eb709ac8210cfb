import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import Card from 'react-bootstrap/Card'
import type { SemanticSearchStatus } from '@remi/shared'
import { useSemanticSearchStatus } from '../api/get-semantic-search-status'
import { formatCount } from '../lib/dates'

export function semanticSearchLine(status: SemanticSearchStatus, t: TFunction): string {
  if (status.state === 'on') {
    return t('settings.search.ready', {
      ready: formatCount(status.ready),
      total: status.total,
      totalText: formatCount(status.total),
    })
  }
  if (status.state === 'unavailable' && status.reason === 'starting') return t('settings.search.starting')
  // The server's reason names its settings (EMBEDDING_PROVIDER, pgvector): words for whoever runs it,
  // in the README, not for a person's settings.
  return t('settings.search.off')
}

/** Search: whether memories are found by meaning too, and how many are ready for it. */
export function SemanticSearchSection() {
  const { t } = useTranslation()
  const status = useSemanticSearchStatus()
  return (
    <Card className="settings-card mx-auto mt-4">
      <Card.Body>
        <h2 className="h5">{t('settings.sections.search')}</h2>
        <p className="mb-0" role="status">
          {status.data
            ? semanticSearchLine(status.data, t)
            : status.isError
              ? t('settings.search.unknown')
              : t('settings.search.loading')}
        </p>
      </Card.Body>
    </Card>
  )
}
