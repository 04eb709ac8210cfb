import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadEnv } from '../../config/env.ts'
import { TEST_SESSION_SECRET } from '../../test/build-test-app.ts'
import { Browser } from '../../test/http-client.ts'
import { localSignIn, localSignInForm, openLocalSignInPage, startListeningApp } from '../../test/sign-in.ts'
import { createUsersRepo } from './users.repo.ts'
import {
  createFailureLimiter,
  FAILURE_WINDOW_MS,
  FAILURES_PER_ACCOUNT,
  FAILURES_PER_ADDRESS,
  localAccountId,
  type FailureStore,
} from './local-accounts.ts'
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts'

const PUBLIC_URL = 'https://remi.example.test'
const OWNER = { name: 'Owner Person', email: 'owner@example.test', password: 'owner-password-lighthouse' }

/**
 * The README's reverse-proxy deployment: a TLS proxy on this machine in front of HOST=127.0.0.1, so every
 * request arrives from loopback with X-Forwarded-For naming the real client, somewhere on the internet.
 * The browser talks to APP_URL; its requests are sent to the app as the proxy would send them.
 */
class ProxiedBrowser extends Browser {
  readonly clientAddress: string
  constructor(baseUrl: string, clientAddress = '203.0.113.7') {
    super((url) => url.replace(PUBLIC_URL, baseUrl))
    this.clientAddress = clientAddress
  }
  override request(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    headers.set('x-forwarded-for', this.clientAddress)
    headers.set('x-forwarded-proto', 'https')
    headers.set('x-forwarded-host', new URL(PUBLIC_URL).host)
    return super.request(url, { ...init, headers })
  }
}

/** Posts the local sign-in form as `browser`; returns the answer and whether a Remi session came of it. */
async function submit(
  browser: Browser,
  base: string,
  person: { email: string; password?: string; name?: string },
  intent: 'signin' | 'signup' = 'signin',
) {
  const page = await openLocalSignInPage(browser, base)
  expect(page.status).toBe(200)
  const { res, url } = await browser.follow(`${page.url}/login`, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: localSignInForm(person, intent),
    },
    stopAt: (location) => new URL(location).pathname === '/login',
  })
  const text = res.status === 200 || res.status >= 400 ? await res.text() : ''
  return { status: res.status, text, landing: url, signedIn: browser.cookies.has('remi_session') }
}

async function whoAmI(browser: Browser, base: string) {
  const res = await browser.request(`${base}/api/auth/user`)
  return res.status === 200 ? ((await res.json()) as { id: string; name: string; email: string }) : null
}

describe('passwords', () => {
  it('hashes with scrypt, salted, and verifies only the same password', async () => {
    const a = await hashPassword('correct-lighthouse-42')
    const b = await hashPassword('correct-lighthouse-42')
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('correct-lighthouse-42', a)).toBe(true)
    expect(await verifyPassword('correct-lighthouse-43', a)).toBe(false)
    expect(await verifyPassword('correct-lighthouse-42', 'scrypt$1099511627776$8$1$aa$bb')).toBe(false)
  })

  it('refuses short, common and e-mail passwords, saying why', () => {
    expect(passwordProblem('short-pw', 'a@b.test')).toMatch(/at least 10 characters/)
    expect(passwordProblem('password123', 'a@b.test')).toMatch(/too common/)
    expect(passwordProblem('Password2024!', 'a@b.test')).toMatch(/too common/)
    expect(passwordProblem('qwertyuiop', 'a@b.test')).toMatch(/too common/)
    expect(passwordProblem('aaaaaaaaaaaa', 'a@b.test')).toMatch(/too simple/)
    expect(passwordProblem('margaret1234', 'margaret@b.test')).toMatch(/not your e-mail/)
    expect(passwordProblem('x'.repeat(201), 'a@b.test')).toMatch(/at most 200/)
    expect(passwordProblem('violet-harbour-lamp', 'a@b.test')).toBeNull()
  })
})

