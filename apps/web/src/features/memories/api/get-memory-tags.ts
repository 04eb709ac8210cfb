import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MemoryTagCount } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { POPULAR_TAGS } from '../lib/tags'
import { memoriesBaseKey } from './get-memories'

/**
 * Spec §7: an array of strings or of objects with a name; most used first. The counts are over all
 * of the person's memories (a bare string counts as 0: the server gave none).
 */
export async function getMemoryTags(): Promise<MemoryTagCount[]> {
  const body = await api.get<Array<MemoryTagCount | string> | undefined>('memories/tags')
  if (!Array.isArray(body)) return []
  return body
    .map((t: unknown) =>
      typeof t === 'string'
        ? { name: t, count: 0 }
        : typeof t === 'object' && t && 'name' in t
          ? { name: String(t.name), count: 'count' in t ? Number(t.count) || 0 : 0 }
          : { name: '', count: 0 },
    )
    .filter((t) => t.name)
}

export const memoryTagsQueryOptions = () =>
  queryOptions({
    queryKey: [...memoriesBaseKey, 'tags'] as const,
    queryFn: getMemoryTags,
    staleTime: 15 * 60_000,
  })

/** The known tags' names, most used first (suggestions and Quick Tags). */
export function useMemoryTags() {
  return useQuery({ ...memoryTagsQueryOptions(), select: (tags) => tags.map((t) => t.name) })
}

/**
 * "Popular tags": the 10 most used over every memory, as the server counts them, not over the cards
 * loaded so far (issue 46: "family (3)" where 5 had it).
 */
export function usePopularTags() {
  return useQuery({ ...memoryTagsQueryOptions(), select: (tags) => tags.slice(0, POPULAR_TAGS) })
}
