import { useEffect, useEffectEvent } from 'react'
import { openServerEvents, type ServerEventHandlers } from './server-events'

/**
 * The signed-in user's live stream (lib/server-events.ts) for as long as the component is mounted. The
 * handlers may change on every render: each event goes to the latest ones. The stream is reopened only
 * when the set of event names changes.
 */
export function useServerEvents(handlers: ServerEventHandlers, { onOpen }: { onOpen?: () => void } = {}) {
  const handle = useEffectEvent((name: string, data: unknown) => handlers[name]?.(data))
  const opened = useEffectEvent(() => onOpen?.())
  const names = Object.keys(handlers).join('\n')
  useEffect(() => {
    const bound: ServerEventHandlers = {}
    for (const name of names.split('\n').filter(Boolean)) bound[name] = (data) => handle(name, data)
    return openServerEvents(bound, { onOpen: () => opened() })
  }, [names])
}
