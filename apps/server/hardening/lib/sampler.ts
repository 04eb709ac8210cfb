import { sleep } from './stats.ts'

/**
 * Open-loop sampling: one request every `everyMs` whether or not the last has answered (at most
 * `maxInFlight` at once), so a stall shows in every sample it delays instead of in one.
 */
export function sample(
  request: () => Promise<{ status: number; ms: number }>,
  everyMs: number,
  maxInFlight = 50,
) {
  const times: number[] = []
  const statuses = new Map<number, number>()
  const inFlight = new Set<Promise<void>>()
  let skipped = 0
  let stopped = false
  const loop = (async () => {
    let next = performance.now()
    while (!stopped) {
      if (inFlight.size >= maxInFlight) skipped += 1
      else {
        const due = next
        const p = request().then((answer) => {
          // From when it was due, not when it was sent: a late start is part of the wait.
          times.push(performance.now() - due)
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        })
        inFlight.add(p)
        void p.finally(() => inFlight.delete(p))
      }
      next += everyMs
      await sleep(Math.max(0, next - performance.now()))
    }
  })()
  return {
    async stop() {
      stopped = true
      await loop
      await Promise.all(inFlight)
      return { times, statuses, skipped }
    },
  }
}
