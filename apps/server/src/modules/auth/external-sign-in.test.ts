import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identities, sessions, users } from '../../db/schema.ts'
import { startFakeIssuer, type FakeIssuer } from '../../test/fakes/oidc-issuer.ts'
import { Browser } from '../../test/http-client.ts'
import { startListeningApp } from '../../test/sign-in.ts'

const ENTRA = 'https://login.microsoftonline.com'
let google: FakeIssuer
let entra: FakeIssuer
let t: Awaited<ReturnType<typeof startListeningApp>>
/** Maps Microsoft's real origin to the loopback fake, for the app (openid-client) and for the test browser. */
const toFake = (url: string) => (url.startsWith(ENTRA) ? entra.url + url.slice(ENTRA.length) : url)

beforeAll(async () => {
  google = await startFakeIssuer({
    clientId: 'google-client',
    clientSecret: 'google-secret',
    user: {
      sub: 'google-123',
      email: 'grace@gmail.test',
      email_verified: true,
      name: 'Grace Hopper',
      picture: 'https://img.test/g.png',
    },
    scope: 'openid email profile https://www.googleapis.com/auth/calendar.readonly',
  })
  entra = await startFakeIssuer({
    clientId: 'ms-client',
    clientSecret: 'ms-secret',
    flavour: 'entra',
    user: {
      sub: 'ms-456',
      preferred_username: 'alan@contoso.test',
      name: 'Alan Turing',
      tid: 'a1b2c3d4-0000-4000-8000-000000000001',
    },
    scope: 'openid email profile offline_access User.Read Calendars.Read',
  })
  t = await startListeningApp({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: google.issuerUrl,
      MICROSOFT_CLIENT_ID: 'ms-client',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      // MICROSOFT_ISSUER left unset: the real multi-tenant https://login.microsoftonline.com/common/v2.0
    },
    oidcFetch: (url, init) => fetch(toFake(url), init),
  })
})
afterAll(async () => {
  await t.close()
  await google.close()
  await entra.close()
})

const sessionCount = async () => (await t.db.select({ n: count() }).from(sessions))[0]!.n

async function signIn(provider: 'google' | 'microsoft', browser = new Browser(toFake)) {
  const { url } = await browser.follow(`${t.baseUrl}/api/auth/login/${provider}?timezone=America/New_York`, {
    stopAt: (location) => location.startsWith(`${t.baseUrl}/api/auth/callback/`),
  })
  return { browser, callbackUrl: url }
}

describe('sign-in options', () => {
  it('names the providers with credentials, and no built-in sign-in when both have them', async () => {
    const res = await fetch(`${t.baseUrl}/api/auth/sign-in-options`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ providers: ['google', 'microsoft'], local: null })
  })
})

describe('sign-in with Google settings against a fake issuer', () => {
  it('runs authorization code + PKCE + state + nonce and asks for calendar access and a refresh token', async () => {
    const { browser, callbackUrl } = await signIn('google')
    const authorize = google.state.authorizeRequests.at(-1)!
    expect(authorize.get('code_challenge_method')).toBe('S256')
    expect(authorize.get('state')).toBeTruthy()
    expect(authorize.get('nonce')).toBeTruthy()
    expect(authorize.get('scope')).toContain('https://www.googleapis.com/auth/calendar.readonly')
    expect(authorize.get('access_type')).toBe('offline')
    expect(authorize.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/callback/google`)

    const res = await browser.request(callbackUrl)
    const landing = new URL(res.headers.get('location')!)
    expect(landing.pathname).toBe('/login')
    expect(landing.searchParams.get('token')).toBeTruthy()
    const me = await (await browser.request(`${t.baseUrl}/api/auth/user`)).json()
    expect(me).toMatchObject({ email: 'grace@gmail.test', name: 'Grace Hopper', provider: 'google' })
  })

  it('stores the provider tokens encrypted, never in plain text', async () => {
    const [row] = await t.db.select().from(identities).where(eq(identities.provider, 'google'))
    expect(row!.accessToken).toMatch(/^v1\./)
    expect(row!.accessToken).not.toContain('fake-access')
    expect(row!.refreshToken).toMatch(/^v1\./)
    expect(row!.scopes).toContain('calendar.readonly')
  })

  it('refuses a callback whose state does not match, and creates no session', async () => {
    const before = await sessionCount()
    const { browser, callbackUrl } = await signIn('google')
    const tampered = new URL(callbackUrl)
    tampered.searchParams.set('state', 'forged-state')
    const res = await browser.request(tampered.href)
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toMatch(/could not be verified/)
    expect(await sessionCount()).toBe(before)
    expect(browser.cookies.has('remi_session')).toBe(false)
  })

  it('refuses a replayed code', async () => {
    const { browser, callbackUrl } = await signIn('google')
    const flowCookie = browser.cookies.get('remi_oauth')!
    const first = await browser.request(callbackUrl)
    expect(new URL(first.headers.get('location')!).searchParams.get('token')).toBeTruthy()
    const before = await sessionCount()
    // An attacker replays the same callback, even with the flow cookie.
    const replay = new Browser()
    replay.cookies.set('remi_oauth', flowCookie)
    const second = await replay.request(callbackUrl)
    expect(new URL(second.headers.get('location')!).searchParams.get('error')).toBeTruthy()
    expect(await sessionCount()).toBe(before)
  })

  it('refuses an ID token with the wrong nonce', async () => {
    const before = await sessionCount()
    google.state.nonceOverride = 'someone-elses-nonce'
    try {
      const { browser, callbackUrl } = await signIn('google')
      const res = await browser.request(callbackUrl)
      expect(new URL(res.headers.get('location')!).searchParams.get('error')).toMatch(/could not be verified/)
    } finally {
      google.state.nonceOverride = null
    }
    expect(await sessionCount()).toBe(before)
  })

  it('turns an error parameter from the provider into /login?error=', async () => {
    const before = await sessionCount()
    const { browser, callbackUrl } = await signIn('google')
    const url = new URL(callbackUrl)
    url.searchParams.delete('code')
    url.searchParams.set('error', 'access_denied')
    const res = await browser.request(url.href)
    const location = new URL(res.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${t.baseUrl}/login`)
    expect(location.searchParams.get('error')).toBe('Sign-in was cancelled.')
    expect(await sessionCount()).toBe(before)
  })
})

