import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { conversationsBaseKey } from '../api/get-conversations'

/** How long after a first answer the list looks again for the title the model writes meanwhile. */
const TITLE_RECHECK_MS = 4000

/** The list shows the new message's time (and a new conversation's title) once an answer ends. */
export function useRefreshListAfterSend(isSending: boolean) {
  const queryClient = useQueryClient()
  const was = useRef(isSending)
  useEffect(() => {
    const ended = was.current && !isSending
    was.current = isSending
    if (!ended) return
    void queryClient.invalidateQueries({ queryKey: conversationsBaseKey })
    // The model names a new conversation just after its first answer.
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: conversationsBaseKey }),
      TITLE_RECHECK_MS,
    )
    return () => window.clearTimeout(timer)
  }, [isSending, queryClient])
}

/** Spec §2: the page itself does not scroll while the chat is open; the message list does. */
export function useBodyScrollLock() {
  useEffect(() => {
    const { body } = document
    const previous = body.style.overflow
    body.style.overflow = 'hidden'
    return () => {
      body.style.overflow = previous
    }
  }, [])
}

/** The chat takes the rest of the viewport under the navigation bar, whatever that bar's height. */
export function useFillViewport() {
  const pageRef = useRef<HTMLElement>(null)
  const [offset, setOffset] = useState(0)
  useLayoutEffect(() => {
    // Arriving from a scrolled page would otherwise leave the chat shifted up under a locked body.
    if (window.scrollY > 0) window.scrollTo(0, 0)
    const measure = () => {
      const page = pageRef.current
      if (!page) return
      // The container's bottom padding stays visible below the composer.
      const below = page.parentElement
        ? parseFloat(getComputedStyle(page.parentElement).paddingBottom) || 0
        : 0
      setOffset(Math.round(page.getBoundingClientRect().top + window.scrollY + below))
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [])
  return { pageRef, height: `calc(100dvh - ${offset}px)` }
}
