import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChatPreferences, UpdateChatPreferences } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { chatPreferencesQueryOptions } from '../../../lib/chat-preferences'

export { chatPreferencesQueryOptions, useChatPreferences } from '../../../lib/chat-preferences'

export function useUpdateChatPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: UpdateChatPreferences) =>
      api.put<ChatPreferences>('auth/user/settings/chat', changes),
    onSuccess: (preferences) => queryClient.setQueryData(chatPreferencesQueryOptions().queryKey, preferences),
  })
}
