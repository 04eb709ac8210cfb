import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '../test/fake-event-source'
import { openServerEvents } from './server-events'

describe('openServerEvents', () => {
  beforeEach(() => {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('opens /api/events and hands each named event its parsed data; a bad event does not stop the rest', () => {
    const seen: unknown[] = []
    const close = openServerEvents({
      reminder: (data) => {
        if ((data as { text: string }).text === 'boom') throw new Error('boom')
        seen.push(data)
      },
    })
    const source = FakeEventSource.latest()
    expect(source.url).toMatch(/\/api\/events$/)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    source.emit('reminder', { text: 'boom' })
    source.emit('reminder', 'not json')
    source.emit('reminder', { text: 'Call mum' })
    source.emit('other', { text: 'ignored' })
    expect(seen).toEqual([{ text: 'Call mum' }])
    expect(warn).toHaveBeenCalledOnce()
    close()
    expect(source.readyState).toBe(FakeEventSource.CLOSED)
  })

  it("leaves a dropped connection to EventSource's own reconnecting, and says when it is open again", () => {
    const onOpen = vi.fn()
    openServerEvents({}, { onOpen })
    const source = FakeEventSource.latest()
    source.open()
    source.fail(false)
    source.open()
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(onOpen).toHaveBeenCalledTimes(2)
  })

  it('opens a new one when EventSource gives up, after pauses that double up to the maximum', () => {
    vi.useFakeTimers()
    const close = openServerEvents({}, { retryDelayMs: 1000, maxDelayMs: 3000 })
    FakeEventSource.latest().fail(true)
    vi.advanceTimersByTime(999)
    expect(FakeEventSource.instances).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeEventSource.instances).toHaveLength(2)
    FakeEventSource.latest().fail(true)
    vi.advanceTimersByTime(2000)
    expect(FakeEventSource.instances).toHaveLength(3)
    FakeEventSource.latest().fail(true)
    vi.advanceTimersByTime(3000)
    expect(FakeEventSource.instances).toHaveLength(4)
    // Open again: the next pause starts from the first one.
    FakeEventSource.latest().open()
    FakeEventSource.latest().fail(true)
    vi.advanceTimersByTime(1000)
    expect(FakeEventSource.instances).toHaveLength(5)
    // Closed for good: no new one after a failure.
    close()
    FakeEventSource.latest().fail(true)
    vi.advanceTimersByTime(10_000)
    expect(FakeEventSource.instances).toHaveLength(5)
  })
})
