import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatClock } from '../../../lib/clock'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Placeholder from 'react-bootstrap/Placeholder'
import Spinner from 'react-bootstrap/Spinner'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { RetryAlert } from '../../../components/errors/retry-alert'
import { screenLocale } from '../../../lib/i18n'
import { useBriefing } from '../api/get-briefing'
import { useDashboardStats } from '../api/get-dashboard-stats'
import { BriefingCard } from './briefing-card'

/** The first page after sign-in: how much is stored, and what the day holds (spec §2 Dashboard). */
export function DashboardPage({ reminders }: { reminders?: ReactNode } = {}) {
  const { t } = useTranslation()
  const stats = useDashboardStats()
  const briefing = useBriefing()
  const lastLoaded = Math.max(stats.dataUpdatedAt, briefing.dataUpdatedAt)
  const loading = stats.isPending || briefing.isPending

  if (stats.isError && briefing.isError) {
    return (
      <div>
        <h1>{t('dashboard.title')}</h1>
        <RetryAlert
          title={t('dashboard.unavailable')}
          className="mt-3"
          onRetry={() => void Promise.all([stats.refetch(), briefing.refetch()])}
        >
          <p>{t('dashboard.unavailableText')}</p>
        </RetryAlert>
      </div>
    )
  }

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="mb-0">{t('dashboard.title')}</h1>
        <span className="text-body-secondary small">
          {t('dashboard.lastUpdated', {
            time: lastLoaded > 0 ? formatClock(lastLoaded, undefined, screenLocale()) : '—',
          })}
        </span>
      </div>
      {loading ? (
        <div className="d-flex align-items-center gap-2 text-body-secondary mb-3" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>{t('dashboard.loading')}</span>
        </div>
      ) : null}

      {stats.isError ? (
        <Alert
          variant="warning"
          className="d-flex flex-wrap justify-content-between align-items-center gap-2"
        >
          <span>
            <strong>{t('dashboard.statsUnavailable')}</strong> {t('dashboard.statsUnavailableText')}
          </span>
          <Button variant="outline-dark" size="sm" onClick={() => void stats.refetch()}>
            {t('dashboard.retryStats')}
          </Button>
        </Alert>
      ) : (
        <div className="row g-3 mb-4">
          <StatCard
            label={t('dashboard.totalMemories')}
            hint={t('dashboard.allTime')}
            value={stats.data?.totalMemories}
            to={paths.memories}
          />
          <StatCard
            label={t('dashboard.recentMemories')}
            hint={t('dashboard.last30Days')}
            value={stats.data?.recentMemories}
            to={`${paths.memories}?range=recent`}
          />
          <StatCard
            label={t('dashboard.activeChats')}
            hint={t('dashboard.last24Hours')}
            value={stats.data?.activeChats}
            to={paths.chat}
          />
        </div>
      )}

      {/* The "Upcoming reminders" card, from the reminders feature (composed in app/). */}
      {reminders}

      {briefing.isError ? (
        <Alert
          variant="warning"
          className="d-flex flex-wrap justify-content-between align-items-center gap-2"
        >
          <span>
            <strong>{t('dashboard.briefingUnavailable')}</strong> {t('dashboard.briefingUnavailableText')}
          </span>
          <Button variant="outline-dark" size="sm" onClick={() => void briefing.refetch()}>
            {t('dashboard.retryBriefing')}
          </Button>
        </Alert>
      ) : (
        <BriefingCard briefing={briefing.data} />
      )}
    </div>
  )
}

function StatCard(props: { label: string; hint: string; value: number | undefined; to: string }) {
  return (
    <div className="col-12 col-md-4">
      <Card as={Link} to={props.to} className="h-100 text-decoration-none stat-card">
        <Card.Body>
          <Card.Title as="h2" className="h6 text-body-secondary mb-1">
            {props.label}
          </Card.Title>
          {props.value === undefined ? (
            <Placeholder as="p" animation="glow" className="display-6 mb-0" aria-hidden="true">
              <Placeholder xs={4} />
            </Placeholder>
          ) : (
            <p className="display-6 mb-0 text-body">
              {/* Digits as the screens' language writes them; ungrouped, as English showed them before. */}
              {new Intl.NumberFormat(screenLocale(), { useGrouping: false }).format(props.value)}
            </p>
          )}
          <small className="text-body-secondary">{props.hint}</small>
        </Card.Body>
      </Card>
    </div>
  )
}
