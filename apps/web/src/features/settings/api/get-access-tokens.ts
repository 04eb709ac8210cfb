import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AccessToken } from '@remi/shared'
import { api } from '../../../lib/api-client'

export function getAccessTokens(): Promise<AccessToken[]> {
  return api.get<AccessToken[]>('auth/tokens')
}

export const accessTokensQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'tokens'], queryFn: getAccessTokens })

export function useAccessTokens() {
  return useQuery(accessTokensQueryOptions())
}
