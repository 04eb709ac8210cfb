import module from 'node:module'
import { Worker } from 'node:worker_threads'
import { addDays } from '@remi/shared'
import { SafeFetchError, type SafeFetch } from '../safe-fetch.ts'
import type { FromWorker, ToWorker } from './ics-feed.worker.ts'
import { IcsReadError, tooSlow } from './ics-read.ts'
import type { CalendarEvent, TimeRange } from './types.ts'

export { ICS_LIMITS, IcsReadError } from './ics-read.ts'

export interface IcsCalendar {
  /** X-WR-CALNAME when the feed has one. */
  name: string | null
  events: CalendarEvent[]
  /** Events left out (repeating past the limit, unreadable rules), in a sentence or two. */
  problems: string[]
}

export interface IcsFeed {
  /**
   * The feed's events in the range, recurring ones expanded: fetched (SSRF-guarded), then parsed and
   * expanded in the ICS worker thread within ICS_LIMITS and the time limit. With `owner` (the user), the
   * fetched and parsed feed is kept for that owner and URL for ICS_CACHE.ttlMs, so the briefing, the chat,
   * MCP and the Test Connection route read it once. Throws SafeFetchError (the download) or IcsReadError.
   */
  load(url: string, range: TimeRange, owner?: string): Promise<IcsCalendar>
  /** Ends the worker thread and forgets every feed. */
  close(): Promise<void>
}

/**
 * The feeds kept, in this instance's memory (each instance keeps its own): for 5 minutes after their
 * download, and at most 32 MB of ICS text in all (their parsed form, in the worker, is a few times that).
 */
export const ICS_CACHE = { ttlMs: 5 * 60_000, maxBytes: 32 * 1024 * 1024 }
/** One read (parse and expansion) in the worker; past it the read fails, and the worker is replaced if it does not stop. */
export const ICS_TIME_LIMIT_MS = 5_000
/** What a stuck step (one parse, one rule) may take past the time limit before the worker is ended. */
const KILL_GRACE_MS = 1_000
/** Results kept per feed, by window: the briefing, MCP and the Test Connection route all ask for today. */
const WINDOWS_KEPT = 4
const WINDOW_EVENTS_KEPT = 1_000

export interface IcsFeedOptions {
  cacheTtlMs?: number
  cacheMaxBytes?: number
  timeLimitMs?: number
  /** Test hook: the clock the cache reads. */
  now?: () => number
}

interface Entry {
  /** Owner and URL; null for a read nobody keeps. */
  key: string | null
  /** The feed's name in the worker thread. */
  handle: number
  expires: number
  /** The download, shared by every read while it runs. */
  text: Promise<string>
  bytes: number
  /** Why the file cannot be read at all (window-independent: it failed while parsing). */
  unreadable?: string
  windows: Map<string, Promise<IcsCalendar>>
}

