import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { emptyHistory, type HistoryData } from '../lib/history'
import { useChatStore } from '../store'
import { chatHistoryQueryOptions } from './get-chat-history'
import { conversationsBaseKey } from './get-conversations'

/**
 * Deletes the open conversation's messages (it stays, empty); with none known yet, every conversation's,
 * and the next message starts a new one.
 */
export function clearChatHistory(conversationId: string | null): Promise<void> {
  return api.delete<void>(
    conversationId ? `chat/clear?conversationId=${encodeURIComponent(conversationId)}` : 'chat/clear',
  )
}

export function useClearChatHistory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => clearChatHistory(useChatStore.getState().conversationId),
    onSuccess: () => {
      const { queryKey } = chatHistoryQueryOptions()
      const kept = useChatStore.getState().conversationId
      queryClient.setQueryData<HistoryData>(queryKey, (data) => data && emptyHistory(data, kept))
      useChatStore.getState().clearConversation(kept)
      void queryClient.invalidateQueries({ queryKey: conversationsBaseKey })
    },
  })
}
