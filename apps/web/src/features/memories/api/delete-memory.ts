import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { memoriesBaseKey } from './get-memories'

export function deleteMemory(id: string): Promise<void> {
  return api.delete<void>(`memories/${encodeURIComponent(id)}`)
}

export function useDeleteMemory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteMemory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesBaseKey }),
  })
}
