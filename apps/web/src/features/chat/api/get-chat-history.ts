import { CHAT_LIMITS, type AssistantInfo, type ChatMessage } from '@remi/shared'
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useChatStore } from '../store'
import {
  addMessages,
  olderPageParam,
  type HistoryData,
  type HistoryPage,
  type HistoryPageParam,
} from '../lib/history'

const TWO_MINUTES = 2 * 60_000

/** Every chat query key starts with this. */
export const chatBaseKey = ['chat'] as const

export async function getChatHistory({ page, conversationId }: HistoryPageParam): Promise<HistoryPage> {
  const body = await api.get<Partial<Record<keyof HistoryPage, unknown>> | undefined>('chat/history', {
    page,
    pageSize: CHAT_LIMITS.historyPageSizeDefault,
    conversationId,
  })
  // Messages are not checked field by field here: a malformed one is caught where it is drawn, alone.
  const messages = Array.isArray(body?.messages)
    ? (body.messages.filter((m) => typeof m === 'object' && m !== null) as ChatMessage[])
    : []
  return {
    conversationId: typeof body?.conversationId === 'string' ? body.conversationId : null,
    messages,
    totalCount: typeof body?.totalCount === 'number' ? body.totalCount : messages.length,
    assistant: isAssistantInfo(body?.assistant) ? body.assistant : null,
  }
}

/**
 * A conversation (`view`; null: the newest one), newest page first; scrolling up loads older pages (spec
 * §7: 2 min, no focus refetch). Without an argument, the conversation on the screen.
 */
export const chatHistoryQueryOptions = (view: string | null = useChatStore.getState().view) =>
  infiniteQueryOptions<
    HistoryPage,
    Error,
    HistoryData,
    readonly ['chat', 'history', string | null],
    HistoryPageParam
  >({
    queryKey: [...chatBaseKey, 'history', view] as const,
    queryFn: ({ pageParam }) => getChatHistory(pageParam),
    initialPageParam: view ? { page: 1, conversationId: view } : { page: 1 },
    getNextPageParam: olderPageParam,
    staleTime: TWO_MINUTES,
    refetchOnWindowFocus: false,
  })

export function useChatHistory(view: string | null = null) {
  return useInfiniteQuery(chatHistoryQueryOptions(view))
}

export function readHistory(queryClient: QueryClient): HistoryData | undefined {
  return queryClient.getQueryData(chatHistoryQueryOptions().queryKey)
}

/** Puts stored messages into the cached history; without a cached history, loads it instead. */
export function addToHistory(
  queryClient: QueryClient,
  messages: ChatMessage[],
  conversationId: string,
  replacesId?: string | null,
) {
  const { queryKey } = chatHistoryQueryOptions()
  if (!queryClient.getQueryData(queryKey)) {
    void queryClient.invalidateQueries({ queryKey })
    return
  }
  queryClient.setQueryData<HistoryData>(
    queryKey,
    (data) => data && addMessages(data, messages, conversationId, replacesId),
  )
}

export function refetchHistory(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: chatHistoryQueryOptions().queryKey })
}

function isAssistantInfo(value: unknown): value is AssistantInfo {
  if (typeof value !== 'object' || value === null) return false
  const info = value as Record<string, unknown>
  return typeof info.name === 'string' && (info.model === null || typeof info.model === 'string')
}
