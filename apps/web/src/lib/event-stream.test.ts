import { describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../test/server'
import { ApiError, errorMessages } from './api-client'
import { postEventStream, StreamUnavailableError, type ServerSentEvent } from './event-stream'

const encoder = new TextEncoder()

/** An event-stream body written chunk by chunk; `gate` holds the rest back until it resolves. */
function streamOf(chunks: string[], options: { gate?: Promise<void>; failAfter?: boolean } = {}) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const [first, ...rest] = chunks
      if (first !== undefined) controller.enqueue(encoder.encode(first))
      if (options.gate) await options.gate
      for (const chunk of rest) controller.enqueue(encoder.encode(chunk))
      if (options.failAfter) {
        // Erroring drops whatever is still queued: let the reader take the chunks first.
        await new Promise((resolve) => setTimeout(resolve, 20))
        controller.error(new TypeError('terminated'))
      } else controller.close()
    },
  })
}

const eventStream = (body: ReadableStream<Uint8Array>) =>
  new HttpResponse(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })

async function collect(path = 'chat/stream', signal?: AbortSignal) {
  const events: ServerSentEvent[] = []
  await postEventStream(path, { content: 'hi' }, { signal, onEvent: (e) => events.push(e) })
  return events
}

describe('postEventStream', () => {
  it('posts JSON with the CSRF token and cookies, and parses events split anywhere across chunks', async () => {
    // Node's fetch does not carry `credentials` into the Request MSW sees; read it where it is given.
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const seen: { body: unknown; csrf: string | null; accept: string | null }[] = []
    server.use(
      http.post('/api/chat/stream', async ({ request }) => {
        seen.push({
          body: await request.json(),
          csrf: request.headers.get('x-csrf-token'),
          accept: request.headers.get('accept'),
        })
        return eventStream(
          streamOf([
            'event: user\ndata: {"a":',
            '1}\n\nevent: del',
            'ta\ndata: {"text":"Hé"}\n\n: a comment\n\ndata: plain\n\nevent: done\r\ndata: {"ok":true}\r\n\r\n',
          ]),
        )
      }),
    )
    const events = await collect()
    expect(seen).toEqual([{ body: { content: 'hi' }, csrf: 'test-csrf', accept: 'text/event-stream' }])
    const streamCall = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/api/chat/stream'))
    expect(streamCall?.[1]).toMatchObject({ method: 'POST', credentials: 'include' })
    fetchSpy.mockRestore()
    expect(events).toEqual([
      { event: 'user', data: '{"a":1}' },
      { event: 'delta', data: '{"text":"Hé"}' },
      { event: 'message', data: 'plain' },
      { event: 'done', data: '{"ok":true}' },
    ])
  })

  it('decodes a multi-byte character split between two chunks', async () => {
    const bytes = encoder.encode('event: delta\ndata: {"text":"🎉"}\n\n')
    server.use(
      http.post('/api/chat/stream', () =>
        eventStream(
          new ReadableStream({
            start(controller) {
              controller.enqueue(bytes.slice(0, 28))
              controller.enqueue(bytes.slice(28))
              controller.close()
            },
          }),
        ),
      ),
    )
    expect(await collect()).toEqual([{ event: 'delta', data: '{"text":"🎉"}' }])
  })

  it('retries once with a fresh CSRF token when the token was refused', async () => {
    let tokens = 0
    const sent: (string | null)[] = []
    server.use(
      http.get('/api/auth/csrf-token', () => HttpResponse.json({ csrfToken: `token-${++tokens}` })),
      http.post('/api/chat/stream', ({ request }) => {
        sent.push(request.headers.get('x-csrf-token'))
        if (sent.length === 1) {
          return HttpResponse.json(
            {
              statusCode: 400,
              error: 'Bad Request',
              message: 'Invalid CSRF token',
              code: 'INVALID_CSRF_TOKEN',
            },
            { status: 400 },
          )
        }
        return eventStream(streamOf(['event: done\ndata: {}\n\n']))
      }),
    )
    expect(await collect()).toEqual([{ event: 'done', data: '{}' }])
    expect(sent).toEqual(['token-1', 'token-2'])
  })

  it.each([
    [429, errorMessages[429]],
    [401, errorMessages[401]],
    [400, 'content must not be blank.'],
  ])('a %i is a refusal with the catalogue text, not a reason to fall back', async (status, message) => {
    server.use(
      http.post('/api/chat/stream', () =>
        HttpResponse.json(
          { statusCode: status, error: 'x', message: 'content must not be blank.' },
          { status },
        ),
      ),
    )
    const error = await collect().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, message })
  })

  it.each([404, 405, 500, 502])('a %i before the stream means streaming is unavailable', async (status) => {
    server.use(http.post('/api/chat/stream', () => HttpResponse.json({ message: 'nope' }, { status })))
    const error = await collect().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StreamUnavailableError)
    expect(error).toMatchObject({ status })
    // Said as the catalogue says it, for a caller with nothing to fall back to.
    expect((error as StreamUnavailableError).refusal.message).toBe(
      status === 404 ? errorMessages[404] : status === 500 ? errorMessages[500] : 'nope',
    )
  })

  it('a 200 that is not an event stream (a proxy, an old server) means streaming is unavailable', async () => {
    server.use(http.post('/api/chat/stream', () => HttpResponse.json({ conversationId: 'x' })))
    await expect(collect()).rejects.toBeInstanceOf(StreamUnavailableError)
  })

  it('a network failure before the answer is the catalogue network error', async () => {
    server.use(http.post('/api/chat/stream', () => HttpResponse.error()))
    await expect(collect()).rejects.toMatchObject({ status: 0, message: errorMessages.network })
  })

  it('a connection cut mid-stream is a network error, after the events that did arrive', async () => {
    // MSW ends an errored body quietly; a browser's reader rejects. Answer this one request directly.
    const realFetch = globalThis.fetch
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input).endsWith('/api/chat/stream')
        ? Promise.resolve(
            eventStream(
              streamOf(['event: delta\ndata: {"text":"a"}\n\n', 'event: delta\ndata: {"te'], {
                failAfter: true,
              }),
            ),
          )
        : realFetch(input, init),
    )
    const events: ServerSentEvent[] = []
    const error = await postEventStream('chat/stream', {}, { onEvent: (e) => events.push(e) }).catch(
      (e: unknown) => e,
    )
    fetchSpy.mockRestore()
    expect(error).toMatchObject({ status: 0, message: errorMessages.network })
    expect(events).toEqual([{ event: 'delta', data: '{"text":"a"}' }])
  })

  it('aborting mid-stream rejects with the abort reason and stops reading', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('/api/chat/stream', () =>
        eventStream(
          streamOf(['event: delta\ndata: {"text":"a"}\n\n', 'event: delta\ndata: {"text":"b"}\n\n'], {
            gate,
          }),
        ),
      ),
    )
    const controller = new AbortController()
    const events: ServerSentEvent[] = []
    const done = postEventStream(
      'chat/stream',
      {},
      {
        signal: controller.signal,
        onEvent: (e) => {
          events.push(e)
          controller.abort(new DOMException('Stopped', 'AbortError'))
        },
      },
    )
    await expect(done).rejects.toMatchObject({ name: 'AbortError' })
    release()
    expect(events).toEqual([{ event: 'delta', data: '{"text":"a"}' }])
  })
})
