import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { Attachment, Memory, MemoryChange, MemoryList } from '@remi/shared'
import { api } from '../../../lib/api-client'
import { tagsOf } from '../lib/tags'

const FIVE_MINUTES = 5 * 60_000

/** Every memories query key starts with this: one invalidation refetches lists, tags and items. */
export const memoriesBaseKey = ['memories'] as const

/** The shared Memory as the screens read it (toMemoryItem): an answer without createdAt gives null. */
export type MemoryItem = Pick<Memory, 'id' | 'text' | 'tags' | 'date'> & {
  createdAt: string | null
  /** Kept from every AI model and MCP client. */
  private?: boolean
  /** The last change of the last 30 days, undoable. */
  lastChange?: MemoryChange | null
  /** Its files (photos, PDFs, documents). */
  attachments?: Attachment[]
}

export interface MemoryFilters {
  searchTerm: string
  tags: string[]
  startDate: string
  endDate: string
  pageSize: number
}

/**
 * `closest`: no memory held every word of the search, these are the closest matches.
 * `totalCountIsEstimate`: a search with many matches, whose count is "about N".
 */
export type MemoriesPage = Pick<MemoryList, 'totalCount' | 'closest' | 'totalCountIsEstimate'> & {
  items: MemoryItem[]
}

/** Spec §3: text is also read as content, tags as a comma string or an array. */
export function toMemoryItem(raw: Record<string, unknown>): MemoryItem {
  const text = typeof raw.text === 'string' ? raw.text : typeof raw.content === 'string' ? raw.content : ''
  return {
    id: String(raw.id),
    text,
    tags: tagsOf(raw.tags),
    date: typeof raw.date === 'string' ? raw.date : null,
    createdAt: typeof raw.createdAt === 'string' ? raw.createdAt : null,
    ...(raw.private === true ? { private: true } : {}),
    ...(raw.lastChange && typeof raw.lastChange === 'object'
      ? { lastChange: raw.lastChange as MemoryChange }
      : {}),
    ...(Array.isArray(raw.attachments) && raw.attachments.length
      ? { attachments: raw.attachments as Attachment[] }
      : {}),
  }
}

/** While a file's words are being read, the list asks again every few seconds (the card says "Reading…"). */
export const READING_POLL_MS = 3000
const reading = (pages: MemoriesPage[] | undefined) =>
  pages?.some((p) => p.items.some((m) => m.attachments?.some((a) => a.status === 'reading'))) ?? false

export async function getMemories(filters: MemoryFilters, page: number): Promise<MemoriesPage> {
  const body = await api.get<{
    items?: Record<string, unknown>[]
    totalCount?: number
    closest?: boolean
    totalCountIsEstimate?: boolean
  }>('memories', {
    page,
    pageSize: filters.pageSize,
    searchTerm: filters.searchTerm.trim(),
    tags: filters.tags.join(','),
    startDate: filters.startDate,
    endDate: filters.endDate,
  })
  const items = (body?.items ?? []).map(toMemoryItem)
  const totalCount = typeof body?.totalCount === 'number' ? body.totalCount : items.length
  if (body?.closest === true) return { items, totalCount, closest: true }
  return body?.totalCountIsEstimate === true
    ? { items, totalCount, totalCountIsEstimate: true }
    : { items, totalCount }
}

/** Pages are appended by 'Load More Memories'; new filters start again at page 1. */
export const memoriesQueryOptions = (filters: MemoryFilters) =>
  infiniteQueryOptions({
    queryKey: [...memoriesBaseKey, 'list', filters] as const,
    queryFn: ({ pageParam }) => getMemories(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.items.length, 0)
      // An estimated count may be below the real one: more follow as long as pages come back full.
      const more = last.totalCountIsEstimate
        ? last.items.length === filters.pageSize
        : loaded < last.totalCount && last.items.length > 0
      return more ? all.length + 1 : undefined
    },
    staleTime: FIVE_MINUTES,
    refetchInterval: (query) => (reading(query.state.data?.pages) ? READING_POLL_MS : false),
  })

export function useMemories(filters: MemoryFilters) {
  return useInfiniteQuery(memoriesQueryOptions(filters))
}
