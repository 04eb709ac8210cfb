import { ErrorBoundary } from '../components/errors/error-boundary'
import { SignInReturn } from '../features/auth/components/sign-in-return'
import { AppRoutes } from './router'

/** Everything inside the router: the sign-in return runs on any page. */
export function App() {
  return (
    <ErrorBoundary>
      <SignInReturn />
      <AppRoutes />
    </ErrorBoundary>
  )
}
