import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { freePort } from './http-client.ts'

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url))
/** Every server started here and not yet seen to exit, so a run cut short can leave none behind. */
const running = new Set<ChildProcess>()

export interface ProductionServerOptions {
  dataDir: string
  databaseUrl?: string | undefined
  sessionSecret: string
  /** Appended to: the server's stdout and stderr (its JSON logs). */
  logFile: string
  /** The same port again after a restart (APP_URL and the sign-in redirects depend on it). */
  port?: number
  /** On top of the defaults (and able to replace them): NODE_ENV=production, RATE_LIMIT_PER_MINUTE=0. Undefined leaves one out. */
  env?: Record<string, string | undefined>
}

export interface ProductionServer {
  baseUrl: string
  port: number
  pid: number
  /** From spawning the process to the first 200 from /readyz. */
  readyMs: number
  /** CPU time the process had used by then (user + system): what the start-up costs, whatever the load. */
  readyCpuMs: number
  /** Resident memory of the server process now, in MB. */
  rssMb(): number
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>
  /** kill -9: no shutdown code runs. */
  kill(): Promise<void>
  exited(): boolean
}

/**
 * The production server (src/main.ts, as `npm start` runs it) in a child process on loopback, ready
 * once /readyz answers 200. The global request limit is off (RATE_LIMIT_PER_MINUTE=0): the load comes
 * from one address, and the per-route limits (sign-in, chat's 20 a minute) still apply.
 */
export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
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
      SESSION_SECRET: options.sessionSecret,
      RATE_LIMIT_PER_MINUTE: '0',
      // The scenarios and benchmarks sign many people in through the local identity provider, each
      // making their own account (test/sign-in.ts localSignInForm); a scenario can close sign-ups again.
      LOCAL_SIGNUP: 'open',
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
    if (exitCode !== null) {
      throw new Error(`the server exited with ${exitCode} before it was ready:\n${tail(options.logFile)}`)
    }
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
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  if (!Number.isFinite(readyMs)) {
    child.kill('SIGKILL')
    await exit
    throw new Error(`the server was not ready within 120 s:\n${tail(options.logFile)}`)
  }
  const pid = child.pid!
  return {
    baseUrl,
    port,
    pid,
    readyMs,
    readyCpuMs: cpuMs(pid),
    rssMb: () => rssMb(pid),
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

/** kill -9 to every server started here that is still running. */
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

export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}
