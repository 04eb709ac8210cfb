import type { AssistantInfo, ChatMessage } from '@remi/shared'
import { http, HttpResponse } from 'msw'
import { signedIn } from './fixtures'
import { server } from './server'

export const CONVERSATION_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b'

let counter = 0
/** A fresh UUID (the shared contract checks them). */
export function uuid(): string {
  counter += 1
  return `00000000-0000-4000-8000-${counter.toString().padStart(12, '0')}`
}

/** A stored message `minutesAgo` minutes old. */
export function chatMessage(fields: Partial<ChatMessage> & { minutesAgo?: number } = {}): ChatMessage {
  const { minutesAgo = 1, ...rest } = fields
  return {
    id: uuid(),
    content: 'Hello',
    isUserMessage: true,
    createdUtc: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...rest,
  }
}

/**
 * The chat API in memory: history pages as the server cuts them (page 1 newest, oldest first inside) and
 * clear. Sends are answered per test with `streamAnswer` / `http.post`.
 */
export function fakeChatApi(
  options: { messages?: ChatMessage[]; assistant?: AssistantInfo; conversationId?: string } = {},
) {
  const state = {
    /** Oldest first. */
    messages: [...(options.messages ?? [])],
    assistant: options.assistant ?? { name: 'Remi', model: null },
    conversationId: options.conversationId ?? CONVERSATION_ID,
    historyQueries: [] as URLSearchParams[],
    historyFails: false,
    clears: 0,
    clearFails: false,
  }
  server.use(
    signedIn(),
    http.get('/api/chat/history', ({ request }) => {
      const query = new URL(request.url).searchParams
      state.historyQueries.push(query)
      if (state.historyFails) {
        return HttpResponse.json(
          { statusCode: 500, error: 'Internal Server Error', message: 'down' },
          { status: 500 },
        )
      }
      const page = Number(query.get('page') ?? 1)
      const size = Number(query.get('pageSize') ?? 30)
      const newestFirst = [...state.messages].reverse()
      return HttpResponse.json({
        conversationId: state.messages.length > 0 ? state.conversationId : null,
        messages: newestFirst.slice((page - 1) * size, page * size).reverse(),
        totalCount: state.messages.length,
        assistant: state.assistant,
      })
    }),
    http.delete('/api/chat/clear', () => {
      state.clears += 1
      if (state.clearFails) {
        return HttpResponse.json(
          { statusCode: 500, error: 'Internal Server Error', message: 'down' },
          { status: 500 },
        )
      }
      state.messages = []
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return state
}

export type SendEvent = (event: string, data: unknown) => void

const encoder = new TextEncoder()

/**
 * Answers `path` with an event stream written by `script`, in the real SSE framing. Records the bodies,
 * and whether the client closed the connection (the Stop button).
 */
export function streamAnswer(
  path: '/api/chat/stream' | '/api/chat/regenerate',
  script: (send: SendEvent, body: Record<string, unknown>, request: Request) => Promise<void> | void,
) {
  const calls = { bodies: [] as Record<string, unknown>[], csrf: [] as (string | null)[], aborted: 0 }
  server.use(
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      calls.bodies.push(body)
      calls.csrf.push(request.headers.get('x-csrf-token'))
      request.signal.addEventListener('abort', () => (calls.aborted += 1))
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send: SendEvent = (event, data) => {
            try {
              controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
            } catch {
              // The client is gone (Stop).
            }
          }
          await script(send, body, request)
          try {
            controller.close()
          } catch {
            // already cancelled
          }
        },
        cancel() {
          calls.aborted += 1
        },
      })
      return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } })
    }),
  )
  return calls
}

/** A promise a test opens when it wants the fake server to go on. */
export function gate() {
  let open: () => void = () => {}
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}
