import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '../test/fake-event-source'
import type { ServerEventHandlers } from './server-events'
import { useServerEvents } from './use-server-events'

describe('useServerEvents', () => {
  beforeEach(() => {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('hands each event to the handlers of the latest render, on one stream, closed on unmount', () => {
    const seen: string[] = []
    const onOpen = vi.fn()
    const { rerender, unmount } = renderHook(
      ({ tag }: { tag: string }) =>
        useServerEvents({ reminder: (data) => seen.push(`${tag}:${String(data)}`) }, { onOpen }),
      { initialProps: { tag: 'first' } },
    )
    const source = FakeEventSource.latest()
    act(() => source.open())
    expect(onOpen).toHaveBeenCalledOnce()
    act(() => source.emit('reminder', 1))
    rerender({ tag: 'second' })
    act(() => source.emit('reminder', 2))
    expect(seen).toEqual(['first:1', 'second:2'])
    expect(FakeEventSource.instances).toHaveLength(1)
    unmount()
    expect(source.readyState).toBe(FakeEventSource.CLOSED)
  })

  it('opens a new stream when the events listened to change', () => {
    const seen: string[] = []
    const { rerender } = renderHook(
      ({ handlers }: { handlers: ServerEventHandlers }) => useServerEvents(handlers),
      {
        initialProps: { handlers: { reminder: () => seen.push('reminder') } as ServerEventHandlers },
      },
    )
    const first = FakeEventSource.latest()
    rerender({ handlers: { briefing: () => seen.push('briefing') } })
    const second = FakeEventSource.latest()
    expect(second).not.toBe(first)
    expect(first.readyState).toBe(FakeEventSource.CLOSED)
    act(() => {
      first.emit('reminder', {})
      second.emit('reminder', {})
      second.emit('briefing', {})
    })
    expect(seen).toEqual(['briefing'])
  })
})
