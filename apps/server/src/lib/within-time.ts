/**
 * Runs `work` under a time limit: its signal aborts when `signal` does or after `timeoutMs`, and the
 * limit is a race too, so a provider that ignores the abort cannot hold past it. Past the limit it rejects
 * with `Error(late)`. The model's small side calls (a conversation's title, a chat's facts) run this way.
 */
export async function withinTime<T>(
  work: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs: number; signal: AbortSignal; late: string },
): Promise<T> {
  const controller = new AbortController()
  const stop = () => controller.abort(options.signal.reason)
  options.signal.addEventListener('abort', stop, { once: true })
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(options.late)
      controller.abort(error)
      reject(error)
    }, options.timeoutMs)
  })
  try {
    return await Promise.race([work(controller.signal), timedOut])
  } finally {
    clearTimeout(timer)
    options.signal.removeEventListener('abort', stop)
    controller.abort()
  }
}