describe('LOCAL_SIGNIN=auto and on', () => {
  const env = (vars: Record<string, string>) =>
    loadEnv({
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'remi-env-')),
      ...vars,
    })

  it('auto turns local sign-in on only when both HOST and APP_URL are loopback', () => {
    expect(env({ HOST: '127.0.0.1', APP_URL: 'http://localhost:3000' }).localSignIn.enabled).toBe(true)
    expect(env({ HOST: '::1', APP_URL: 'http://127.0.0.1:3000' }).localSignIn.enabled).toBe(true)
    // The README's proxy deployment: loopback HOST, public APP_URL.
    const proxied = () => env({ HOST: '127.0.0.1', APP_URL: PUBLIC_URL, TRUST_PROXY: 'loopback' })
    expect(proxied).toThrow(ConfigError)
    expect(proxied).toThrow(
      /APP_URL https:\/\/remi\.example\.test is not a loopback address.*LOCAL_SIGNIN=on/,
    )
    expect(() => env({ HOST: '0.0.0.0', APP_URL: 'http://localhost:3000' })).toThrow(/HOST 0\.0\.0\.0/)
  })

  it('on turns it on anywhere, off nowhere; LOCAL_SIGNUP is closed unless open', () => {
    const on = env({ HOST: '127.0.0.1', APP_URL: PUBLIC_URL, LOCAL_SIGNIN: 'on' }).localSignIn
    expect(on).toMatchObject({ enabled: true, signup: 'closed', hostLoopback: true, appUrlLoopback: false })
    expect(env({ LOCAL_SIGNIN: 'on', LOCAL_SIGNUP: 'open' }).localSignIn.signup).toBe('open')
    expect(() => env({ LOCAL_SIGNUP: 'maybe' })).toThrow(/LOCAL_SIGNUP: must be closed or open/)
    expect(
      env({ LOCAL_SIGNIN: 'off', GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y' }).localSignIn.enabled,
    ).toBe(false)
  })
})