export function createIcsFeed(safeFetch: SafeFetch, options: IcsFeedOptions = {}): IcsFeed {
  const ttlMs = options.cacheTtlMs ?? ICS_CACHE.ttlMs
  const maxBytes = options.cacheMaxBytes ?? ICS_CACHE.maxBytes
  const now = options.now ?? Date.now
  const thread = createIcsThread(options.timeLimitMs ?? ICS_TIME_LIMIT_MS, ttlMs + 1000)
  const cache = new Map<string, Entry>()
  let handles = 0

  function forget(key: string, entry: Entry) {
    if (cache.get(key) === entry) cache.delete(key)
    thread.forget(entry.handle)
  }

  /** Expired feeds go; then the oldest until the text kept fits in maxBytes. */
  function prune() {
    const time = now()
    let bytes = 0
    for (const [key, entry] of cache) {
      if (entry.expires <= time) forget(key, entry)
      else bytes += entry.bytes
    }
    for (const [key, entry] of cache) {
      if (bytes <= maxBytes) break
      bytes -= entry.bytes
      forget(key, entry)
    }
  }

  function download(url: string): Promise<string> {
    return safeFetch
      .fetchText(httpUrl(url), 'text/calendar, text/plain;q=0.9, */*;q=0.1')
      .then(({ text }) => {
        if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 4096))) {
          throw new SafeFetchError('http_status', 'The link did not return a calendar (ICS) file.')
        }
        return text
      })
  }

  function entryFor(url: string, owner: string | undefined): Entry {
    const key = owner === undefined ? null : `${owner}\n${httpUrl(url)}`
    const found = key === null ? undefined : cache.get(key)
    if (found && found.expires > now()) return found
    if (key !== null && found) forget(key, found)
    const entry: Entry = {
      key,
      handle: ++handles,
      expires: now() + ttlMs,
      text: download(url),
      bytes: 0,
      windows: new Map(),
    }
    if (key === null) return entry
    cache.set(key, entry)
    setTimeout(prune, ttlMs + 1000).unref()
    entry.text.then(
      (text) => {
        entry.bytes = text.length
        prune()
      },
      // A failed download is not kept: the next read tries again.
      () => forget(key, entry),
    )
    return entry
  }

  async function read(entry: Entry, range: TimeRange): Promise<IcsCalendar> {
    const text = await entry.text
    if (entry.unreadable) throw new IcsReadError(entry.unreadable)
    const parsing = !thread.has(entry.handle)
    const answer = await thread
      .read(entry.handle, text, range)
      .catch((error: unknown) => {
        // The worker was ended while it read: when that read parsed the file, every window would end so.
        if (parsing && error instanceof IcsReadError && !error.passing) entry.unreadable = error.message
        throw error
      })
      .finally(() => {
        // Not kept (or no longer: expired, pushed out meanwhile): the worker forgets it too.
        if (entry.key === null || cache.get(entry.key) !== entry) thread.forget(entry.handle)
      })
    if (!answer.ok) {
      if (answer.parsing && !answer.passing) entry.unreadable = answer.message
      throw new IcsReadError(answer.message, { passing: answer.passing })
    }
    // The worker leaves a one-day all-day event's end as its start; the day after it is the end.
    const events = answer.events.map((e) =>
      e.allDay && e.end <= e.start ? { ...e, end: addDays(e.start, 1) } : e,
    )
    return { name: answer.name, events, problems: answer.problems }
  }

  return {
    async load(url, range, owner) {
      prune()
      const entry = entryFor(url, owner)
      if (entry.key === null) return read(entry, range)
      const window = `${range.from.getTime()}/${range.to.getTime()}`
      const known = entry.windows.get(window)
      if (known) return known
      const result = read(entry, range)
      entry.windows.set(window, result)
      const drop = () => entry.windows.get(window) === result && entry.windows.delete(window)
      result.then(
        (calendar) => calendar.events.length > WINDOW_EVENTS_KEPT && drop(),
        (error: unknown) => (!(error instanceof IcsReadError) || error.passing) && drop(),
      )
      while (entry.windows.size > WINDOWS_KEPT) entry.windows.delete(entry.windows.keys().next().value!)
      return result
    },
    async close() {
      cache.clear()
      await thread.close()
    },
  }
}

