import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ChatPreferences } from '@remi/shared'
import { api } from './api-client'

/** Settings → Chat as stored: read by the Settings page and by the chat (hands-free reading). */
export const chatPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'chat'],
    queryFn: () => api.get<ChatPreferences>('auth/user/settings/chat'),
  })

export function useChatPreferences() {
  return useQuery(chatPreferencesQueryOptions())
}
