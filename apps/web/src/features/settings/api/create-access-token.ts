import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccessTokenScope, CreatedAccessToken } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { accessTokensQueryOptions } from './get-access-tokens'

export interface NewAccessToken {
  name: string
  scope: AccessTokenScope
  /** ISO date-time, or null for a token that does not expire. */
  expiresAt: string | null
}

export function createAccessToken(token: NewAccessToken): Promise<CreatedAccessToken> {
  return api.post<CreatedAccessToken>('auth/tokens', { ...token, name: token.name.trim() })
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryOptions().queryKey }),
  })
}
