import type { ReactNode } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { reloadPage } from '../../lib/browser'
import { useSharedTexts } from '../shared-texts'

type Tone = 'primary' | 'danger'

/** The buttons' colours: the page's own (primary and grey), or the danger alert's (red and red outline). */
const variants: Record<Tone, { retry: string; refresh: string; row: string }> = {
  primary: { retry: 'primary', refresh: 'outline-secondary', row: 'd-flex flex-wrap gap-2' },
  danger: { retry: 'danger', refresh: 'outline-danger', row: 'd-flex gap-2' },
}

/** 'Try Again' (the caller's retry) and 'Refresh Page' (reloads the whole page), side by side. */
export function RetryButtons({ onRetry, tone = 'primary' }: { onRetry: () => void; tone?: Tone }) {
  const variant = variants[tone]
  const texts = useSharedTexts().errors
  return (
    <div className={variant.row}>
      <Button variant={variant.retry} onClick={onRetry}>
        {texts.tryAgain}
      </Button>
      <Button variant={variant.refresh} onClick={reloadPage}>
        {texts.refreshPage}
      </Button>
    </div>
  )
}

interface Props {
  /** The heading: what could not be done ('Unable to Load Reminders'). */
  title: string
  /** Why, and what can be done: the alert's body above the buttons. */
  children: ReactNode
  onRetry: () => void
  tone?: Tone
  className?: string
}

/** A page's part that could not load: a red alert with its heading, the reason, Try Again and Refresh Page. */
export function RetryAlert({ title, children, onRetry, tone, className }: Props) {
  return (
    <Alert variant="danger" className={className}>
      <Alert.Heading as="h2" className="h4">
        {title}
      </Alert.Heading>
      {children}
      <RetryButtons onRetry={onRetry} tone={tone} />
    </Alert>
  )
}
