import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { McpServer } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { mcpServersQueryOptions } from './get-mcp-servers'

/** Asks the server for its tools again (a server that was down, or has new tools). */
export function refreshMcpServer(id: string): Promise<McpServer> {
  return api.post<McpServer>(`mcp-servers/${encodeURIComponent(id)}/refresh`)
}

export function useRefreshMcpServer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refreshMcpServer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpServersQueryOptions().queryKey }),
  })
}
