import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api } from '../../../lib/api-client'
import { clearStoredSession } from '../../../lib/storage'
import { paths } from '../../../config/paths'

export function logout(): Promise<void> {
  return api.post<void>('auth/logout')
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
      navigate(paths.home)
    },
  })
}
