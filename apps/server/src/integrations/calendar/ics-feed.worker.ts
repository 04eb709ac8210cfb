/**
 * The ICS reader's thread (ics-feed.ts starts it and sends it one job at a time): parsing a feed and
 * expanding its recurring events is CPU work a hostile feed can stretch, and on the server's own thread
 * 300 minutely events held every request, /healthz included, for 10 s. Keeps each feed it parsed, under
 * the handle the server gave it, until told to forget it.
 */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import type { CalendarEvent } from './types.ts'
import { expandFeed, IcsReadError, parseFeed, tooSlow, type ParsedFeed } from './ics-read.ts'

export type ToWorker =
  | {
      type: 'read'
      job: number
      handle: number
      /** The file, when this thread has not parsed it yet. */
      text?: string
      from: number
      to: number
      timeLimitMs: number
    }
  | { type: 'forget'; handle: number }

export type FromWorker =
  /** Loaded: the time limit of the jobs counts from here. */
  | { type: 'ready' }
  | { job: number; ok: true; name: string | null; events: CalendarEvent[]; problems: string[] }
  /** `parsing`: it failed while reading the file, so any window of it will; `passing`: IcsReadError's. */
  | { job: number; ok: false; message: string; parsing: boolean; passing: boolean }

const port = parentPort!
// node-ical writes a warning for each odd value it meets, and a hostile file holds 100 000 of them: the
// server's log is not the feed's to fill (this thread's console only).
for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) console[level] = () => {}
// Below the thread that answers requests: on a busy machine a long read yields the CPU to them. Linux gives
// each thread its own nice value (this thread's id is /proc/thread-self's last part); elsewhere, as it was.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10)
} catch {
  // Not Linux, or not allowed: the same priority as the server.
}
// node-ical and its Temporal polyfill load here only, never on the server's thread.
const { default: ical } = await import('node-ical')
const feeds = new Map<number, ParsedFeed>()
port.postMessage({ type: 'ready' } satisfies FromWorker)

port.on('message', (message: ToWorker) => {
  if (message.type === 'forget') return void feeds.delete(message.handle)
  const { job, handle, text, timeLimitMs } = message
  const time = { deadline: performance.now() + timeLimitMs, limitMs: timeLimitMs }
  let parsing = false
  try {
    let feed = feeds.get(handle)
    if (!feed) {
      if (text === undefined) {
        const message = 'The ICS calendar could not be read right now; try again.'
        throw new IcsReadError(message, { passing: true })
      }
      parsing = true
      feed = parseFeed(ical, text)
      if (performance.now() > time.deadline) throw tooSlow(timeLimitMs)
      feeds.set(handle, feed)
      parsing = false
    }
    const range = { from: message.from, to: message.to }
    const read = expandFeed(ical, feed, range, feed.name ?? 'ICS calendar', time)
    port.postMessage({ job, ok: true, name: feed.name, ...read } satisfies FromWorker)
  } catch (error) {
    const known = error instanceof IcsReadError ? error : null
    const message = known?.message ?? 'The ICS calendar could not be read.'
    const answer: FromWorker = { job, ok: false, message, parsing, passing: known?.passing ?? false }
    port.postMessage(answer)
  }
})
