export interface Stats {
  p50: number
  p95: number
  runs: number
}

export function percentiles(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN
  return { p50: at(0.5), p95: at(0.95), runs: s.length }
}

/** Runs `fn` `warmup` times untimed, then `runs` times one after another; `i` counts from 0 over both. */
export async function measure(
  runs: number,
  warmup: number,
  fn: (i: number) => Promise<void>,
  /** Untimed, after each call: waits for what the call left running (the next must not share the server with it). */
  after?: () => Promise<void>,
): Promise<Stats> {
  for (let i = 0; i < warmup; i++) {
    await fn(i)
    await after?.()
  }
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn(warmup + i)
    samples.push(performance.now() - start)
    await after?.()
  }
  return percentiles(samples)
}

export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)} ms` : '—')

export const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec))
