import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '@remi/shared'
import { api, isApiError } from './api-client'
import { clearStoredSession } from './storage'

export type { CurrentUser }

export async function getCurrentUser(): Promise<CurrentUser> {
  try {
    return await api.get<CurrentUser>('auth/user')
  } catch (error) {
    if (isApiError(error) && error.status === 401) clearStoredSession()
    throw error
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user'], queryFn: getCurrentUser, staleTime: 15 * 60_000 })

/** Success means signed in; any error means not (spec §4). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions())
}

/** The name the navbar shows: name, else e-mail, else 'User'. */
export function displayName(user: Pick<CurrentUser, 'name' | 'email'> | undefined): string {
  return user?.name?.trim() || user?.email?.trim() || 'User'
}
