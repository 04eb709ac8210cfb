import type { ChatMessage } from '@remi/shared'
import { describe, expect, it } from 'vitest'
import type { LocalAnswer, TemporaryMessage } from '../store'
import {
  addMessages,
  buildTimeline,
  emptyHistory,
  flattenHistory,
  isSettled,
  olderPageParam,
  type HistoryData,
  type HistoryPage,
} from './history'

const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`
const m = (id: string, minute: number, isUserMessage = true): ChatMessage => ({
  id,
  content: id,
  isUserMessage,
  createdUtc: at(minute),
})
const page = (messages: ChatMessage[], totalCount: number): HistoryPage => ({
  conversationId: 'c1',
  messages,
  totalCount,
  assistant: { name: 'Remi', model: null },
})
const data = (...pages: HistoryPage[]): HistoryData => ({
  pages,
  pageParams: pages.map((_, i) => ({ page: i + 1 })),
})
const ids = (messages: { id: string }[]) => messages.map((x) => x.id)

describe('chat history pages', () => {
  it('flattens newest-first pages into one list by creation time, each message once', () => {
    // Page 2 was loaded after two new messages shifted the offsets: 'c' comes twice.
    const history = data(
      page([m('c', 3), m('d', 4, false), m('e', 5)], 5),
      page([m('a', 1), m('b', 2), m('c', 3)], 5),
    )
    expect(ids(flattenHistory(history))).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(flattenHistory(undefined)).toEqual([])
  })

  it('keeps the server order for equal or unreadable times', () => {
    const same = data(page([m('q', 1), m('a', 1, false), { ...m('x', 0), createdUtc: 'garbage' }], 3))
    expect(ids(flattenHistory(same))).toEqual(['q', 'a', 'x'])
  })

  it('asks for the next older page of the same conversation while messages are missing', () => {
    const first = page([m('c', 3), m('d', 4)], 5)
    expect(olderPageParam(first, [first])).toEqual({ page: 2, conversationId: 'c1' })
    const second = page([m('a', 1), m('b', 2), m('c', 3)], 5)
    // 'c' is in both pages: 4 distinct messages of 5.
    expect(olderPageParam(second, [first, second])).toEqual({ page: 3, conversationId: 'c1' })
    const all = page([m('a', 1), m('b', 2), m('c', 3), m('d', 4), m('e', 5)], 5)
    expect(olderPageParam(all, [all])).toBeUndefined()
    expect(olderPageParam(page([], 9), [first, page([], 9)])).toBeUndefined()
  })

  it('adds stored messages to the newest page once, and replaces a regenerated answer', () => {
    const history = data(page([m('q', 1), m('a', 2, false)], 4), page([m('o', 0)], 4))
    const added = addMessages(history, [m('q2', 3), m('a2', 4, false), m('q', 1)], 'c9')
    expect(ids(added.pages[0]!.messages)).toEqual(['q', 'a', 'q2', 'a2'])
    expect(added.pages[0]).toMatchObject({ totalCount: 6, conversationId: 'c9' })

    const replaced = addMessages(added, [m('a3', 5, false)], 'c9', 'a2')
    expect(ids(flattenHistory(replaced))).toEqual(['o', 'q', 'a', 'q2', 'a3'])
    expect(replaced.pages[0]!.totalCount).toBe(6)
  })

  it('empties to one page without a conversation, keeping who answers', () => {
    expect(emptyHistory(data(page([m('a', 1)], 1)))).toEqual({
      pages: [
        { conversationId: null, messages: [], totalCount: 0, assistant: { name: 'Remi', model: null } },
      ],
      pageParams: [{ page: 1 }],
    })
  })
})

describe('chat timeline', () => {
  const local = (fields: Partial<LocalAnswer>): LocalAnswer => ({
    id: 'local',
    afterId: 'q',
    replacesId: null,
    content: 'partial',
    createdUtc: at(9),
    ...fields,
  })
  const temporary = (id: string, minute: number): TemporaryMessage => ({
    id,
    content: id,
    timestamp: at(minute),
    isPending: true,
  })

  it('a local answer is settled once a (different) answer follows the message it answers', () => {
    expect(isSettled(local({}), [m('q', 1)])).toBe(false)
    expect(isSettled(local({}), [m('q', 1), m('a', 2, false)])).toBe(true)
    expect(isSettled(local({ replacesId: 'a' }), [m('q', 1), m('a', 2, false)])).toBe(false)
    expect(isSettled(local({ replacesId: 'a' }), [m('q', 1), m('b', 3, false)])).toBe(true)
    // What it followed is gone (cleared, or replaced): nothing to show it after.
    expect(isSettled(local({ afterId: 'gone' }), [m('q', 1), m('a', 2, false)])).toBe(true)
  })

  it('puts local answers after their message, in place of what they replace, then temporary messages by time', () => {
    const history = [m('q1', 1), m('a1', 2, false), m('q2', 3), m('a2', 4, false)]
    const items = buildTimeline(
      history,
      [local({ id: 'l1', afterId: 'q2', replacesId: 'a2' }), local({ id: 'l2', afterId: 'unknown' })],
      [temporary('t2', 8), temporary('t1', 7)],
      null,
    )
    expect(items.map((i) => i.key)).toEqual(['q1', 'a1', 'q2', 'l1', 't1', 't2'])
  })

  it('hides the answer a draft is replacing, and local answers that are settled', () => {
    const history = [m('q', 1), m('a', 2, false)]
    const draft = { afterId: 'q', replacesId: 'a', text: '', activity: [] }
    expect(buildTimeline(history, [], [], draft).map((i) => i.key)).toEqual(['q'])
    expect(buildTimeline(history, [local({})], [], null).map((i) => i.key)).toEqual(['q', 'a'])
  })
})
