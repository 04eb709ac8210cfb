import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { mcpServersQueryOptions } from './get-mcp-servers'

export function removeMcpServer(id: string): Promise<void> {
  return api.delete<void>(`mcp-servers/${encodeURIComponent(id)}`)
}

export function useRemoveMcpServer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeMcpServer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpServersQueryOptions().queryKey }),
  })
}
