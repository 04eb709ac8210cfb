import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PullToRefresh, pullDistance } from './pull-to-refresh'

function setup(props: { enabled?: boolean } = {}) {
  const onRefresh = vi.fn()
  render(
    <PullToRefresh onRefresh={onRefresh} {...props}>
      <p>content</p>
    </PullToRefresh>,
  )
  return onRefresh
}

const indicator = () => screen.queryByTestId('pull-to-refresh')

function start(y = 0) {
  fireEvent.touchStart(window, { touches: [{ clientY: y }] })
}
function move(y: number) {
  return fireEvent.touchMove(window, { touches: [{ clientY: y }], cancelable: true })
}

describe('pull-to-refresh', () => {
  afterEach(() => {
    vi.useRealTimers()
    window.scrollY = 0
  })

  it('follows the finger up to 100, damped by 0.6 beyond', () => {
    expect(pullDistance(-10)).toBe(0)
    expect(pullDistance(50)).toBe(50)
    expect(pullDistance(100)).toBe(100)
    expect(pullDistance(150)).toBe(130)
  })

  it('below the threshold of 70: "Pull to refresh", and releasing resets without refreshing', () => {
    const onRefresh = setup()
    start()
    move(69)
    expect(indicator()).toHaveTextContent('Pull to refresh')
    fireEvent.touchEnd(window)
    expect(onRefresh).not.toHaveBeenCalled()
    expect(indicator()).toBeNull()
  })

  it('at the threshold: "Release to refresh", then "Refreshing...", then resets 300 ms after the refresh', async () => {
    vi.useFakeTimers()
    const onRefresh = setup()
    start()
    move(70)
    expect(indicator()).toHaveTextContent('Release to refresh')
    await act(async () => {
      fireEvent.touchEnd(window)
    })
    expect(onRefresh).toHaveBeenCalledTimes(1)
    expect(indicator()).toHaveTextContent('Refreshing...')
    act(() => vi.advanceTimersByTime(299))
    expect(indicator()).toHaveTextContent('Refreshing...')
    act(() => vi.advanceTimersByTime(1))
    expect(indicator()).toBeNull()
  })

  it('the indicator grows with the pull up to 60 px', () => {
    setup()
    start()
    move(40)
    expect(indicator()).toHaveStyle({ height: '40px' })
    move(200)
    expect(indicator()).toHaveStyle({ height: '60px' })
  })

  it('blocks the page scrolling only past a 20 px drag', () => {
    setup()
    start()
    expect(move(20)).toBe(true) // not prevented
    expect(move(21)).toBe(false) // default prevented
  })

  it('does not start when the page is scrolled down more than 1 px', () => {
    const onRefresh = setup()
    window.scrollY = 2
    start()
    move(90)
    fireEvent.touchEnd(window)
    expect(indicator()).toBeNull()
    expect(onRefresh).not.toHaveBeenCalled()
  })

  it('starts at a scroll offset of 1', () => {
    setup()
    window.scrollY = 1
    start()
    move(30)
    expect(indicator()).toHaveTextContent('Pull to refresh')
  })

  it('ignores an upward drag', () => {
    const onRefresh = setup()
    start(200)
    move(100)
    fireEvent.touchEnd(window)
    expect(indicator()).toBeNull()
    expect(onRefresh).not.toHaveBeenCalled()
  })

  it('does nothing when disabled', () => {
    const onRefresh = setup({ enabled: false })
    start()
    move(90)
    fireEvent.touchEnd(window)
    expect(indicator()).toBeNull()
    expect(onRefresh).not.toHaveBeenCalled()
  })
})
