import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { LoadingSpinner } from '../components/ui/spinner'
import { paths } from '../config/paths'
import { LoginPage } from '../features/auth/components/login-page'
import { RequireAuth } from '../features/auth/components/require-auth'

// Each signed-in page is its own chunk: /login loads none of them (nor markdown or the virtualizer).
const pageModules: Record<string, () => Promise<unknown>> = {
  [paths.dashboard]: () => import('./dashboard-route'),
  [paths.memories]: () => import('../features/memories/components/memories-page'),
  [paths.chat]: () => import('../features/chat/components/chat-screen'),
  [paths.dataSources]: () => import('../features/data-sources/components/data-sources-page'),
  [paths.settings]: () => import('../features/settings/components/settings-page'),
  [paths.reminders]: () => import('../features/reminders/components/reminders-page'),
}

/** Loads every page's code at once (route tests call it, so they wait for a page's data, not its import). */
export function preloadPages() {
  return Promise.all([import('./protected-layout'), ...Object.values(pageModules).map((load) => load())])
}

const DashboardPage = lazy(() => import('./dashboard-route').then((m) => ({ default: m.DashboardRoute })))
const MemoriesPage = lazy(() =>
  import('../features/memories/components/memories-page').then((m) => ({ default: m.MemoriesPage })),
)
const ChatScreen = lazy(() =>
  import('../features/chat/components/chat-screen').then((m) => ({ default: m.ChatScreen })),
)
const DataSourcesPage = lazy(() =>
  import('../features/data-sources/components/data-sources-page').then((m) => ({
    default: m.DataSourcesPage,
  })),
)
const RemindersPage = lazy(() =>
  import('../features/reminders/components/reminders-page').then((m) => ({ default: m.RemindersPage })),
)
const SettingsPage = lazy(() =>
  import('../features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })),
)
// The signed-in frame (navbar, its dropdown and popper) is a chunk of its own too, so /login loads none
// of it; the page's chunk is fetched beside it rather than after it.
const ProtectedLayout = lazy(() => {
  // /chat/:conversationId loads the chat's chunk as /chat does.
  const page = window.location.pathname.replace(/^(\/chat)\/[^/]*$/, '$1')
  void pageModules[page]?.()
  return import('./protected-layout').then((m) => ({ default: m.ProtectedLayout }))
})

const page = (element: ReactNode) => <Suspense fallback={<LoadingSpinner />}>{element}</Suspense>

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        <Route element={page(<ProtectedLayout />)}>
          <Route path={paths.dashboard} element={page(<DashboardPage />)} />
          <Route path={paths.memories} element={page(<MemoriesPage />)} />
          <Route path={paths.chat} element={page(<ChatScreen />)} />
          <Route path={`${paths.chat}/:conversationId`} element={page(<ChatScreen />)} />
          <Route path={paths.dataSources} element={page(<DataSourcesPage />)} />
          <Route path={paths.settings} element={page(<SettingsPage />)} />
          <Route path={paths.reminders} element={page(<RemindersPage />)} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
    </Routes>
  )
}
