import { Navigate, Outlet, useLocation } from 'react-router'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { paths } from '../../../config/paths'
import { useCurrentUser } from '../../../lib/auth'
import { useAuthTexts } from '../lib/auth-texts'
import { hasSignInReturnParams } from '../lib/sign-in-return'

export interface LoginLocationState {
  from?: string
}

/** Protected pages: spinner while the user loads, /login (with the way back) when not signed in. */
export function RequireAuth() {
  const { isPending, isError } = useCurrentUser()
  const location = useLocation()
  // Before anyone is known to be signed in: the sign-in page's language (the browser's).
  const { t } = useAuthTexts()

  // A sign-in return on this page is about to navigate; do not race it to /login.
  if (isPending || hasSignInReturnParams(location.search)) return <LoadingSpinner text={t('loading')} />
  if (isError) {
    const state: LoginLocationState = { from: location.pathname + location.search }
    return <Navigate to={paths.login} replace state={state} />
  }
  return <Outlet />
}
