import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { BRAND } from '../../../config/brand'
import { DEFAULT_POST_LOGIN_PATH, paths } from '../../../config/paths'
import { useToast } from '../../../components/ui/toast'
import { currentUserQueryOptions } from '../../../lib/auth'
import { safeRedirectPath } from '../../../lib/redirect'
import { readStored, removeStored, writeStored } from '../../../lib/storage'
import { isJwtFormat, signInTexts } from '../lib/sign-in-return'

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

    const toLogin = (message: string) => {
      toast.error(message)
      navigate(paths.login, { replace: true })
    }

    if (error !== null) return toLogin(signInTexts.providerError(error))
    try {
      if (!token || !isJwtFormat(token)) return toLogin(signInTexts.malformedToken)
      writeStored('token', token)
      // The path saved when the login started wins; the server's echo of it covers a login begun elsewhere.
      const saved = readStored('redirect') ?? params.get('returnTo')
      removeStored('redirect')
      // The session cookie arrived with this redirect: ask the server again instead of trusting a cached 401.
      void queryClient.resetQueries({ queryKey: currentUserQueryOptions().queryKey })
      navigate(saved === null ? DEFAULT_POST_LOGIN_PATH : safeRedirectPath(saved), { replace: true })
      toast.success(signInTexts.success(BRAND))
    } catch {
      toLogin(signInTexts.otherFailure)
    }
  }, [location.key, location.search, navigate, toast, queryClient])

  return null
}
