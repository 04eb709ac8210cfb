import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { accessTokensQueryOptions } from './get-access-tokens'

export function revokeAccessToken(id: string): Promise<void> {
  return api.delete<void>(`auth/tokens/${encodeURIComponent(id)}`)
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryOptions().queryKey }),
  })
}
