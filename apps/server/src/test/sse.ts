import { ChatStreamEvents, type ChatStreamEvent, type ChatStreamEventName } from '@remi/shared'
import type { z } from 'zod'

/**
 * Server-sent events as a client reads them (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * blocks separated by a blank line, `event:` and `data:` fields, `:` comment lines ignored. Each chat event
 * is checked against its contract in ChatStreamEvents.
 */
export function parseEventStream(text: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = []
  for (const block of text.split(/\r?\n\r?\n/)) {
    let name = 'message'
    const data: string[] = []
    for (const line of block.split(/\r?\n/)) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') name = value
      if (field === 'data') data.push(value)
    }
    if (data.length === 0) continue
    if (!(name in ChatStreamEvents)) throw new Error(`Unknown event '${name}'`)
    const schema = ChatStreamEvents[name as keyof typeof ChatStreamEvents]
    events.push({ event: name, data: schema.parse(JSON.parse(data.join('\n'))) } as ChatStreamEvent)
  }
  return events
}

/** The data of the first event with this name. */
export function eventData<K extends ChatStreamEventName>(
  events: ChatStreamEvent[],
  name: K,
): z.infer<(typeof ChatStreamEvents)[K]> | undefined {
  return events.find((e) => e.event === name)?.data as z.infer<(typeof ChatStreamEvents)[K]> | undefined
}
