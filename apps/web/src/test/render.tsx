import type { ReactElement, ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { ToastProvider } from '../components/ui/toast'

export { server } from './server'
export { http, HttpResponse } from 'msw'

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  })
}

/** Renders `ui` with the app's providers around it and a router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  options: { route?: string | { pathname: string; search?: string; state?: unknown } } = {},
): ReturnType<typeof render> & { queryClient: QueryClient; user: UserEvent } {
  const queryClient = createTestQueryClient()
  const user = userEvent.setup()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  )
  return Object.assign(render(ui, { wrapper }), { queryClient, user })
}
