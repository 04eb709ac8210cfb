import { CHAT_LIMITS, type ConversationList } from '@remi/shared'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** Every conversation-list query key starts with this (the list and each search). */
export const conversationsBaseKey = ['chat', 'conversations'] as const

export const CONVERSATIONS_PAGE_SIZE = CHAT_LIMITS.conversationsPageSizeDefault

export function getConversations(query: { page: number; search?: string }): Promise<ConversationList> {
  return api.get<ConversationList>('chat/conversations', {
    page: query.page,
    pageSize: CONVERSATIONS_PAGE_SIZE,
    search: query.search || undefined,
  })
}

/** Newest first, a page at a time as the list scrolls; with `search`, the conversations whose messages hold it. */
export const conversationsQueryOptions = (search = '') =>
  infiniteQueryOptions({
    queryKey: [...conversationsBaseKey, search] as const,
    queryFn: ({ pageParam }) => getConversations({ page: pageParam, search }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0)
      return last.items.length > 0 && loaded < last.totalCount ? pages.length + 1 : undefined
    },
    refetchOnWindowFocus: false,
  })

export function useConversations(search = '') {
  return useInfiniteQuery(conversationsQueryOptions(search))
}
