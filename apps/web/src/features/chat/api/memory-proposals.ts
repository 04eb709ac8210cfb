import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AppliedProposal, MemoryProposal, MemoryProposalList } from '@remi/shared'
import { api } from '../../../lib/api-client'

/** The changes to memories proposed under the conversation's latest answer. */
export const proposalsQueryOptions = (conversationId: string, answerId: string) =>
  queryOptions({
    // The answer's id in the key: a new answer asks again (its proposals replace the lapsed ones).
    queryKey: ['proposals', conversationId, answerId] as const,
    queryFn: () => api.get<MemoryProposalList>('proposals', { conversationId }),
    staleTime: 30_000,
  })

/** How often the proposals are asked again while the model is still picking out the answer's facts. */
export const EXTRACTING_POLL_MS = 1000

export function useProposals(conversationId: string | null, answerId: string) {
  return useQuery({
    ...proposalsQueryOptions(conversationId ?? '', answerId),
    enabled: Boolean(conversationId),
    // The facts come a moment after the answer (the answer never waits for them): ask until they are in.
    refetchInterval: (query) => (query.state.data?.extracting ? EXTRACTING_POLL_MS : false),
  })
}

/** Apply or Keep: the proposal's list and every memories query are read again. */
export function useResolveProposal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'apply' | 'keep' }) =>
      api.post<AppliedProposal | MemoryProposal>(`proposals/${encodeURIComponent(id)}/${action}`, {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['proposals'] }),
        queryClient.invalidateQueries({ queryKey: ['memories'] }),
      ]),
  })
}

/** Undo of an applied proposal (a fact saved at once): the memory's last change is undone. */
export function useUndoProposal() {
  const queryClient = useQueryClient()
  return useMutation({
    // The proposal's own Undo: the server takes the memory's change back and marks the proposal undone,
    // so the chip still says so after a reload.
    mutationFn: (proposalId: string) =>
      api.post<unknown>(`proposals/${encodeURIComponent(proposalId)}/undo`, {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['proposals'] }),
        queryClient.invalidateQueries({ queryKey: ['memories'] }),
      ]),
  })
}
