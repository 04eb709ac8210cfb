import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Automation } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { automationsBaseKey } from './get-automations'

/** Runs it now, once, besides its schedule: the answer arrives as its runs do. */
export function runAutomation(id: string) {
  return api.post<Automation>(`automations/${encodeURIComponent(id)}/run`, {})
}

export function useRunAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: runAutomation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsBaseKey }),
  })
}
