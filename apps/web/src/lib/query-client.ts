import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-client'

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
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * MINUTE, retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: shouldRetryMutation },
    },
  })
}
