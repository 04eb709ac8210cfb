import { afterEach, describe, expect, it, vi } from 'vitest'
import { handsFree } from './hands-free'

afterEach(() => {
  handsFree.reset()
  vi.useRealTimers()
})

const later = (ms: number) => new Date(Date.now() + ms).toISOString()

describe('hands-free reading', () => {
  it('reads the first answer after a dictated message when the setting is on, once', () => {
    handsFree.dictated()
    handsFree.sent(true)
    const answer = later(500)
    expect(handsFree.take(answer)).toBe(true)
    // The same answer asked again at once (a render) still reads; the next answer does not.
    expect(handsFree.take(answer)).toBe(true)
    expect(handsFree.take(later(5_000))).toBe(false)
  })

  it('reads nothing for a typed message, with the setting off, or for an answer from before', () => {
    handsFree.sent(true)
    expect(handsFree.take(later(500))).toBe(false)
    handsFree.dictated()
    handsFree.sent(false)
    expect(handsFree.take(later(500))).toBe(false)
    handsFree.dictated()
    handsFree.cleared()
    handsFree.sent(true)
    expect(handsFree.take(later(500))).toBe(false)
    handsFree.dictated()
    handsFree.sent(true)
    expect(handsFree.take(later(-5 * 60_000))).toBe(false)
  })

  it('an answer taken is not read again when it is shown again later', () => {
    vi.useFakeTimers()
    handsFree.dictated()
    handsFree.sent(true)
    const answer = later(100)
    expect(handsFree.take(answer)).toBe(true)
    vi.advanceTimersByTime(5_000)
    expect(handsFree.take(answer)).toBe(false)
  })
})
