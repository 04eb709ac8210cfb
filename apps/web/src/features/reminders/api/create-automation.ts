import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Automation, CreateAutomationBody } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { automationsBaseKey } from './get-automations'

export function createAutomation(body: CreateAutomationBody) {
  return api.post<Automation>('automations', body)
}

export function useCreateAutomation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAutomation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsBaseKey }),
  })
}
