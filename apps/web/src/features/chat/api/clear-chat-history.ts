import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { emptyHistory, type HistoryData } from '../lib/history'
import { useChatStore } from '../store'
import { chatHistoryQueryOptions } from './get-chat-history'

/** Deletes the conversation's messages; the next message starts a new conversation. */
export function clearChatHistory(): Promise<void> {
  return api.delete<void>('chat/clear')
}

export function useClearChatHistory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: clearChatHistory,
    onSuccess: () => {
      const { queryKey } = chatHistoryQueryOptions()
      queryClient.setQueryData<HistoryData>(queryKey, (data) => data && emptyHistory(data))
      useChatStore.getState().clearConversation()
    },
  })
}