describe('sign-in with Microsoft settings (multi-tenant common endpoint) against a fake issuer', () => {
  it('accepts an ID token from the user tenant although discovery names {tenantid}', async () => {
    // The browser's languages by q-value: German is the best Remi has (issue 51).
    const { browser, callbackUrl } = await signIn(
      'microsoft',
      new Browser(toFake, { 'accept-language': 'it, de;q=0.9, fr-CA;q=0.8, en;q=0.5' }),
    )
    const authorize = entra.state.authorizeRequests.at(-1)!
    expect(authorize.get('scope')).toContain('Calendars.Read')
    expect(authorize.get('scope')).toContain('offline_access')
    const res = await browser.request(callbackUrl)
    expect(new URL(res.headers.get('location')!).searchParams.get('token')).toBeTruthy()
    const me = await (await browser.request(`${t.baseUrl}/api/auth/user`)).json()
    expect(me).toMatchObject({
      email: 'alan@contoso.test',
      name: 'Alan Turing',
      provider: 'microsoft',
      language: 'de',
    })
    const settings = await (await browser.request(`${t.baseUrl}/api/auth/user/settings`)).json()
    expect(settings).toEqual({ timezone: 'America/New_York', theme: 'system', language: 'de' })
  })
})

describe('sign-in routes with bad input', () => {
  it('answers an unknown provider name with 404', async () => {
    const res = await fetch(`${t.baseUrl}/api/auth/login/github`, { redirect: 'manual' })
    expect(res.status).toBe(404)
    expect(((await res.json()) as { message: string }).message).toBe("Sign-in provider 'github' not found.")
    const callback = await fetch(`${t.baseUrl}/api/auth/callback/github?code=x`, { redirect: 'manual' })
    expect(callback.status).toBe(404)
  })

  it('sends a sign-in to /login?error= when the provider cannot be reached', async () => {
    const down = await startListeningApp({
      env: { GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
    })
    try {
      const res = await fetch(`${down.baseUrl}/api/auth/login/google`, { redirect: 'manual' })
      expect(res.status).toBe(302)
      expect(new URL(res.headers.get('location')!).searchParams.get('error')).toMatch(/unavailable right now/)
    } finally {
      await down.close()
    }
  })
})

describe('an address the provider vouches for (email_verified)', () => {
  it('counts as verified for e-mails; without the claim it does not', async () => {
    for (const provider of ['google', 'microsoft'] as const) {
      const { browser, callbackUrl } = await signIn(provider)
      expect((await browser.request(callbackUrl)).status).toBe(302)
    }
    const verifiedOf = async (email: string) =>
      (await t.db.select({ v: users.verifiedEmail }).from(users).where(eq(users.email, email)))[0]?.v
    expect(await verifiedOf('grace@gmail.test')).toBe('grace@gmail.test')
    expect(await verifiedOf('alan@contoso.test')).toBeNull()
  })
})
