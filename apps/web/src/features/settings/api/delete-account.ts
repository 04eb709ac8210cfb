import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api, resetCsrfToken } from '../../../lib/api-client'
import { clearStoredSession } from '../../../lib/storage'
import { paths } from '../../../config/paths'

/** The server checks the typed e-mail against the account's before it deletes anything. */
export function deleteAccount(email: string): Promise<void> {
  return api.delete<void>('auth/user', { email })
}

/** Once the account is gone, nothing of it stays on this device: the app lands signed out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: deleteAccount,
    retry: false,
    onSuccess: () => {
      queryClient.clear()
      clearStoredSession()
      resetCsrfToken()
      navigate(paths.login, { replace: true })
    },
  })
}
