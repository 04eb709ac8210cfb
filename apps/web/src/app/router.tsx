import { Navigate, Route, Routes } from 'react-router'
import { paths } from '../config/paths'
import { LoginPage } from '../features/auth/components/login-page'
import { RequireAuth } from '../features/auth/components/require-auth'
import { ChatPage } from '../features/chat/components/chat-page'
import { DashboardPage } from '../features/dashboard/components/dashboard-page'
import { DataSourcesPage } from '../features/data-sources/components/data-sources-page'
import { MemoriesPage } from '../features/memories/components/memories-page'
import { SettingsPage } from '../features/settings/components/settings-page'
import { ProtectedLayout } from './protected-layout'

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<ProtectedLayout />}>
          <Route path={paths.dashboard} element={<DashboardPage />} />
          <Route path={paths.memories} element={<MemoriesPage />} />
          <Route path={paths.chat} element={<ChatPage />} />
          <Route path={paths.dataSources} element={<DataSourcesPage />} />
          <Route path={paths.settings} element={<SettingsPage />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
    </Routes>
  )
}
