/**
 * The signed-in user's live stream (GET /api/events): named server-sent events, read with EventSource.
 * EventSource reconnects by itself after a dropped connection (a server restart included); when it gives
 * up (an answer that is not an event stream: a proxy's 502, a 401 while the server restarts), a new one
 * is opened after a pause that grows to a minute, so the stream always comes back.
 */
import { apiUrl } from './api-client'

export type ServerEventHandlers = Record<string, (data: unknown) => void>

interface Options {
  /** The stream (re)opened: whatever was missed while it was down is worth reloading. */
  onOpen?: () => void
  /** First pause before a new EventSource replaces one that gave up; doubled each time, up to maxDelayMs. */
  retryDelayMs?: number
  maxDelayMs?: number
}

/** Opens the stream; returns the function that closes it for good. A no-op where there is no EventSource. */
export function openServerEvents(handlers: ServerEventHandlers, options: Options = {}): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  const { onOpen, retryDelayMs = 2_000, maxDelayMs = 60_000 } = options
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let delay = retryDelayMs
  let stopped = false

  const open = () => {
    const current = new EventSource(apiUrl('events'), { withCredentials: true })
    source = current
    current.onopen = () => {
      delay = retryDelayMs
      onOpen?.()
    }
    current.onerror = () => {
      if (current.readyState !== EventSource.CLOSED || stopped) return
      timer = setTimeout(open, delay)
      delay = Math.min(delay * 2, maxDelayMs)
    }
    for (const [name, handle] of Object.entries(handlers)) {
      current.addEventListener(name, (event) => {
        let data: unknown
        try {
          data = JSON.parse((event as MessageEvent<string>).data)
        } catch {
          return // not ours to show
        }
        try {
          handle(data)
        } catch (error) {
          // One bad event must not stop the stream; the console keeps it for whoever looks.
          console.warn(`The '${name}' event could not be handled`, error)
        }
      })
    }
  }

  open()
  return () => {
    stopped = true
    clearTimeout(timer)
    source?.close()
  }
}
