import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationPreferences, UpdateNotificationPreferences } from '@remi/shared'
import { api } from '../../../lib/api-client'

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: () => api.get<NotificationPreferences>('auth/user/settings/notifications'),
  })

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions())
}

/** Sends a link to the account's address; no e-mail goes there until it is opened. */
export function useSendVerificationLink() {
  return useMutation({
    mutationFn: () => api.post<{ sentTo: string }>('auth/user/email-verification'),
  })
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: UpdateNotificationPreferences) =>
      api.put<NotificationPreferences>('auth/user/settings/notifications', changes),
    onSuccess: (preferences) =>
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, preferences),
  })
}
