import { Agent, fetch as fetchVia } from 'undici'
import { Browser } from '../../src/test/http-client.ts'
import { localSignInForm } from '../../src/test/sign-in.ts'

export interface Answer {
  status: number
  /** Parsed JSON, or the text when it is not JSON; null for no body. */
  body: unknown
  ms: number
}

/** A person signed in through the built-in identity provider over HTTP, as a browser would. */
export class User {
  readonly email: string
  readonly baseUrl: string
  readonly cookie: string
  readonly csrfToken: string
  /** Connections from a loopback address of its own (see from()); null: the default one. */
  private readonly agent: Agent | null

  constructor(email: string, baseUrl: string, cookie: string, csrfToken: string, agent: Agent | null = null) {
    this.email = email
    this.baseUrl = baseUrl
    this.cookie = cookie
    this.csrfToken = csrfToken
    this.agent = agent
  }

  /** The same session against another address (a restarted server on the same port keeps it anyway). */
  at(baseUrl: string): User {
    return new User(this.email, baseUrl, this.cookie, this.csrfToken, this.agent)
  }

  /**
   * The same session connecting from another loopback address (127.0.0.2, …), as a person on their own
   * machine would: the server's per-address limits then count this person apart from the others.
   */
  from(localAddress: string): User {
    const agent = new Agent({ localAddress })
    return new User(this.email, this.baseUrl, this.cookie, this.csrfToken, agent)
  }

  /** One request, bounded in time; a network failure or time-out answers status 0. */
  async request(method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
    const started = performance.now()
    const headers: Record<string, string> = { cookie: this.cookie, origin: this.baseUrl }
    if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = this.csrfToken
    if (body !== undefined) headers['content-type'] = 'application/json'
    try {
      const init = {
        method,
        headers,
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual' as const,
      }
      // Node's own fetch cannot take the undici package's Agent; that package's fetch can.
      const url = `${this.baseUrl}${path}`
      const res = this.agent
        ? await fetchVia(url, { ...init, dispatcher: this.agent })
        : await fetch(url, init)
      return { status: res.status, body: await readBody(res), ms: performance.now() - started }
    } catch (error) {
      return {
        status: 0,
        body: error instanceof Error ? error.message : String(error),
        ms: performance.now() - started,
      }
    }
  }
}

export async function signIn(baseUrl: string, email: string): Promise<User> {
  const browser = new Browser()
  const start = await browser.follow(`${baseUrl}/api/auth/login/google`)
  if (start.res.status !== 200) throw new Error(`the sign-in page answered ${start.res.status}`)
  await start.res.arrayBuffer()
  const done = await browser.follow(`${start.url}/login`, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // A sign-up: makes the account (with the test password) the first time, signs in with it after.
      body: localSignInForm({ name: email.split('@')[0]!, email }),
    },
    stopAt: (location) => !location.startsWith(`${baseUrl}/oidc`) && !location.includes('/api/auth/'),
  })
  await done.res.arrayBuffer()
  if (!browser.cookies.get('remi_session'))
    throw new Error(`signing in as ${email} gave no session (ended at ${done.url})`)
  const res = await browser.request(`${baseUrl}/api/auth/csrf-token`)
  const { csrfToken } = (await res.json()) as { csrfToken: string }
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  return new User(email, baseUrl, cookie, csrfToken)
}

/** Signs in `count` people a few at a time. */
export async function signInMany(baseUrl: string, emails: string[], parallel = 4): Promise<User[]> {
  const users: User[] = new Array(emails.length)
  for (let i = 0; i < emails.length; i += parallel) {
    const batch = emails.slice(i, i + parallel)
    const signed = await Promise.all(batch.map((email) => signIn(baseUrl, email)))
    signed.forEach((user, j) => (users[i + j] = user))
  }
  return users
}

/**
 * An answer's body: parsed JSON, the text when it is not JSON (an event stream, a page), null for none.
 * Takes anything with text(): Node's Response and the undici package's differ in their typings.
 */
export async function readBody(res: { text(): Promise<string> }): Promise<unknown> {
  const text = await res.text()
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text
  }
}
