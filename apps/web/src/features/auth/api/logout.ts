import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api } from '../../../lib/api-client'
import { browserLanguage, i18n } from '../../../lib/i18n'
import { unsubscribeThisDevice } from '../../../lib/service-worker'
import { clearStoredSession, readStored, removeStored } from '../../../lib/storage'
import { paths } from '../../../config/paths'

/**
 * Signs out. This device's push subscription goes first (while the session can still remove it): on
 * a shared browser the next person must not get the reminders of the one who signed out.
 */
export async function logout(): Promise<void> {
  await forgetThisDevice()
  return api.post<void>('auth/logout')
}

/** The server forgets this browser's push subscription and the browser drops it; failures change nothing. */
async function forgetThisDevice(): Promise<void> {
  const id = readStored('pushSubscriptionId')
  if (!id) return
  removeStored('pushSubscriptionId')
  await api.delete<void>(`notifications/subscriptions/${encodeURIComponent(id)}`).catch(() => undefined)
  await unsubscribeThisDevice().catch(() => undefined)
}

/** Logging out always ends the local session, even when the server call fails (spec §4). */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: logout,
    retry: false,
    onSettled: () => {
      queryClient.clear()
      clearStoredSession()
      // The sign-in page is in this browser's language, not the last person's (issue 51).
      void i18n.changeLanguage(browserLanguage())
      navigate(paths.home)
    },
  })
}
