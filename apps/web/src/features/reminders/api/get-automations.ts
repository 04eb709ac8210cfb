import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AutomationList } from '@remi/shared'
import { api } from '../../../lib/api-client'

/** Every automations query starts with this key: a change (or a run arriving) refetches them all. */
export const automationsBaseKey = ['automations'] as const

export async function getAutomations() {
  const body = await api.get<AutomationList>('automations')
  return body.automations
}

export const automationsQueryOptions = () =>
  queryOptions({ queryKey: automationsBaseKey, queryFn: getAutomations, staleTime: 60_000 })

export function useAutomations() {
  return useQuery(automationsQueryOptions())
}
