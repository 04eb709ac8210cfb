import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../src/test/http-client.ts'
import { sleep } from './stats.ts'

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
/** Every server this run started and has not seen exit, so a run cut short leaves none behind. */
const running = new Set<ChildProcess>()

export async function killAllServers() {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        }),
    ),
  )
}

export const SESSION_SECRET = 'hardening-session-secret-that-is-long-enough-0123456789'

export interface ServerOptions {
  dataDir: string
  databaseUrl?: string | undefined
  /** Appended to; one file per scenario and engine. */
  logFile: string
  /** The same port again after a restart (APP_URL and the sign-in redirects depend on it). */
  port?: number
  env?: Record<string, string>
}

export interface RunningServer {
  baseUrl: string
  port: number
  pid: number
  /** From spawning to the first 200 from /readyz. */
  readyMs: number
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>
  /** kill -9: no shutdown code runs. */
  kill(): Promise<void>
  exited(): boolean
}

/**
 * The production server (src/main.ts, as `npm start` runs it) in a child process on loopback, with
 * JSON logs to a file. RATE_LIMIT_PER_MINUTE=0: the load comes from one address, and the per-user
 * limits (chat's 20 a minute) still apply.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  const log = openSync(options.logFile, 'a')
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      SESSION_SECRET,
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  running.add(child)
  let exitCode: number | null = null
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      exitCode = code ?? (signal ? 128 : 1)
      resolve()
    }),
  )

  const deadline = performance.now() + 120_000
  let readyMs = NaN
  while (performance.now() < deadline) {
    if (exitCode !== null)
      throw new Error(`the server exited with ${exitCode} before it was ready:\n${tail(options.logFile)}`)
    try {
      const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) })
      await res.arrayBuffer()
      if (res.status === 200) {
        readyMs = performance.now() - started
        break
      }
    } catch {
      // not listening yet
    }
    await sleep(10)
  }
  if (!Number.isFinite(readyMs)) {
    child.kill('SIGKILL')
    await exit
    throw new Error(`the server was not ready within 120 s:\n${tail(options.logFile)}`)
  }
  return {
    baseUrl,
    port,
    pid: child.pid!,
    readyMs,
    exited: () => exitCode !== null,
    async stop() {
      if (exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exit
      clearTimeout(timer)
    },
    async kill() {
      if (exitCode !== null) return
      child.kill('SIGKILL')
      await exit
    },
  }
}

export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

/** Log lines at error level or above (pino's JSON: level >= 50) written since `fromByte`. */
export function errorLines(file: string, fromByte = 0): string[] {
  let text: string
  try {
    text = readFileSync(file).subarray(fromByte).toString('utf8')
  } catch {
    return []
  }
  return text.split('\n').filter((line) => {
    if (!line.trim()) return false
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50
    } catch {
      // Not JSON: something printed outside the logger (a crash report, a stack).
      return true
    }
  })
}

export function logSize(file: string): number {
  try {
    return readFileSync(file).length
  } catch {
    return 0
  }
}
