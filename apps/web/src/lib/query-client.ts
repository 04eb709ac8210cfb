import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-client'
import { currentUserQueryOptions } from './auth'

const MINUTE = 60_000

/** Queries never retry an answer that says "not signed in" or "not allowed": retrying cannot change it. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return false
  return failureCount < 2
}

/** Mutations retry once, and never a 4xx: the request itself was refused. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

export function createQueryClient(): QueryClient {
  // A 401 anywhere means the session ended: ask for the current user again, so the guard sends the
  // person to /login (with the way back) instead of leaving every page in its own error state.
  const userKey = currentUserQueryOptions().queryKey
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: userKey, exact: true })
    }
  }
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryHash !== JSON.stringify(userKey)) onError(error)
      },
    }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 5 * MINUTE, retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: shouldRetryMutation },
    },
  })
  return queryClient
}
