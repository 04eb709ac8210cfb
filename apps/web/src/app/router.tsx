import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { LoadingSpinner } from '../components/ui/spinner'
import { paths } from '../config/paths'
import { LoginPage } from '../features/auth/components/login-page'
import { RequireAuth } from '../features/auth/components/require-auth'
import { ProtectedLayout } from './protected-layout'

// Each signed-in page is its own chunk: /login loads none of them (nor markdown or the virtualizer).
const pageModules = {
  dashboard: () => import('../features/dashboard/components/dashboard-page'),
  memories: () => import('../features/memories/components/memories-page'),
  chat: () => import('../features/chat/components/chat-page'),
  dataSources: () => import('../features/data-sources/components/data-sources-page'),
  settings: () => import('../features/settings/components/settings-page'),
}

/** Loads every page's code at once (route tests call it, so they wait for a page's data, not its import). */
export function preloadPages() {
  return Promise.all(Object.values(pageModules).map((load) => load()))
}

const DashboardPage = lazy(() => pageModules.dashboard().then((m) => ({ default: m.DashboardPage })))
const MemoriesPage = lazy(() => pageModules.memories().then((m) => ({ default: m.MemoriesPage })))
const ChatPage = lazy(() => pageModules.chat().then((m) => ({ default: m.ChatPage })))
const DataSourcesPage = lazy(() => pageModules.dataSources().then((m) => ({ default: m.DataSourcesPage })))
const SettingsPage = lazy(() => pageModules.settings().then((m) => ({ default: m.SettingsPage })))

const page = (element: ReactNode) => <Suspense fallback={<LoadingSpinner />}>{element}</Suspense>

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<ProtectedLayout />}>
          <Route path={paths.dashboard} element={page(<DashboardPage />)} />
          <Route path={paths.memories} element={page(<MemoriesPage />)} />
          <Route path={paths.chat} element={page(<ChatPage />)} />
          <Route path={paths.dataSources} element={page(<DataSourcesPage />)} />
          <Route path={paths.settings} element={page(<SettingsPage />)} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
    </Routes>
  )
}
