import { join } from 'node:path'
import { Browser } from '../../src/test/http-client.ts'
import { localSignInForm } from '../../src/test/sign-in.ts'
import { startProductionServer, type ProductionServer } from '../../src/test/production-server.ts'

export const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789'

export type RunningServer = ProductionServer

/** The production server with logs at the default level, as in production. */
export function startServer(options: {
  dataDir: string
  databaseUrl?: string | undefined
  env?: Record<string, string>
  logFile: string
}): Promise<RunningServer> {
  return startProductionServer({ ...options, sessionSecret: SESSION_SECRET })
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
      // A sign-up: makes the account (with the test password) the first time, signs in with it after.
      body: localSignInForm({ email }),
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
