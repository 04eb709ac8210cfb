import { ErrorCode } from '@remi/shared'
import { AppError } from './errors.ts'

/**
 * Imports and exports of a whole account or of all memories: each holds a file's worth of data in memory
 * (a worker's parse, the rows on their way to the database), so a few at once is what the server can
 * afford. One per person at a time, `workers` at once in all, `queue` more waiting their turn; anyone
 * beyond that is told to come back (503 with Retry-After) instead of piling up memory.
 */
export interface HeavyJobs {
  /** Throws the answer a new job of this person's would get now (busy, or no room): before reading a body. */
  check(userId: string): void
  /** Runs `job` once a worker is free, holding this person's one place until it ends. */
  run<T>(userId: string, job: () => Promise<T>): Promise<T>
  /** Jobs running and waiting now (tests, logs). */
  readonly load: { running: number; waiting: number }
}

export const HEAVY_JOB_WORKERS = 2
export const HEAVY_JOB_QUEUE = 4
/** What a person turned away is told to wait, in seconds: about one big import. */
export const HEAVY_JOB_RETRY_AFTER_S = 30

export const HEAVY_JOB_BUSY_MESSAGE =
  'An import or export of yours is already running. Try again when it has finished.'
export const HEAVY_JOB_FULL_MESSAGE =
  'The server is busy with other imports and exports. Try again in a minute.'

export function createHeavyJobs({
  workers = HEAVY_JOB_WORKERS,
  queue = HEAVY_JOB_QUEUE,
}: { workers?: number; queue?: number } = {}): HeavyJobs {
  /** People with a job running or waiting. */
  const people = new Set<string>()
  let running = 0
  const waiting: Array<() => void> = []

  function check(userId: string) {
    if (people.has(userId)) throw new AppError(409, ErrorCode.Conflict, HEAVY_JOB_BUSY_MESSAGE)
    if (running >= workers && waiting.length >= queue)
      throw new AppError(503, ErrorCode.ServiceUnavailable, HEAVY_JOB_FULL_MESSAGE, HEAVY_JOB_RETRY_AFTER_S)
  }

  return {
    check,
    async run(userId, job) {
      check(userId)
      people.add(userId)
      try {
        if (running >= workers) await new Promise<void>((resolve) => waiting.push(resolve))
        else running += 1
        try {
          return await job()
        } finally {
          // The place goes straight to the next in line (running stays the same), else it is freed.
          const next = waiting.shift()
          if (next) next()
          else running -= 1
        }
      } finally {
        people.delete(userId)
      }
    },
    get load() {
      return { running, waiting: waiting.length }
    },
  }
}
