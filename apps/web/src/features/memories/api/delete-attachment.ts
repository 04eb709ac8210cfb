import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { memoriesBaseKey } from './get-memories'

export function deleteAttachment(id: string): Promise<void> {
  return api.delete<void>(`attachments/${encodeURIComponent(id)}`)
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAttachment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesBaseKey }),
  })
}
