import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { ErrorBoundary } from '../components/errors/error-boundary'
import { MainLayout } from '../components/layouts/main-layout'
import { LoadingSpinner } from '../components/ui/spinner'
import { paths } from '../config/paths'
import { useLogout } from '../features/auth/api/logout'
import { displayName, useCurrentUser } from '../lib/auth'
import { initI18n, useLanguage } from '../lib/i18n'
import { useTheme } from '../lib/theme'
import { KeyboardShortcuts } from './keyboard-shortcuts'
import { LiveDeliveries } from './live-deliveries'
import { SharedTextsProvider } from './shared-texts-provider'

// The translated screens are all behind sign-in (issue 51): i18next, its ICU parser and the English
// catalogue load with this chunk, not with the sign-in page's (its budget is 120 KB of JavaScript,
// bench/run.ts); another language's catalogue is a chunk of its own (lib/i18n.ts).
initI18n()

/** Signed-in pages share the navbar; an error in one page keeps the navbar and clears on navigation. */
export function ProtectedLayout() {
  const { data: user } = useCurrentUser()
  const logout = useLogout()
  const { pathname } = useLocation()
  // Queries that threw into the boundary fetch again when the person presses 'Try Again'.
  const { reset } = useQueryErrorResetBoundary()
  useTheme()
  useLanguage()
  // The first screen waits for its language's catalogue rather than showing English for a moment.
  const { ready } = useTranslation()
  if (!ready) return <LoadingSpinner />
  return (
    // The shared components /login shows too (toasts, spinner, error screens) get their words from here.
    <SharedTextsProvider>
      <MainLayout
        userLabel={displayName(user)}
        onLogout={() => logout.mutate()}
        loggingOut={logout.isPending}
        pullToRefresh={pathname !== paths.settings}
      >
        <ErrorBoundary resetKey={pathname} onReset={reset}>
          <Outlet />
        </ErrorBoundary>
        <KeyboardShortcuts />
        <LiveDeliveries />
      </MainLayout>
    </SharedTextsProvider>
  )
}
