import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SessionInfo, SignedOutOthers } from '@remi/shared'
import { api } from '../../../lib/api-client'

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: () => api.get<SessionInfo[]>('auth/sessions') })

export function useSessions() {
  return useQuery(sessionsQueryOptions())
}

/** Ends one of the person's sessions (another device, or this one). */
export function useSignOutSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  })
}

/** Ends every session but this one, and the access tokens unless they are kept. */
export function useSignOutOthers() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ keepAccessTokens }: { keepAccessTokens: boolean }) =>
      api.delete<SignedOutOthers>(`auth/sessions${keepAccessTokens ? '?keepAccessTokens=true' : ''}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'tokens'] }),
      ]),
  })
}
