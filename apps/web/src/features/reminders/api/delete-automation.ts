import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { automationsBaseKey } from './get-automations'

export function deleteAutomation(id: string) {
  return api.delete<void>(`automations/${encodeURIComponent(id)}`)
}

export function useDeleteAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAutomation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsBaseKey }),
  })
}
