import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { errorMessage, isApiError } from '../../lib/api-client'
import { navigateTo, reloadPage } from '../../lib/browser'
import { useSharedTexts, type SharedTexts } from '../shared-texts'
import { RetryButtons } from './retry-alert'

export type ErrorKind = 'network' | 'session' | 'other'

export function errorKind(error: unknown): ErrorKind {
  if (isApiError(error) && error.isNetworkError) return 'network'
  if (isApiError(error) && error.status === 401) return 'session'
  return 'other'
}

const details: Record<ErrorKind, (error: unknown, texts: SharedTexts['errors']) => string> = {
  network: (_, texts) => texts.network,
  session: (_, texts) => texts.session,
  other: (error) => errorMessage(error),
}

/** The global error screen: tells network, session and other errors apart. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const kind = errorKind(error)
  const texts = useSharedTexts().errors
  return (
    <div className="container py-5">
      <Alert variant={kind === 'session' ? 'warning' : 'danger'} className="mx-auto error-screen">
        <Alert.Heading as="h1" className="h4">
          {texts.title}
        </Alert.Heading>
        <p>{details[kind](error, texts)}</p>
        {kind === 'session' ? (
          <div className="d-flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => navigateTo('/login')}>
              {texts.goToLogin}
            </Button>
          </div>
        ) : (
          <RetryButtons onRetry={onRetry ?? reloadPage} />
        )}
      </Alert>
    </div>
  )
}
