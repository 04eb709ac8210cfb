import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChangePasswordBody, Invitation, LocalAccountStatus, SignedOutOthers } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { sessionsQueryOptions } from './sessions'

export const localAccountQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'local'], queryFn: () => api.get<LocalAccountStatus>('auth/local') })

/** Whether local sign-in is on here, sign-ups are open, and this person has a local password. */
export function useLocalAccount() {
  return useQuery(localAccountQueryOptions())
}

/** Changes the local password; the server signs out the other sessions. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.put<SignedOutOthers>('auth/password', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'tokens'] }),
      ]),
  })
}

export function useCreateInvitation() {
  return useMutation({ mutationFn: () => api.post<Invitation>('auth/invitations') })
}