/** Calendar apps publish their links as webcal://, which is https underneath. */
export function httpUrl(url: string): string {
  return url.replace(/^webcals?:\/\//i, 'https://')
}

type Answer = Exclude<FromWorker, { type: 'ready' }>

interface Job {
  id: number
  handle: number
  text: string
  range: TimeRange
  resolve(answer: Answer): void
  reject(error: Error): void
}

const workerFile = new URL('./ics-feed.worker.ts', import.meta.url)

/**
 * One worker thread for every ICS read, one job at a time (a feed reads in milliseconds; a hostile one
 * is stopped at the time limit). It keeps the feeds it parsed; a worker ended for running over time (or
 * out of memory) takes them with it, and the next reads send their text again. Started on the first
 * read, not at start-up: most installations never read a feed.
 */
function createIcsThread(timeLimitMs: number, idleMs: number) {
  let worker: Worker | null = null
  /** Handles the current worker has parsed. */
  let parsed = new Set<number>()
  const queue: Job[] = []
  let running: { job: Job; timer: NodeJS.Timeout } | null = null
  let jobs = 0
  let idle: NodeJS.Timeout | null = null
  /** Whether the current worker has loaded its code (jobs wait until it has). */
  let ready = false

  function start(): Worker {
    // The compile cache main.ts turned on reaches a worker only through its environment (pglite-thread.ts).
    const compileCache = module.getCompileCacheDir?.()
    const stopped = new IcsReadError('The ICS calendar could not be read right now; try again.', {
      passing: true,
    })
    const started = new Worker(workerFile, {
      // A file built to eat memory ends this thread, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      ...(compileCache && { env: { ...process.env, NODE_COMPILE_CACHE: compileCache } }),
    })
    started.unref()
    // Loading node-ical takes a moment, longer on a busy machine; a worker that never loads is ended.
    const loading = setTimeout(() => fail(started, stopped), 60_000)
    started.on('message', (answer: FromWorker) => {
      if ('type' in answer) {
        clearTimeout(loading)
        ready = true
        return next()
      }
      if (!running || running.job.id !== answer.job) return
      const { job, timer } = running
      clearTimeout(timer)
      running = null
      if (answer.ok || !answer.parsing) parsed.add(job.handle)
      job.resolve(answer)
      next()
    })
    started.on('error', (error) => {
      const memory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
      fail(
        started,
        memory
          ? new IcsReadError('Reading the ICS calendar needed more memory than Remi allows.')
          : new IcsReadError('The ICS calendar could not be read right now; try again.', { passing: true }),
      )
    })
    started.on('exit', () => {
      clearTimeout(loading)
      fail(started, stopped)
    })
    return started
  }

  /** The worker is gone (ended, crashed): the job it ran fails, the others go to a new one. */
  function fail(gone: Worker, error: Error) {
    if (worker !== gone) return
    worker = null
    ready = false
    parsed = new Set()
    if (running) {
      clearTimeout(running.timer)
      running.job.reject(error)
      running = null
    }
    void gone.terminate()
    next()
  }

  function next() {
    if (running) return
    if (queue.length === 0) {
      // An idle worker holds its parsed feeds: ended once they would all have expired.
      if (worker && !idle) {
        idle = setTimeout(() => {
          idle = null
          if (worker && !running) fail(worker, new IcsReadError('idle', { passing: true }))
        }, idleMs)
        idle.unref()
      }
      return
    }
    if (idle) clearTimeout(idle)
    idle = null
    worker ??= start()
    if (!ready) return
    const job = queue.shift()!
    const current = worker
    const timer = setTimeout(() => fail(current, tooSlow(timeLimitMs)), timeLimitMs + KILL_GRACE_MS)
    running = { job, timer }
    const message: ToWorker = {
      type: 'read',
      job: job.id,
      handle: job.handle,
      ...(parsed.has(job.handle) ? {} : { text: job.text }),
      from: job.range.from.getTime(),
      to: job.range.to.getTime(),
      timeLimitMs,
    }
    current.postMessage(message)
  }

  return {
    /** Whether the current worker holds the feed parsed. */
    has: (handle: number) => parsed.has(handle),
    read(handle: number, text: string, range: TimeRange): Promise<Answer> {
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ id: ++jobs, handle, text, range, resolve, reject })
        next()
      })
    },
    forget(handle: number) {
      if (!parsed.delete(handle)) return
      worker?.postMessage({ type: 'forget', handle } satisfies ToWorker)
    },
    async close() {
      const closing = worker
      worker = null
      ready = false
      if (idle) clearTimeout(idle)
      const shutdown = new IcsReadError('The server is shutting down.', { passing: true })
      for (const job of queue.splice(0)) job.reject(shutdown)
      if (running) {
        clearTimeout(running.timer)
        running.job.reject(shutdown)
        running = null
      }
      await closing?.terminate()
    },
  }
}
