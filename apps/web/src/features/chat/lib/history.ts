import type { AssistantInfo, ChatMessage } from '@remi/shared'
import type { InfiniteData } from '@tanstack/react-query'
import type { Draft, LocalAnswer, TemporaryMessage } from '../store'

/** One page of GET chat/history; page 1 holds the newest messages, oldest first inside. */
export interface HistoryPage {
  conversationId: string | null
  messages: ChatMessage[]
  totalCount: number
  assistant: AssistantInfo | null
}

export interface HistoryPageParam {
  page: number
  /** Older pages are read from the conversation the first page named. */
  conversationId?: string
}

export type HistoryData = InfiniteData<HistoryPage, HistoryPageParam>

/**
 * Every loaded message once, ordered by creation time (spec §4). Pages overlap after new messages were
 * added (offsets shift), so the copy from the newer page wins.
 */
export function flattenHistory(data: HistoryData | undefined): ChatMessage[] {
  if (!data) return []
  const seen = new Set<string>()
  const messages: ChatMessage[] = []
  for (const page of data.pages) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue
      seen.add(message.id)
      messages.push(message)
    }
  }
  return sortByCreation(messages, (m) => m.createdUtc)
}

/** A stable sort by an ISO time; an unreadable time keeps its place relative to its neighbours. */
export function sortByCreation<T>(items: T[], timeOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, time: Date.parse(timeOf(item)) }))
    .sort((a, b) =>
      Number.isNaN(a.time) || Number.isNaN(b.time) || a.time === b.time ? a.index - b.index : a.time - b.time,
    )
    .map((entry) => entry.item)
}

/** The next (older) page to load, while the loaded messages are fewer than the server holds. */
export function olderPageParam(lastPage: HistoryPage, pages: HistoryPage[]): HistoryPageParam | undefined {
  if (lastPage.messages.length === 0) return undefined
  const loaded = new Set(pages.flatMap((p) => p.messages.map((m) => m.id))).size
  const total = Math.max(lastPage.totalCount, pages[0]?.totalCount ?? 0)
  if (loaded >= total) return undefined
  const conversationId = pages[0]?.conversationId ?? undefined
  return { page: pages.length + 1, conversationId }
}

/** The history with new stored messages added to the newest page (no refetch needed). */
export function addMessages(
  data: HistoryData,
  messages: ChatMessage[],
  conversationId: string,
  replacesId?: string | null,
): HistoryData {
  const known = new Set(data.pages.flatMap((p) => p.messages.map((m) => m.id)))
  const added = messages.filter((m) => !known.has(m.id))
  const removed = replacesId && known.has(replacesId) ? 1 : 0
  const pages = data.pages.map((page, index) => {
    const kept = replacesId ? page.messages.filter((m) => m.id !== replacesId) : page.messages
    return index === 0
      ? {
          ...page,
          conversationId,
          messages: [...kept, ...added],
          totalCount: page.totalCount + added.length - removed,
        }
      : { ...page, messages: kept }
  })
  return { ...data, pages }
}

/** The history after Clear History: nothing, in the conversation kept (none: a new one starts). */
export function emptyHistory(data: HistoryData, conversationId: string | null = null): HistoryData {
  const first = data.pages[0]
  return {
    pages: [{ conversationId, messages: [], totalCount: 0, assistant: first?.assistant ?? null }],
    pageParams: [{ page: 1 }],
  }
}

/**
 * A local answer is settled once the history holds a (new) answer after the message it follows, or no
 * longer holds that message (cleared, or the answer it followed was replaced).
 */
export function isSettled(answer: LocalAnswer, history: ChatMessage[]): boolean {
  const at = history.findIndex((m) => m.id === answer.afterId)
  if (at < 0) return true
  return history.slice(at + 1).some((m) => !m.isUserMessage && m.id !== answer.replacesId)
}

export type TimelineItem =
  | { kind: 'stored'; key: string; message: ChatMessage }
  | { kind: 'local'; key: string; answer: LocalAnswer }
  | { kind: 'temporary'; key: string; message: TemporaryMessage }

/**
 * What the conversation shows: the stored messages by creation time, each local answer after the message
 * it follows (hiding the one it replaces), then the messages still on their way. The draft being
 * written is not an item: it always comes last.
 */
export function buildTimeline(
  history: ChatMessage[],
  localAnswers: LocalAnswer[],
  temporaries: TemporaryMessage[],
  draft: Draft | null,
): TimelineItem[] {
  const pending = localAnswers.filter((a) => !isSettled(a, history))
  const hidden = new Set([draft?.replacesId, ...pending.map((a) => a.replacesId)].filter(Boolean))
  const items: TimelineItem[] = []
  for (const message of history) {
    if (!hidden.has(message.id)) items.push({ kind: 'stored', key: message.id, message })
    for (const answer of pending) {
      if (answer.afterId === message.id) items.push({ kind: 'local', key: answer.id, answer })
    }
  }
  for (const message of sortByCreation(temporaries, (m) => m.timestamp)) {
    items.push({ kind: 'temporary', key: message.id, message })
  }
  return items
}
