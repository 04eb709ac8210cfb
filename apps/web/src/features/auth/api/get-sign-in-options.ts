import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SignInOptions } from '@remi/shared'
import { api } from '../../../lib/api-client'

/** What the sign-in page offers: providers with credentials, and the built-in sign-in when it stands in. */
export function getSignInOptions(): Promise<SignInOptions> {
  return api.get<SignInOptions>('auth/sign-in-options')
}

export const signInOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sign-in-options'] as const,
    queryFn: getSignInOptions,
    staleTime: 60_000,
  })

export function useSignInOptions() {
  return useQuery(signInOptionsQueryOptions())
}
