import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

/** Closer than this to the bottom counts as "at the newest message". */
const BOTTOM_SLACK = 48
/** Closer than this to the top loads the older page. */
const TOP_SLACK = 80

/**
 * Brings a message into view once it is loaded, loading older pages until it is (or none are left),
 * and stops following the newest message so the view stays on it. Returns the message found.
 */
export function useFocusMessage({
  focusMessageId,
  scroller,
  loaded,
  itemCount,
  canLoadOlder,
  loadOlder,
  setAutoScroll,
}: {
  focusMessageId: string | null
  scroller: RefObject<HTMLDivElement | null>
  loaded: boolean
  itemCount: number
  canLoadOlder: boolean
  loadOlder: () => void
  setAutoScroll: (on: boolean) => void
}): string | null {
  // The message scrolled to already: the view is the person's again after that.
  const done = useRef<string | null>(null)
  useEffect(() => {
    if (!focusMessageId || done.current === focusMessageId || itemCount === 0) return
    if (!loaded) {
      if (canLoadOlder) loadOlder()
      return
    }
    setAutoScroll(false)
    const box = scroller.current
    const el = box?.querySelector<HTMLElement>(`[data-message-id="${focusMessageId}"]`)
    if (box && el) centreIn(box, el)
    done.current = focusMessageId
  }, [focusMessageId, loaded, itemCount, canLoadOlder, loadOlder, setAutoScroll, scroller])
  return loaded ? focusMessageId : null
}

/**
 * Follows the newest message while `autoScroll` is on; scrolling up turns it off (and near the top asks
 * for older messages, keeping the view where it was when they arrive above).
 */
export function useStickToBottom({
  autoScroll,
  setAutoScroll,
  firstKey,
  contentKey,
  onNearTop,
}: {
  autoScroll: boolean
  setAutoScroll: (on: boolean) => void
  firstKey: string | undefined
  contentKey: string
  onNearTop?: () => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const lastHeight = useRef(0)
  const lastFirstKey = useRef(firstKey)

  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    if (lastFirstKey.current !== undefined && firstKey !== lastFirstKey.current && !autoScroll) {
      // Older messages arrived above: keep the same messages in view.
      el.scrollTop += el.scrollHeight - lastHeight.current
    }
    lastFirstKey.current = firstKey
    if (autoScroll) el.scrollTop = el.scrollHeight
    lastHeight.current = el.scrollHeight
  }, [autoScroll, firstKey, contentKey])

  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const onScroll = () => {
      const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight
      setAutoScroll(fromBottom <= BOTTOM_SLACK)
      if (el.scrollTop <= TOP_SLACK && el.scrollHeight > el.clientHeight) onNearTop?.()
    }
    // A downward swipe inside a scrolled list is scrolling, not the page's pull-to-refresh.
    const onTouchStart = (event: TouchEvent) => {
      if (el.scrollTop > 0) event.stopPropagation()
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    el.addEventListener('touchstart', onTouchStart, { passive: true })
    return () => {
      el.removeEventListener('scroll', onScroll)
      el.removeEventListener('touchstart', onTouchStart)
    }
  }, [setAutoScroll, onNearTop])

  return {
    scroller,
    jumpToLatest: () => {
      setAutoScroll(true)
      const el = scroller.current
      if (el) el.scrollTop = el.scrollHeight
    },
  }
}

/**
 * Centres `el` in the message list by scrolling the list alone. scrollIntoView scrolls every ancestor
 * too, the locked page among them: the chat slid 26–45 px under the top bar and could not be scrolled back.
 */
export function centreIn(scroller: HTMLElement, el: HTMLElement) {
  const offset = el.getBoundingClientRect().top - scroller.getBoundingClientRect().top
  scroller.scrollTop += offset - (scroller.clientHeight - el.offsetHeight) / 2
}
