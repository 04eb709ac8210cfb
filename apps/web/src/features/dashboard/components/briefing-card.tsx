import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Placeholder from 'react-bootstrap/Placeholder'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Markdown } from '../../../components/ui/markdown'
import { useToast } from '../../../components/ui/toast'
import { paths } from '../../../config/paths'
import { errorMessage } from '../../../lib/api-client'
import { formatClock } from '../../../lib/clock'
import { screenLocale } from '../../../lib/i18n'
import type { BriefingView } from '../api/get-briefing'
import { useRegenerateBriefing } from '../api/regenerate-briefing'

/** The sources a briefing may leave out, in the order they are told (their names are in the catalogues). */
const SOURCES = ['weather', 'calendar'] as const

/** The Daily Briefing card: markdown, how and when it was written, and which sources were left out. */
export function BriefingCard({ briefing }: { briefing: BriefingView | undefined }) {
  const { t } = useTranslation()
  const regenerate = useRegenerateBriefing()
  const toast = useToast()
  // The offline template says in its own words which sources are off or failing; a model may not.
  const missing =
    briefing && briefing.source !== 'offline'
      ? SOURCES.flatMap((key) => {
          const status = briefing.sections[key]
          return status && status !== 'ok' ? [{ key, status }] : []
        })
      : []

  return (
    <Card>
      <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <div>
          <Card.Title as="h2" className="h5 mb-0">
            {t('dashboard.briefing.title')}
          </Card.Title>
          <small className="text-body-secondary">
            {briefing?.source === 'offline'
              ? t('dashboard.briefing.subtitleOffline')
              : t('dashboard.briefing.subtitleAi')}
          </small>
        </div>
        {/* Bootstrap's primary on the card header's tint is 4.24:1, under AA's 4.5 (Lighthouse, axe). */}
        <Button
          variant="outline-dark"
          size="sm"
          disabled={!briefing || regenerate.isPending}
          onClick={() =>
            regenerate.mutate(undefined, {
              onError: (error) => toast.show({ type: 'error', message: errorMessage(error) }),
            })
          }
        >
          {regenerate.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          {regenerate.isPending ? t('dashboard.briefing.regenerating') : t('dashboard.briefing.regenerate')}
        </Button>
      </Card.Header>
      <Card.Body aria-busy={!briefing || regenerate.isPending}>
        {briefing ? (
          <Markdown>{linkDataSources(briefing.content, [t('nav.dataSources')])}</Markdown>
        ) : (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={7} /> <Placeholder xs={4} /> <Placeholder xs={6} /> <Placeholder xs={8} />
          </Placeholder>
        )}
        {missing.map(({ key, status }) => (
          <p key={key} className="small text-body-secondary mb-1">
            {status === 'off'
              ? t('dashboard.briefing.sectionOff', { source: t(`dashboard.briefing.${key}`) })
              : typeof status === 'object'
                ? t('dashboard.briefing.sectionFailed', {
                    source: t(`dashboard.briefing.${key}`),
                    reason: status.failed,
                  })
                : ''}{' '}
            <Link to={paths.dataSources}>{t('dashboard.briefing.openDataSources')}</Link>
          </p>
        ))}
      </Card.Body>
      {briefing?.generatedAt || briefing?.source ? (
        <Card.Footer className="small text-body-secondary">
          {t(
            briefing.source === 'ai'
              ? 'dashboard.briefing.generatedAi'
              : briefing.source === 'offline'
                ? 'dashboard.briefing.generatedOffline'
                : 'dashboard.briefing.generated',
            {
              at: briefing.generatedAt ? 'yes' : 'no',
              time: briefing.generatedAt ? formatClock(briefing.generatedAt, undefined, screenLocale()) : '',
            },
          )}
        </Card.Footer>
      ) : null}
    </Card>
  )
}

/**
 * "Turn it on under Data Sources" is a way there, not italic text: the page's name (in English and in the
 * screens' language: "Ligue-o em Fontes de dados") becomes a link to it, unless the briefing links it already.
 */
export function linkDataSources(content: string, names: readonly string[] = []): string {
  let linked = content
  for (const name of new Set(['Data Sources', ...names])) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const bare = new RegExp(`(?<![\\[\\p{L}])${escaped}(?![\\]\\(\\p{L}])`, 'gu')
    linked = linked.replace(bare, `[${name}](${paths.dataSources})`)
  }
  return linked
}
