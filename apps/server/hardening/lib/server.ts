import { readFileSync } from 'node:fs'
import { startProductionServer, type ProductionServer } from '../../src/test/production-server.ts'

export { killAllServers } from '../../src/test/production-server.ts'

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

export type RunningServer = ProductionServer

/** The production server with JSON logs at warn and above: the scenarios read them for errors. */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  return startProductionServer({
    ...options,
    sessionSecret: SESSION_SECRET,
    env: { LOG_LEVEL: 'warn', ...options.env },
  })
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
