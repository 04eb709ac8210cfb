import type { ConversationSummary } from '@remi/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { conversationsBaseKey } from './get-conversations'

/** A new, empty conversation. */
export function createConversation(): Promise<ConversationSummary> {
  return api.post<ConversationSummary>('chat/conversations', {})
}

export function useCreateConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsBaseKey }),
  })
}
