import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { User } from './client.ts'
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

export interface Sampled {
  times: number[]
  statuses: Map<number, number>
  skipped: number
}

const CHILD = fileURLToPath(new URL('./sampler-process.ts', import.meta.url))

/**
 * sample() for each probe, run by a process of its own (sampler-process.ts), so the calling process's
 * own work does not count against the server. Resolves once the child is sampling.
 */
export async function sampleInChild(user: User, probes: { path: string; everyMs: number }[]) {
  const setup = {
    user: { email: user.email, baseUrl: user.baseUrl, cookie: user.cookie, csrfToken: user.csrfToken },
    probes,
  }
  const child = fork(CHILD, [JSON.stringify(setup)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const message = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      child.on('message', (m: { type: string }) => m.type === type && resolve(m as T))
      void exited.then((code) => reject(new Error(`the sampler exited with ${code} before '${type}'`)))
    })
  await message('started')
  return {
    async stop(): Promise<Sampled[]> {
      const done = message<{ results: (Omit<Sampled, 'statuses'> & { statuses: [number, number][] })[] }>(
        'results',
      )
      child.send({ type: 'stop' })
      const { results } = await done
      await exited
      return results.map((r) => ({ ...r, statuses: new Map(r.statuses) }))
    },
  }
}
