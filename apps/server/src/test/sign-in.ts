import { buildTestApp } from './build-test-app.ts'
import { freePort, type Browser } from './http-client.ts'

/** The real app listening on a loopback port, so sign-in round trips run over real HTTP. */
export async function startListeningApp(options: Parameters<typeof buildTestApp>[0] = {}) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const t = await buildTestApp({ ...options, env: { APP_URL: baseUrl, PORT: String(port), ...options.env } })
  await t.app.listen({ port, host: '127.0.0.1' })
  return { ...t, baseUrl }
}

/** Starts a sign-in and follows it to the local IdP's form; returns the form page's URL and body. */
export async function openLocalSignInPage(
  browser: Browser,
  baseUrl: string,
  provider = 'google',
  query = '',
) {
  const { res, url } = await browser.follow(`${baseUrl}/api/auth/login/${provider}${query}`)
  return { status: res.status, url, html: await res.text() }
}

/** The password the test helpers give the local accounts they make (not on the common-passwords list). */
export const TEST_PASSWORD = 'test-password-horse-battery'

/**
 * Goes through the whole local sign-in and returns where Remi finally sends the browser. The form is
 * sent as a sign-up: an e-mail with no account gets one (the test servers run with LOCAL_SIGNUP=open,
 * or it is the first), and an existing one signs in with its password.
 */
export async function localSignIn(
  browser: Browser,
  baseUrl: string,
  person: { email: string; name?: string; password?: string },
  options: { provider?: string; query?: string; intent?: 'signin' | 'signup' } = {},
) {
  const page = await openLocalSignInPage(browser, baseUrl, options.provider, options.query)
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`)
  const { res, url } = await browser.follow(`${page.url}/login`, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: localSignInForm(person, options.intent),
    },
    stopAt: (location) => location.startsWith(`${baseUrl}/login`),
  })
  return { res, landing: new URL(url) }
}

/** The local sign-in form's body, urlencoded. */
export function localSignInForm(
  person: { email: string; name?: string; password?: string },
  intent: 'signin' | 'signup' = 'signup',
) {
  return new URLSearchParams({
    intent,
    name: person.name ?? '',
    email: person.email,
    password: person.password ?? TEST_PASSWORD,
  }).toString()
}
