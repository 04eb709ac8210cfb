import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { memoriesBaseKey } from './get-memories'

/** Undoes the memory's last change (an edit goes back, a creation is deleted, a deletion comes back). */
export function undoMemoryChange(id: string): Promise<unknown> {
  return api.post<unknown>(`memories/${encodeURIComponent(id)}/undo`, {})
}

export function useUndoMemoryChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: undoMemoryChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesBaseKey }),
  })
}
