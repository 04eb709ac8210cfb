import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, type AppOptions } from '../app.ts'
import { loadEnv } from '../config/env.ts'
import { createUsersRepo } from '../modules/auth/index.ts'
import { apiClient, type ApiClient } from './api.ts'
import { createTestDatabase } from './db.ts'
import { createFactories } from './factories.ts'

export const TEST_SESSION_SECRET = 'test-secret-that-is-long-enough-0123456789'

export function testEnv(overrides: Record<string, string> = {}) {
  return loadEnv({
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'remi-data-')),
    LOG_LEVEL: 'silent',
    // Tests sign many people in through the local identity provider (test/sign-in.ts): each makes its own
    // account. Tests of closed sign-ups set LOCAL_SIGNUP=closed.
    LOCAL_SIGNUP: 'open',
    ...overrides,
  })
}

export interface TestUser {
  id: string
  email: string
  /** Send these on every request: the session cookie, the CSRF cookie and the X-CSRF-TOKEN header. */
  headers: { cookie: string; 'x-csrf-token': string }
  /** The session-bound JWT, for Authorization: Bearer. */
  jwt: string
  sessionCookie: string
  /** The typed client, signed in as this user (session cookie and CSRF token on every request). */
  api: ApiClient
}

/**
 * The real app on a fresh database of its own. Users are made directly (no OIDC round trip),
 * with a real session and CSRF token, so feature tests start signed in.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>
    /**
     * Starts the job queue and what runs on it, as main.ts does once listening. Off by default: most
     * tests have no background work, and the queue's schema and polling would only slow them.
     */
    background?: boolean
  } & Partial<Omit<AppOptions, 'env' | 'database'>> = {},
) {
  const { env: envOverrides, background, ...appOptions } = options
  const database = await createTestDatabase()
  const env = testEnv(envOverrides)
  const routes: Array<{ method: string; url: string }> = []
  const app = await buildApp({
    env,
    database,
    rateLimits: { global: 1_000_000, signIn: 1_000_000 },
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url })
    },
    ...appOptions,
  })
  await app.ready()
  if (background) await app.background.start()
  const { sessions } = app.services
  // Users are made as a first sign-in makes them (the users service only reads and updates them).
  const repo = createUsersRepo(database.db)
  let counter = 0

  /** A live session (cookie + CSRF token) for an existing user, as after a real sign-in. */
  async function signInAs(userId: string, email: string): Promise<TestUser> {
    const session = await sessions.create(userId, 'vitest')
    // The CSRF token is bound to the session: fetched with its cookie, as the web app does once signed in.
    const csrf = await app.inject({
      method: 'GET',
      url: '/api/auth/csrf-token',
      headers: { cookie: `remi_session=${session.cookieValue}` },
    })
    const csrfCookie = csrf.cookies.find((c) => c.name === 'remi_csrf')!
    const headers = {
      cookie: `remi_session=${session.cookieValue}; remi_csrf=${csrfCookie.value}`,
      'x-csrf-token': csrf.json<{ csrfToken: string }>().csrfToken,
    }
    return {
      id: userId,
      email,
      jwt: session.jwt,
      sessionCookie: session.cookieValue,
      headers,
      api: apiClient(app, headers),
    }
  }

  async function createUser(
    fields: { email?: string; name?: string; timezone?: string } = {},
  ): Promise<TestUser> {
    counter += 1
    const email = fields.email ?? `user${counter}-${Date.now()}@example.test`
    const user = await repo.createUserWithIdentity(
      { email, name: fields.name ?? `User ${counter}`, picture: null, timezone: fields.timezone ?? 'UTC' },
      { provider: 'local', subject: `test-${email}`, email },
    )
    return signInAs(user.id, email)
  }

  return {
    app,
    env,
    database,
    db: database.db,
    /** Every route the app registered (method and URL pattern). */
    routes,
    /** The services the app runs on (the same instances its routes use). */
    services: app.services,
    /** Rows with chosen times: memory, conversation, message, dataSource. */
    factory: createFactories(database.db, app.services),
    /** The typed client without a session. */
    anonymous: apiClient(app),
    createUser,
    signInAs,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>
