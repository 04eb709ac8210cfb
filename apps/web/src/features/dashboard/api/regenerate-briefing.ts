import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { briefingQueryOptions, toBriefingView } from './get-briefing'

export async function regenerateBriefing() {
  return toBriefingView(await api.post<unknown>('dashboard/briefing/regenerate'))
}

/** Writes the new briefing straight into the briefing query, so the card shows it at once. */
export function useRegenerateBriefing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: regenerateBriefing,
    onSuccess: (briefing) => queryClient.setQueryData(briefingQueryOptions().queryKey, briefing),
  })
}
