import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateMcpServerBody, McpServer } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { mcpServersQueryOptions } from './get-mcp-servers'

/** Connects to the server and lists its tools (up to 20 s when it hangs). */
export function addMcpServer(body: CreateMcpServerBody): Promise<McpServer> {
  return api.post<McpServer>('mcp-servers', body)
}

export function useAddMcpServer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addMcpServer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpServersQueryOptions().queryKey }),
  })
}
