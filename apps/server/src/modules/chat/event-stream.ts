import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { ChatStreamEvent, ChatStreamEventName } from '@remi/shared'

/** A comment line this often keeps proxies and browsers from closing a quiet stream (a model thinking). */
export const HEARTBEAT_MS = 15_000

export interface EventStream {
  /** Aborted when the client goes away before the stream ends (the Stop button, a closed tab). */
  signal: AbortSignal
  send<K extends ChatStreamEventName>(event: K, data: Extract<ChatStreamEvent, { event: K }>['data']): void
  end(): void
}

/**
 * Starts a text/event-stream answer. The body is a stream handed to reply.send(), so the app's hooks
 * still run as for any answer (helmet's headers, the sliding session cookie, the access log); each event
 * is written as soon as it is sent. Wire format: `event: <name>\ndata: <one line of JSON>\n\n`;
 * `: <text>` comment lines (the first one at once, then a heartbeat) carry nothing.
 */
export function openEventStream(reply: FastifyReply, options: { heartbeatMs?: number } = {}): EventStream {
  const body = new PassThrough()
  const controller = new AbortController()
  // 'close' without a finished response: the client hung up (fetch aborted, connection lost).
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  // Fastify destroys the body when the connection goes; a late write then must not throw.
  body.on('error', () => controller.abort())

  const write = (text: string) => {
    if (!body.destroyed && !body.writableEnded) body.write(text)
  }
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS)
  heartbeat.unref()

  void reply
    .status(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // nginx and similar proxies would otherwise hold the events back in their buffers.
    .header('x-accel-buffering', 'no')
    .send(body)
  // Sends the headers now, so the client knows the request was taken even before the first event.
  write(': stream open\n\n')

  return {
    signal: controller.signal,
    send(event, data) {
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    },
    end() {
      clearInterval(heartbeat)
      if (!body.destroyed && !body.writableEnded) body.end()
    },
  }
}
