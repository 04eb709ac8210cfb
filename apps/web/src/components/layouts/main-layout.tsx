import type { ReactNode } from 'react'
import Container from 'react-bootstrap/Container'
import { PullToRefresh } from '../ui/pull-to-refresh'
import { PinnedToasts } from '../ui/toast'
import { AppNavbar } from './app-navbar'

interface Props {
  userLabel: string
  onLogout: () => void
  loggingOut?: boolean
  pullToRefresh?: boolean
  children: ReactNode
}

/** The standard page: navigation bar on top, the page in a fluid container. */
export function MainLayout({ userLabel, onLogout, loggingOut, pullToRefresh = true, children }: Props) {
  return (
    <>
      {/* The bar and a reminder that stays (PinnedToasts) stick together at the top, in the page's flow. */}
      <header className="sticky-top remi-header">
        <AppNavbar userLabel={userLabel} onLogout={onLogout} loggingOut={loggingOut} />
        <PinnedToasts />
      </header>
      <PullToRefresh enabled={pullToRefresh}>
        <Container fluid as="main" className="py-3 py-md-4">
          {children}
        </Container>
      </PullToRefresh>
    </>
  )
}
