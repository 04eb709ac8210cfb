import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { BRAND } from '../../../config/brand'
import { DEFAULT_POST_LOGIN_PATH, paths } from '../../../config/paths'
import { useToast } from '../../../components/ui/toast'
import { currentUserQueryOptions } from '../../../lib/auth'
import { safeRedirectPath } from '../../../lib/redirect'
import { readStored, removeStored, writeStored } from '../../../lib/storage'
import { authTexts, type Translate } from '../lib/auth-texts'
import { isJwtFormat } from '../lib/sign-in-return'

/** Handles the provider's answer (?token= or ?error=) on whatever page it lands, then cleans the address. */
export function SignInReturn() {
  const location = useLocation()
  const navigate = useNavigate()
  const toast = useToast()
  const queryClient = useQueryClient()
  // Effects may run twice (StrictMode); one address is handled once.
  const handled = useRef<string | null>(null)

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const error = params.get('error')
    const token = params.get('token')
    if (error === null && token === null) return
    if (handled.current === location.key) return
    handled.current = location.key

    // In the browser's language, as /login: its texts may still be loading, the navigation does not wait.
    const say = (show: (t: Translate) => void) => void authTexts().then(show)
    const toLogin = (message: (t: Translate) => string) => {
      say((t) => toast.error(message(t)))
      navigate(paths.login, { replace: true })
    }

    if (error !== null) return toLogin((t) => t('returnProviderError', { error }))
    try {
      if (!token || !isJwtFormat(token)) return toLogin((t) => t('returnMalformedToken'))
      writeStored('token', token)
      // The path saved when the login started wins; the server's echo of it covers a login begun elsewhere.
      const saved = readStored('redirect') ?? params.get('returnTo')
      removeStored('redirect')
      // The session cookie arrived with this redirect: ask the server again instead of trusting a cached 401.
      void queryClient.resetQueries({ queryKey: currentUserQueryOptions().queryKey })
      navigate(saved === null ? DEFAULT_POST_LOGIN_PATH : safeRedirectPath(saved), { replace: true })
      say((t) => toast.success(t('returnSuccess', { brand: BRAND })))
    } catch {
      toLogin((t) => t('returnFailed'))
    }
  }, [location.key, location.search, navigate, toast, queryClient])

  return null
}
