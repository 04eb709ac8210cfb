import type { ConversationSummary } from '@remi/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { conversationsBaseKey } from './get-conversations'

export function renameConversation(input: { id: string; title: string }): Promise<ConversationSummary> {
  return api.patch<ConversationSummary>(`chat/conversations/${encodeURIComponent(input.id)}`, {
    title: input.title,
  })
}

export function useRenameConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renameConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsBaseKey }),
  })
}
