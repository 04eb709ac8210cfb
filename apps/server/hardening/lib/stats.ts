export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a')

/** An environment variable as a positive number, else the default. */
export function numberFrom(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}
