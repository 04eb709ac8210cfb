import { useEffect, useRef } from 'react'

/** Key names as KeyboardEvent.key gives them; a space makes a sequence ('g d': g, then d). */
export type ShortcutBindings = Record<string, () => void>

/** How long the first key of a sequence waits for the second. */
const SEQUENCE_MS = 1500

/** Keys pressed here are typing, never commands. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  // jsdom has no isContentEditable; the attribute says the same.
  return (
    target.matches('input, textarea, select') ||
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null
  )
}

/**
 * Single-key shortcuts for the page. They never fire while typing in a field, with Ctrl, Alt or Meta held
 * (the browser's and the system's own), or while a dialog is open: Escape and typing belong to the dialog.
 */
export function useShortcuts(bindings: ShortcutBindings): void {
  const latest = useRef(bindings)
  useEffect(() => {
    latest.current = bindings
  })

  useEffect(() => {
    let pending = ''
    let timer: ReturnType<typeof setTimeout> | undefined
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey)
        return
      if (isTypingTarget(event.target)) return
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return
      const key = pending ? `${pending} ${event.key}` : event.key
      pending = ''
      clearTimeout(timer)
      const action = latest.current[key]
      if (action) {
        // '/' would otherwise type itself into the search box it just focused.
        event.preventDefault()
        action()
        return
      }
      if (Object.keys(latest.current).some((name) => name.startsWith(`${event.key} `))) {
        pending = event.key
        timer = setTimeout(() => (pending = ''), SEQUENCE_MS)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      clearTimeout(timer)
    }
  }, [])
}
