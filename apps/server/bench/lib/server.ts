import { spawn, type ChildProcess } from 'node:child_process'
import { openSync, readFileSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Browser, freePort } from '../../src/test/http-client.ts'
import { sleep } from './stats.ts'

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url))
export const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789'

export interface RunningServer {
  baseUrl: string
  pid: number
  /** From spawning the process to the first 200 from /readyz. */
  readyMs: number
  /** CPU time the process had used by then (user + system): what the start-up costs, whatever the load. */
  readyCpuMs: number
  /** Resident memory of the server process now, in MB. */
  rssMb(): number
  stop(): Promise<void>
}

/**
 * The production server (src/main.ts, as `npm start` runs it) in a child process, with the global
 * request limit off (RATE_LIMIT_PER_MINUTE=0) so measuring is not throttled. Logs go to a file in
 * DATA_DIR at the default level, as in production.
 */
export async function startServer(options: {
  dataDir: string
  databaseUrl?: string | undefined
  env?: Record<string, string>
  logFile: string
}): Promise<RunningServer> {
  const port = await freePort()
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
      ...options.env,
    },
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  let exited: number | null = null
  child.on('exit', (code) => (exited = code ?? 1))

  const deadline = performance.now() + 120_000
  let readyMs = NaN
  while (performance.now() < deadline) {
    if (exited !== null) {
      throw new Error(`the server exited with ${exited} before it was ready:\n${tail(options.logFile)}`)
    }
    try {
      const res = await fetch(`${baseUrl}/readyz`)
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
    throw new Error(`the server was not ready within 120 s:\n${tail(options.logFile)}`)
  }
  const pid = child.pid!
  return {
    baseUrl,
    pid,
    readyMs,
    readyCpuMs: cpuMs(pid),
    rssMb: () => rssMb(pid),
    async stop() {
      if (exited !== null) return
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await done
      clearTimeout(timer)
    },
  }
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN)
  return kb / 1024
}

/** utime + stime from /proc/<pid>/stat, in ms (the kernel counts in ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')
  } catch {
    return ''
  }
}

export interface SignedIn {
  email: string
  cookie: string
  /** remi_session's value, for a browser context. */
  session: string
  csrfToken: string
}

/** Signs in through the local IdP over HTTP, as a browser would, and fetches a CSRF token for writes. */
export async function signIn(baseUrl: string, email: string): Promise<SignedIn> {
  const browser = new Browser()
  const start = await browser.follow(`${baseUrl}/api/auth/login/google`)
  if (start.res.status !== 200) throw new Error(`sign-in page answered ${start.res.status}`)
  await start.res.arrayBuffer()
  const done = await browser.follow(`${start.url}/login`, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: '', email }).toString(),
    },
    stopAt: (location) => !location.startsWith(`${baseUrl}/oidc`) && !location.includes('/api/auth/'),
  })
  await done.res.arrayBuffer()
  const session = browser.cookies.get('remi_session')
  if (!session) throw new Error(`signing in as ${email} gave no session (ended at ${done.url})`)
  const res = await browser.request(`${baseUrl}/api/auth/csrf-token`)
  const { csrfToken } = (await res.json()) as { csrfToken: string }
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  return { email, cookie, session, csrfToken }
}

export const logFileIn = (dir: string, name: string) => join(dir, `${name}.log`)
