import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../../test/http-client.ts'
import { localSignIn, localSignInForm, openLocalSignInPage, startListeningApp } from '../../test/sign-in.ts'

let t: Awaited<ReturnType<typeof startListeningApp>>
beforeAll(async () => {
  t = await startListeningApp()
})
afterAll(() => t.close())

describe('sign-in through the built-in local IdP (full OpenID Connect round trip)', () => {
  it('tells the sign-in page there is no provider with credentials, and that the next account is the first', async () => {
    // Runs first, on the empty server: the page shows "Create the first account" itself.
    const res = await fetch(`${t.baseUrl}/api/auth/sign-in-options`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      providers: [],
      local: { provider: 'google', firstAccount: true, signup: 'open' },
    })
  })

  it('shows the first-account page on an empty server, with labelled fields and a new-password field', async () => {
    const page = await openLocalSignInPage(new Browser(), t.baseUrl)
    expect(page.status).toBe(200)
    expect(page.html).toContain('<h1>Create the first account</h1>')
    expect(page.html).toMatch(/<label for="name">Name<\/label>/)
    expect(page.html).toMatch(/<label for="email">Email<\/label>/)
    expect(page.html).toMatch(/<label for="password">Password<\/label>/)
    expect(page.html).toMatch(/id="password"[^>]*autocomplete="new-password"[^>]*minlength="10"/)
    expect(page.html).toContain('<button type="submit">Create account</button>')
    expect(page.html).toContain('Nothing is sent to Google or Microsoft')
  })

  it('creates the user on first sign-in with the timezone of the login call, then answers /api/auth/user', async () => {
    const browser = new Browser()
    const { landing } = await localSignIn(
      browser,
      t.baseUrl,
      { email: 'Ada@Example.test', name: 'Ada Lovelace' },
      { query: '?timezone=Europe/Lisbon&returnTo=/memories?x=1' },
    )
    expect(landing.pathname).toBe('/login')
    const token = landing.searchParams.get('token')!
    expect(token.split('.')).toHaveLength(3)
    expect(landing.searchParams.get('returnTo')).toBe('/memories?x=1')

    // The cookie session works...
    const me = await browser.request(`${t.baseUrl}/api/auth/user`)
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      provider: 'local',
    })
    const settings = await browser.request(`${t.baseUrl}/api/auth/user/settings`)
    expect(await settings.json()).toMatchObject({ timezone: 'Europe/Lisbon' })

    // ...and so does the session-bound JWT, without any cookie.
    const bearer = await fetch(`${t.baseUrl}/api/auth/user`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(bearer.status).toBe(200)
    expect(((await bearer.json()) as { email: string }).email).toBe('ada@example.test')

    const cookie = browser.cookies.get('remi_session')
    expect(cookie).toBeTruthy()
  })

  it('sets the session cookie HttpOnly, SameSite=Lax, for 30 days', async () => {
    const browser = new Browser()
    const page = await openLocalSignInPage(browser, t.baseUrl, 'microsoft')
    const res = await browser.follow(`${page.url}/login`, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: localSignInForm({ name: 'Cookie', email: 'cookie@example.test' }),
      },
      stopAt: (location) => location.includes('/api/auth/callback/'),
    })
    const callback = await browser.request(res.url)
    const setCookie = callback.headers.getSetCookie().find((c) => c.startsWith('remi_session='))!
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toMatch(/Max-Age=2592000/)
    expect(setCookie).not.toMatch(/Secure/) // plain http on loopback
  })

  it('signs the same e-mail in as the same user, whichever button was used', async () => {
    const a = await localSignIn(new Browser(), t.baseUrl, { email: 'same@example.test', name: 'Same' })
    const b = await localSignIn(
      new Browser(),
      t.baseUrl,
      { email: 'SAME@example.test' },
      { provider: 'microsoft' },
    )
    const who = async (token: string) =>
      (await (
        await fetch(`${t.baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        id: string
      }
    const first = await who(a.landing.searchParams.get('token')!)
    const second = await who(b.landing.searchParams.get('token')!)
    expect(second.id).toBe(first.id)
  })

  it("starts a new account in the browser's language (issue 51), which a later sign-in leaves as chosen", async () => {
    const brazil = new Browser(undefined, { 'accept-language': 'pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7' })
    await localSignIn(brazil, t.baseUrl, { email: 'joana@example.test', name: 'Joana' })
    const me = await brazil.request(`${t.baseUrl}/api/auth/user`)
    expect(await me.json()).toMatchObject({ email: 'joana@example.test', language: 'pt-PT' })
    const settings = await brazil.request(`${t.baseUrl}/api/auth/user/settings`)
    expect(await settings.json()).toMatchObject({ language: 'pt-PT' })

    const germany = new Browser(undefined, { 'accept-language': 'de-DE,de;q=0.9' })
    await localSignIn(germany, t.baseUrl, { email: 'joana@example.test' }, { intent: 'signin' })
    expect(await (await germany.request(`${t.baseUrl}/api/auth/user`)).json()).toMatchObject({
      email: 'joana@example.test',
      language: 'pt-PT',
    })

    // No Accept-Language at all: English.
    const bare = new Browser()
    await localSignIn(bare, t.baseUrl, { email: 'bare@example.test' })
    expect(await (await bare.request(`${t.baseUrl}/api/auth/user`)).json()).toMatchObject({ language: 'en' })
  })

  it('refuses an invalid e-mail on the form with a 400 page and no session', async () => {
    const browser = new Browser()
    const page = await openLocalSignInPage(browser, t.baseUrl)
    const res = await browser.request(`${page.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: localSignInForm({ name: 'x', email: 'not-an-email' }),
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Enter a valid e-mail address.')
    expect(browser.cookies.has('remi_session')).toBe(false)
  })

  it('signs in with control characters in the name (NUL cannot be stored), keeping the rest of it', async () => {
    const browser = new Browser()
    const { landing } = await localSignIn(browser, t.baseUrl, {
      email: 'nul@example.test',
      name: 'Ada\u0000 Love\u0007lace',
    })
    expect(landing.searchParams.get('error')).toBeNull()
    const me = await browser.request(`${t.baseUrl}/api/auth/user`)
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ name: 'Ada Lovelace', email: 'nul@example.test' })
  })

  it('ignores an unsafe returnTo', async () => {
    const { landing } = await localSignIn(
      new Browser(),
      t.baseUrl,
      { email: 'redirect@example.test' },
      { query: '?returnTo=//evil.example' },
    )
    expect(landing.searchParams.get('token')).toBeTruthy()
    expect(landing.searchParams.has('returnTo')).toBe(false)
  })

  it('sends a callback without its flow cookie to /login?error= and creates no session', async () => {
    const browser = new Browser()
    const page = await openLocalSignInPage(browser, t.baseUrl)
    const { url } = await browser.follow(`${page.url}/login`, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: localSignInForm({ email: 'stolen@example.test' }),
      },
      stopAt: (location) => location.includes('/api/auth/callback/'),
    })
    const stranger = new Browser() // the code reaches a browser that did not start this sign-in
    const res = await stranger.request(url)
    const location = new URL(res.headers.get('location')!)
    expect(location.pathname).toBe('/login')
    expect(location.searchParams.get('error')).toMatch(/expired or was started elsewhere/)
    expect(stranger.cookies.has('remi_session')).toBe(false)
  })
})
