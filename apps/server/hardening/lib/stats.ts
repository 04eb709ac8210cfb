import { readFileSync } from 'node:fs'

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

const LOOP_MONITOR = new URL('./loop-monitor.ts', import.meta.url).pathname

/**
 * The environment that loads lib/loop-monitor.ts into a server, writing to `file`. HARDENING_CPU_PROF=<dir>
 * also writes the server's CPU profile there when it stops (to see what held the loop).
 */
export const loopMonitorEnv = (file: string) => {
  const profiles = process.env.HARDENING_CPU_PROF
  return {
    NODE_OPTIONS: `--import ${LOOP_MONITOR}` + (profiles ? ` --cpu-prof --cpu-prof-dir=${profiles}` : ''),
    LOOP_MONITOR_FILE: file,
  }
}

/** The longest stretches (CPU ms) the server's main thread held its loop between `from` and `to` (epoch ms). */
export function loopHeld(file: string, from: number, to: number): number[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  return text
    .split('\n')
    .map((line) => line.split(' ').map(Number))
    .filter(([at, cpu]) => at! >= from && at! <= to && Number.isFinite(cpu))
    .map(([, cpu]) => cpu!)
    .sort((a, b) => b - a)
}
