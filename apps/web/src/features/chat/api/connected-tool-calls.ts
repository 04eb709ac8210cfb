import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ConnectedToolCall } from '@remi/shared'
import { api } from '../../../lib/api-client'

/** The calls to the person's own tools waiting under the conversation's latest answer (Run or Cancel). */
export const toolCallsQueryOptions = (conversationId: string, answerId: string) =>
  queryOptions({
    queryKey: ['tool-calls', conversationId, answerId] as const,
    queryFn: () => api.get<ConnectedToolCall[]>('mcp-servers/calls', { conversationId }),
    staleTime: 30_000,
  })

/** Asked only under an answer that called one of the person's tools. */
export function useToolCalls(conversationId: string | null, answerId: string, enabled: boolean) {
  return useQuery({
    ...toolCallsQueryOptions(conversationId ?? '', answerId),
    enabled: enabled && Boolean(conversationId),
  })
}

/** Run (the tool is called now, once) or Cancel; the calls are read again either way. */
export function useResolveToolCall() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'run' | 'cancel' }) =>
      api.post<ConnectedToolCall>(`mcp-servers/calls/${encodeURIComponent(id)}/${action}`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tool-calls'] }),
  })
}