describe('the README proxy configuration (APP_URL https, TRUST_PROXY=loopback, HOST=127.0.0.1, LOCAL_SIGNIN=on)', () => {
  let t: Awaited<ReturnType<typeof startListeningApp>>
  const logs: Array<Record<string, unknown>> = []
  beforeAll(async () => {
    t = await startListeningApp({
      env: {
        APP_URL: PUBLIC_URL,
        TRUST_PROXY: 'loopback',
        HOST: '127.0.0.1',
        LOCAL_SIGNIN: 'on',
        LOCAL_SIGNUP: 'closed',
        LOG_LEVEL: 'info',
      },
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
      },
    })
  })
  afterAll(() => t.close())
  const base = PUBLIC_URL

  it('warns at start-up who can sign in', () => {
    const warning = logs.find((l) => typeof l.msg === 'string' && l.msg.startsWith('LOCAL_SIGNIN=on'))
    expect(warning?.msg).toMatch(/anyone who can reach https:\/\/remi\.example\.test can sign in/)
    expect(warning?.msg).toMatch(/invitation link/)
  })

  it('makes the first account at first start, then closes sign-ups', async () => {
    const first = await submit(new ProxiedBrowser(t.baseUrl), base, OWNER, 'signup')
    expect(first.signedIn).toBe(true)
    const stranger = await submit(
      new ProxiedBrowser(t.baseUrl),
      base,
      { email: 'stranger@example.test', password: 'stranger-password-99' },
      'signup',
    )
    expect(stranger.status).toBe(403)
    expect(stranger.text).toContain('Sign-ups are closed on this server')
    expect(stranger.signedIn).toBe(false)
    // And the page no longer offers to create an account.
    const page = await openLocalSignInPage(new ProxiedBrowser(t.baseUrl), base)
    expect(page.html).toContain('<h1>Local sign-in</h1>')
    expect(page.html).toMatch(/id="password"[^>]*autocomplete="current-password"/)
    expect(page.html).not.toContain('Create an account')
  })

  it('does not sign anyone in as the owner by typing their e-mail (any case), with or without a name', async () => {
    for (const attempt of [
      { email: 'OWNER@example.test', password: 'not-their-password', name: 'Mallory' },
      { email: 'owner@example.test', password: '' },
    ]) {
      for (const intent of ['signin', 'signup'] as const) {
        const browser = new ProxiedBrowser(t.baseUrl, '198.51.100.20')
        const res = await submit(browser, base, attempt, intent)
        expect(res.signedIn, `${intent} ${attempt.email}`).toBe(false)
        expect([400, 401, 403]).toContain(res.status)
        expect(await whoAmI(browser, base)).toBeNull()
      }
    }
    // The owner still signs in, any case of the e-mail, and the typed name never renamed them.
    const owner = new ProxiedBrowser(t.baseUrl)
    const res = await submit(owner, base, { ...OWNER, email: 'Owner@Example.TEST', name: 'Renamed' })
    expect(res.signedIn).toBe(true)
    expect(await whoAmI(owner, base)).toMatchObject({ name: 'Owner Person', email: 'owner@example.test' })
    // Failed attempts are logged with the address, never the password.
    const refused = logs.filter((l) => l.msg === 'local sign-in refused')
    expect(refused.find((l) => l.email === 'owner@example.test')).toMatchObject({ ip: '198.51.100.20' })
    expect(JSON.stringify(logs)).not.toContain('not-their-password')
    expect(logs.some((l) => l.msg === 'local sign-in' && l.email === 'owner@example.test')).toBe(true)
  })

  it('"Create account" answers a known e-mail as an unknown one while sign-ups are closed', async () => {
    const answer = async (email: string) => {
      const res = await submit(
        new ProxiedBrowser(t.baseUrl, '198.51.100.30'),
        base,
        {
          email,
          password: 'a-guess-at-the-password',
        },
        'signup',
      )
      // The page is the same but for its interaction's id: its words are compared.
      const alert = /<p class="error" role="alert">([^<]*)<\/p>/.exec(res.text)?.[1]
      return { status: res.status, alert, signedIn: res.signedIn }
    }
    const known = await answer('owner@example.test')
    const unknown = await answer('nobody-here@example.test')
    expect(known).toEqual(unknown)
    expect(known.status).toBe(403)
    expect(known.alert).toMatch(/^Sign-ups are closed on this server/)
  })

  it('limits wrong passwords per account (429, readable), even from many addresses', async () => {
    const victim = { email: 'victim@example.test', password: 'victim-password-orchard' }
    // Made with an invitation (sign-ups are closed here).
    const invited = await inviteAndSignUp(t.baseUrl, base, victim)
    expect(invited.signedIn).toBe(true)
    const statuses: number[] = []
    for (let i = 0; i < FAILURES_PER_ACCOUNT + 1; i++) {
      const res = await submit(new ProxiedBrowser(t.baseUrl, `192.0.2.${10 + i}`), base, {
        email: victim.email,
        password: `wrong-password-${i}`,
      })
      statuses.push(res.status)
      if (res.status === 429)
        expect(res.text).toMatch(/Too many failed sign-ins for this account\. Try again in \d+ minutes?\./)
    }
    expect(statuses).toEqual([...Array(FAILURES_PER_ACCOUNT).fill(401), 429])
    // Locked for the window: the right password waits too.
    const locked = await submit(new ProxiedBrowser(t.baseUrl, '192.0.2.99'), base, victim)
    expect(locked.status).toBe(429)
    expect(locked.signedIn).toBe(false)
  })

  it('limits failed attempts per client address across accounts', async () => {
    const statuses: number[] = []
    for (let i = 0; i < FAILURES_PER_ADDRESS + 1; i++) {
      const res = await submit(new ProxiedBrowser(t.baseUrl, '198.51.100.77'), base, {
        email: `nobody${i}@example.test`,
        password: 'some-password-guess',
      })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, FAILURES_PER_ADDRESS).every((s) => s === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    const last = await submit(new ProxiedBrowser(t.baseUrl, '198.51.100.77'), base, OWNER)
    expect(last.text).toContain('Too many failed sign-ins from your address')
    // Another address is not affected.
    expect((await submit(new ProxiedBrowser(t.baseUrl, '198.51.100.78'), base, OWNER)).signedIn).toBe(true)
  })

  it('an invitation link is single-use and signed', async () => {
    const owner = await ownerSession(t.baseUrl, base)
    const created = await owner.post('/api/auth/invitations')
    expect(created.status).toBe(201)
    const { url, expiresAt } = (await created.json()) as { url: string; expiresAt: string }
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/oidc/invitation/[\\w-]{43}\\.[\\w-]{22}$`))
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000)

    const guest = new ProxiedBrowser(t.baseUrl, '203.0.113.50')
    const opened = await guest.follow(url, { stopAt: (l) => l.includes('/oidc/interaction/') })
    const page = await guest.request(opened.url)
    expect(await page.text()).toContain('You were invited')
    const res = await guest.follow(`${opened.url}/login`, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: localSignInForm({ email: 'guest@example.test', password: 'guest-password-meadow' }, 'signup'),
      },
      stopAt: (location) => new URL(location).pathname === '/login',
    })
    expect(new URL(res.url).searchParams.get('token')).toBeTruthy()
    expect(guest.cookies.has('remi_session')).toBe(true)

    const again = await new ProxiedBrowser(t.baseUrl).request(url)
    expect(again.status).toBe(410)
    expect(await again.text()).toContain('expired or was already used')
    const forged = await new ProxiedBrowser(t.baseUrl).request(url.replace(/.{4}$/, 'AAAA'))
    expect(forged.status).toBe(410)
  })

  it('an account made before passwords is refused here, with how to set one', async () => {
    const email = 'legacy-remote@example.test'
    await createUsersRepo(t.db).createUserWithIdentity(
      { email, name: 'Legacy', picture: null, timezone: 'UTC' },
      { provider: 'local', subject: localAccountId(email), email },
    )
    const res = await submit(new ProxiedBrowser(t.baseUrl), base, { email, password: 'legacy-password-new' })
    expect(res.status).toBe(403)
    expect(res.text).toContain('has no password yet')
    expect(res.text).toContain('signing in once from the computer Remi runs on')
    expect(res.signedIn).toBe(false)
  })

  /** The owner's signed-in browser with its CSRF token, for API calls. */
  async function ownerSession(baseUrl: string, publicBase: string) {
    const browser = new ProxiedBrowser(baseUrl)
    expect((await submit(browser, publicBase, OWNER)).signedIn).toBe(true)
    const { csrfToken } = (await (await browser.request(`${publicBase}/api/auth/csrf-token`)).json()) as {
      csrfToken: string
    }
    return {
      browser,
      post: (path: string) =>
        browser.request(`${publicBase}${path}`, {
          method: 'POST',
          headers: { 'x-csrf-token': csrfToken, origin: PUBLIC_URL },
        }),
    }
  }

  async function inviteAndSignUp(
    baseUrl: string,
    publicBase: string,
    person: { email: string; password: string },
  ) {
    const owner = await ownerSession(baseUrl, publicBase)
    const { url } = (await (await owner.post('/api/auth/invitations')).json()) as { url: string }
    const guest = new ProxiedBrowser(baseUrl, '203.0.113.60')
    const opened = await guest.follow(url, { stopAt: (l) => l.includes('/oidc/interaction/') })
    await guest.request(opened.url)
    await guest.follow(`${opened.url}/login`, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: localSignInForm(person, 'signup'),
      },
      stopAt: (location) => new URL(location).pathname === '/login',
    })
    return { signedIn: guest.cookies.has('remi_session') }
  }
})

describe('sign-ups on a loopback server', () => {
  it('LOCAL_SIGNUP=open lets anyone create an account after the first', async () => {
    const t = await startListeningApp({ env: { LOCAL_SIGNUP: 'open' } })
    try {
      expect(
        (await localSignIn(new Browser(), t.baseUrl, { email: 'one@example.test' })).landing.searchParams.get(
          'token',
        ),
      ).toBeTruthy()
      const page = await openLocalSignInPage(new Browser(), t.baseUrl)
      expect(page.html).toContain('Create an account')
      const two = new Browser()
      await localSignIn(two, t.baseUrl, { email: 'two@example.test', name: 'Two' })
      expect(await whoAmI(two, t.baseUrl)).toMatchObject({ email: 'two@example.test', name: 'Two' })
    } finally {
      await t.close()
    }
  })

  it('with LOCAL_SIGNUP=open, sign-ups racing for an empty server all get their account', async () => {
    const t = await startListeningApp({ env: { LOCAL_SIGNUP: 'open' } })
    try {
      const people = ['a', 'b', 'c', 'd'].map((n) => ({
        browser: new Browser(),
        email: `race-${n}@example.test`,
      }))
      await Promise.all(people.map((p) => submit(p.browser, t.baseUrl, { email: p.email }, 'signup')))
      for (const p of people) expect(await whoAmI(p.browser, t.baseUrl)).toMatchObject({ email: p.email })
    } finally {
      await t.close()
    }
  })

  it('an account made before passwords sets its password at its next sign-in from this machine', async () => {
    const t = await startListeningApp({ env: { LOCAL_SIGNUP: 'closed' } })
    try {
      const email = 'legacy@example.test'
      const user = await createUsersRepo(t.db).createUserWithIdentity(
        { email, name: 'Legacy Person', picture: null, timezone: 'UTC' },
        { provider: 'local', subject: localAccountId(email), email },
      )
      // A common password is still refused.
      const weak = await submit(new Browser(), t.baseUrl, { email, password: 'password123' })
      expect(weak.status).toBe(400)
      expect(weak.text).toContain('too common')
      const browser = new Browser()
      const set = await submit(browser, t.baseUrl, {
        email: 'Legacy@example.test',
        password: 'legacy-password-kept',
      })
      expect(set.signedIn).toBe(true)
      expect(await whoAmI(browser, t.baseUrl)).toMatchObject({ id: user.id, name: 'Legacy Person' })
      // From now on the password is needed.
      const other = await submit(new Browser(), t.baseUrl, { email, password: 'another-password-typed' })
      expect(other.status).toBe(401)
      expect(other.signedIn).toBe(false)
      expect(
        (await submit(new Browser(), t.baseUrl, { email, password: 'legacy-password-kept' })).signedIn,
      ).toBe(true)
    } finally {
      await t.close()
    }
  })
})

describe('the failed sign-in counter', () => {
  /** Redis's INCR/PEXPIRE/PTTL/GET/DEL over a Map, with a clock the test moves. */
  function fakeRedis(clock: { now: number }): FailureStore & { down: boolean } {
    const keys = new Map<string, { value: number; expiresAt: number | null }>()
    const live = (key: string) => {
      const entry = keys.get(key)
      if (entry?.expiresAt !== null && entry !== undefined && entry.expiresAt <= clock.now) keys.delete(key)
      return keys.get(key)
    }
    const store = {
      down: false,
      async incr(key: string) {
        if (store.down) throw new Error('connection refused')
        const entry = live(key) ?? { value: 0, expiresAt: null }
        entry.value += 1
        keys.set(key, entry)
        return entry.value
      },
      async pexpire(key: string, ms: number) {
        const entry = live(key)
        if (entry) entry.expiresAt = clock.now + ms
        return 1
      },
      async pttl(key: string) {
        if (store.down) throw new Error('connection refused')
        const entry = live(key)
        return entry ? (entry.expiresAt === null ? -1 : entry.expiresAt - clock.now) : -2
      },
      async get(key: string) {
        if (store.down) throw new Error('connection refused')
        const entry = live(key)
        return entry ? String(entry.value) : null
      },
      async del(...names: string[]) {
        for (const name of names) keys.delete(name)
        return names.length
      },
    }
    return store
  }

  it('counts across instances that share the Redis, per account, until the window ends', async () => {
    const clock = { now: 1_000_000 }
    const redis = fakeRedis(clock)
    const one = createFailureLimiter(redis, () => clock.now)
    const two = createFailureLimiter(redis, () => clock.now)
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i++)
      await (i % 2 ? one : two).fail('Ada@Example.test', `192.0.2.${i}`)
    expect(await one.blocked('ada@example.test', '192.0.2.200')).toEqual({
      by: 'account',
      retryMs: FAILURE_WINDOW_MS,
    })
    expect(await two.blocked('someone@example.test', '192.0.2.200')).toBeNull()
    clock.now += FAILURE_WINDOW_MS
    expect(await two.blocked('ada@example.test', '192.0.2.200')).toBeNull()
  })

  it('falls back to its own count while Redis cannot be reached, never refusing everyone', async () => {
    const clock = { now: 5_000_000 }
    const redis = fakeRedis(clock)
    redis.down = true
    const limiter = createFailureLimiter(redis, () => clock.now)
    expect(await limiter.blocked('grace@example.test', '192.0.2.1')).toBeNull()
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) await limiter.fail('grace@example.test', '192.0.2.1')
    expect(await limiter.blocked('grace@example.test', '192.0.2.9')).toMatchObject({ by: 'account' })
    await limiter.succeed('grace@example.test')
    expect(await limiter.blocked('grace@example.test', '192.0.2.9')).toBeNull()
  })
})
