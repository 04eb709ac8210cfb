import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Automation, PatchAutomationBody } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { automationsBaseKey } from './get-automations'

/** Pause, resume and edits are one PATCH. */
export function updateAutomation({ id, changes }: { id: string; changes: PatchAutomationBody }) {
  return api.patch<Automation>(`automations/${encodeURIComponent(id)}`, changes)
}

export function useUpdateAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAutomation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsBaseKey }),
  })
}
