import Fastify from 'fastify'
import { afterEach, expect, it, vi } from 'vitest'
import { HEARTBEAT_MS, openEventStream } from './event-stream.ts'

afterEach(() => {
  vi.useRealTimers()
})

it('sends a comment at once, a heartbeat comment every 15 s while quiet, and each event as one block', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  let opened!: () => void
  const open = new Promise<void>((resolve) => (opened = resolve))
  const app = Fastify()
  app.post('/events', async (_request, reply) => {
    const events = openEventStream(reply)
    opened()
    await gate
    events.send('delta', { text: 'line one\nline two' })
    events.end()
    events.send('delta', { text: 'after the end: dropped' })
    return reply
  })
  const answer = app.inject({ method: 'POST', url: '/events' })
  await open
  vi.advanceTimersByTime(HEARTBEAT_MS * 2 + 1)
  release()
  const res = await answer
  expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8')
  expect(res.body).toBe(
    ': stream open\n\n: heartbeat\n\n: heartbeat\n\n' +
      'event: delta\ndata: {"text":"line one\\nline two"}\n\n',
  )
  // The heartbeat stopped with the stream.
  expect(vi.getTimerCount()).toBe(0)
  await app.close()
})
