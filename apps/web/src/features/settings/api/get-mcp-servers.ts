import { queryOptions, useQuery } from '@tanstack/react-query'
import type { McpServer } from '@remi/shared'
import { api } from '../../../lib/api-client'

export function getMcpServers(): Promise<McpServer[]> {
  return api.get<McpServer[]>('mcp-servers')
}

export const mcpServersQueryOptions = () =>
  queryOptions({ queryKey: ['mcp-servers'], queryFn: getMcpServers })

export function useMcpServers() {
  return useQuery(mcpServersQueryOptions())
}
