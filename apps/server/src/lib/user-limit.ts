import { ErrorCode, TOO_MANY_REQUESTS_MESSAGE } from '@remi/shared'
import { AppError } from './errors.ts'

/**
 * At most `max` of one user's searches at once (issue 28: three long searches at once took every
 * connection and pushed another user's page to 4.6 s). Others wait in turn up to `waitMs`, then get the
 * spec's 429; other users never wait on them.
 */
export function createUserLimit({ max = 2, waitMs = 3000 }: { max?: number; waitMs?: number } = {}) {
  const running = new Map<string, number>()
  const waiting = new Map<string, (() => void)[]>()

  function release(userId: string) {
    const next = waiting.get(userId)?.shift()
    if (next) return next()
    const n = (running.get(userId) ?? 1) - 1
    if (n > 0) running.set(userId, n)
    else running.delete(userId)
    if (waiting.get(userId)?.length === 0) waiting.delete(userId)
  }

  async function acquire(userId: string): Promise<void> {
    const n = running.get(userId) ?? 0
    if (n < max) {
      running.set(userId, n + 1)
      return
    }
    await new Promise<void>((resolve, reject) => {
      const queue = waiting.get(userId) ?? []
      waiting.set(userId, queue)
      const turn = () => {
        clearTimeout(timer)
        resolve()
      }
      // A slot handed over keeps the running count as it is.
      const timer = setTimeout(() => {
        const i = queue.indexOf(turn)
        if (i >= 0) queue.splice(i, 1)
        if (queue.length === 0) waiting.delete(userId)
        reject(new AppError(429, ErrorCode.RateLimited, TOO_MANY_REQUESTS_MESSAGE, Math.ceil(waitMs / 1000)))
      }, waitMs)
      queue.push(turn)
    })
  }

  return {
    /** Runs `work` in one of the user's slots. */
    async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
      await acquire(userId)
      try {
        return await work()
      } finally {
        release(userId)
      }
    },
    /** How many of the user's searches run now (tests). */
    running: (userId: string) => running.get(userId) ?? 0,
  }
}
export type UserLimit = ReturnType<typeof createUserLimit>
