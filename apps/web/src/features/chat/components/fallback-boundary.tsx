import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  /** What shows instead of children that failed to render. */
  fallback: ReactNode
  children: ReactNode
}

/** Keeps one broken piece (a message, the list) from taking the whole chat screen down. */
export class FallbackBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A chat element could not be displayed', error, info.componentStack)
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
