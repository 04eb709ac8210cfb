import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { memoriesBaseKey, toMemoryItem, type MemoryItem } from './get-memories'

export async function getMemory(id: string): Promise<MemoryItem> {
  return toMemoryItem(await api.get<Record<string, unknown>>(`memories/${encodeURIComponent(id)}`))
}

export const memoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...memoriesBaseKey, 'item', id] as const,
    queryFn: () => getMemory(id),
    staleTime: 5 * 60_000,
  })

/** The memory being edited: shown at once from the list, then refreshed from the server. */
export function useMemory(id: string | null, placeholder?: MemoryItem) {
  return useQuery({ ...memoryQueryOptions(id ?? ''), enabled: Boolean(id), placeholderData: placeholder })
}
