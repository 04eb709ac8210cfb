import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MemoryTagCount } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { memoriesBaseKey } from './get-memories'

/** Spec §7: an array of strings or of objects with a name; most used first. */
export async function getMemoryTags(): Promise<string[]> {
  const body = await api.get<Array<MemoryTagCount | string> | undefined>('memories/tags')
  if (!Array.isArray(body)) return []
  return body
    .map((t: unknown) =>
      typeof t === 'string' ? t : typeof t === 'object' && t && 'name' in t ? String(t.name) : '',
    )
    .filter(Boolean)
}

export const memoryTagsQueryOptions = () =>
  queryOptions({
    queryKey: [...memoriesBaseKey, 'tags'] as const,
    queryFn: getMemoryTags,
    staleTime: 15 * 60_000,
  })

export function useMemoryTags() {
  return useQuery(memoryTagsQueryOptions())
}
