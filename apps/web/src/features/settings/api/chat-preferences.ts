import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChatPreferences, UpdateChatPreferences } from '@remi/shared'
import { api } from '../../../lib/api-client'

export const chatPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'chat'],
    queryFn: () => api.get<ChatPreferences>('auth/user/settings/chat'),
  })

export function useChatPreferences() {
  return useQuery(chatPreferencesQueryOptions())
}

export function useUpdateChatPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: UpdateChatPreferences) =>
      api.put<ChatPreferences>('auth/user/settings/chat', changes),
    onSuccess: (preferences) => queryClient.setQueryData(chatPreferencesQueryOptions().queryKey, preferences),
  })
}
