import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api-client'

export interface UserSettingsData {
  timezone: string
}

/** A failed or empty answer means "no zone chosen" (spec §8: no message). */
export async function getUserSettings(): Promise<UserSettingsData> {
  try {
    const body = await api.get<Partial<UserSettingsData> | undefined>('auth/user/settings')
    return { timezone: typeof body?.timezone === 'string' ? body.timezone : '' }
  } catch {
    return { timezone: '' }
  }
}

export const userSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user', 'settings'], queryFn: getUserSettings })

/** The user's IANA zone, or '' when unknown (then use the browser's: `browserTimeZone()`). */
export function useUserSettings() {
  const query = useQuery(userSettingsQueryOptions())
  return { timezone: query.data?.timezone ?? '', isLoading: query.isPending }
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}
