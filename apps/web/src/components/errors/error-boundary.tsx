import { Component, type ContextType, type ErrorInfo, type ReactNode } from 'react'
import Alert from 'react-bootstrap/Alert'
import { isApiError } from '../../lib/api-client'
import { englishSharedTexts, SharedTextsContext } from '../shared-texts'
import { ErrorScreen } from './error-screen'
import { RetryButtons } from './retry-alert'

interface Props {
  children: ReactNode
  /** Changing this value clears a caught error (e.g. the route path, so navigating away recovers). */
  resetKey?: unknown
  /** Called by 'Try Again' before rendering the children again (e.g. to let failed queries refetch). */
  onReset?: () => void
}

interface State {
  error: unknown
  resetKey: unknown
}

// The spec's text is 'Something went wrong. An unexpected error occurred. Please try refreshing...': its first
// sentence is the heading, the rest the body.
// (In the screens' language inside the signed-in frame: SharedTextsContext.)
export const GENERIC_ERROR_TEXT = englishSharedTexts.errors.unexpected

export class ErrorBoundary extends Component<Props, State> {
  static override contextType = SharedTextsContext
  declare context: ContextType<typeof SharedTextsContext>
  override state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    // A thrown null would look like "no error"; keep something truthy.
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error in the interface', error, info.componentStack)
  }

  private readonly reset = () => {
    this.props.onReset?.()
    this.setState({ error: null })
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    // Failed server calls get the session/network-aware screen; anything else the generic one.
    if (isApiError(error)) return <ErrorScreen error={error} onRetry={this.reset} />
    const texts = this.context.errors
    return (
      <div className="container py-5">
        <Alert variant="danger" className="mx-auto error-screen">
          <Alert.Heading as="h1" className="h4">
            {texts.unexpectedTitle}
          </Alert.Heading>
          <p>{texts.unexpected}</p>
          <RetryButtons onRetry={this.reset} />
        </Alert>
      </div>
    )
  }
}
