import type { BriefingSectionStatus } from '@remi/shared'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Placeholder from 'react-bootstrap/Placeholder'
import Spinner from 'react-bootstrap/Spinner'
import { Link } from 'react-router'
import { Markdown } from '../../../components/ui/markdown'
import { useToast } from '../../../components/ui/toast'
import { paths } from '../../../config/paths'
import { errorMessage } from '../../../lib/api-client'
import { formatClock } from '../../../lib/clock'
import type { BriefingView } from '../api/get-briefing'
import { useRegenerateBriefing } from '../api/regenerate-briefing'

const SOURCE_NAMES = { weather: 'Weather', calendar: 'Calendar' } as const

/** The Daily Briefing card: markdown, how and when it was written, and which sources were left out. */
export function BriefingCard({ briefing }: { briefing: BriefingView | undefined }) {
  const regenerate = useRegenerateBriefing()
  const toast = useToast()
  // The offline template says in its own words which sources are off or failing; a model may not.
  const missing =
    briefing && briefing.source !== 'offline'
      ? (Object.keys(SOURCE_NAMES) as Array<keyof typeof SOURCE_NAMES>).flatMap((key) => {
          const status = briefing.sections[key]
          return status && status !== 'ok' ? [{ key, status }] : []
        })
      : []

  return (
    <Card>
      <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <div>
          <Card.Title as="h2" className="h5 mb-0">
            Daily Briefing
          </Card.Title>
          <small className="text-body-secondary">{subtitle(briefing?.source ?? null)}</small>
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
          {regenerate.isPending ? 'Regenerating...' : 'Regenerate'}
        </Button>
      </Card.Header>
      <Card.Body aria-busy={!briefing || regenerate.isPending}>
        {briefing ? (
          <Markdown>{linkDataSources(briefing.content)}</Markdown>
        ) : (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={7} /> <Placeholder xs={4} /> <Placeholder xs={6} /> <Placeholder xs={8} />
          </Placeholder>
        )}
        {missing.map(({ key, status }) => (
          <p key={key} className="small text-body-secondary mb-1">
            {SOURCE_NAMES[key]}: {sectionText(status)} <Link to={paths.dataSources}>Open Data Sources</Link>
          </p>
        ))}
      </Card.Body>
      {briefing?.generatedAt || briefing?.source ? (
        <Card.Footer className="small text-body-secondary">
          {briefing.generatedAt ? `Generated at ${formatClock(briefing.generatedAt)}` : 'Generated'}
          {briefing.source === 'ai'
            ? ' by the language model'
            : briefing.source === 'offline'
              ? ' by the offline template (no language model)'
              : ''}
        </Card.Footer>
      ) : null}
    </Card>
  )
}

function sectionText(status: BriefingSectionStatus): string {
  if (status === 'off') return 'not set up, so it is left out.'
  if (typeof status === 'object') return `could not be read (${status.failed}).`
  return ''
}

/** What wrote the briefing: 'AI-generated insights' only when a model did (spec §2; issue 46). */
function subtitle(source: BriefingView['source']): string {
  return source === 'offline'
    ? 'Written from your notes and data sources, without an AI model'
    : 'AI-generated insights'
}

/**
 * "Turn it on under Data Sources" is a way there, not italic text: the page's name becomes a link to it
 * (unless the briefing already links it).
 */
export function linkDataSources(content: string): string {
  return content.replace(/(under )Data Sources(?!\]|\()/g, `$1[Data Sources](${paths.dataSources})`)
}
