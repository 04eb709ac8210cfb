import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { McpServer } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { mcpServersQueryOptions } from './get-mcp-servers'

export function setConnectedTool(input: {
  serverId: string
  tool: string
  enabled: boolean
}): Promise<McpServer> {
  const path = `mcp-servers/${encodeURIComponent(input.serverId)}/tools/${encodeURIComponent(input.tool)}`
  return api.patch<McpServer>(path, { enabled: input.enabled })
}

/** Turns one tool on or off; the list shows the server as the answer says. */
export function useSetConnectedTool() {
  const queryClient = useQueryClient()
  const { queryKey } = mcpServersQueryOptions()
  return useMutation({
    mutationFn: setConnectedTool,
    onSuccess: (server) =>
      queryClient.setQueryData(queryKey, (list) => list?.map((s) => (s.id === server.id ? server : s))),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  })
}
