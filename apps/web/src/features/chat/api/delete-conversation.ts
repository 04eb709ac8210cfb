import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { chatBaseKey } from './get-chat-history'
import { conversationsBaseKey } from './get-conversations'

/** Deletes the conversation and its messages. */
export function deleteConversation(id: string): Promise<void> {
  return api.delete<void>(`chat/conversations/${encodeURIComponent(id)}`)
}

export function useDeleteConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_data, id) => {
      // Its history is gone; the newest conversation (/chat) may have been this one.
      queryClient.removeQueries({ queryKey: [...chatBaseKey, 'history', id] })
      void queryClient.invalidateQueries({ queryKey: [...chatBaseKey, 'history', null] })
      return queryClient.invalidateQueries({ queryKey: conversationsBaseKey })
    },
  })
}
