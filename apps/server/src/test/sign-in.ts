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

/** Goes through the whole local sign-in and returns where Remi finally sends the browser. */
export async function localSignIn(
  browser: Browser,
  baseUrl: string,
  person: { email: string; name?: string },
  options: { provider?: string; query?: string } = {},
) {
  const page = await openLocalSignInPage(browser, baseUrl, options.provider, options.query)
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`)
  const { res, url } = await browser.follow(`${page.url}/login`, {
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: person.name ?? '', email: person.email }).toString(),
    },
    stopAt: (location) => location.startsWith(`${baseUrl}/login`),
  })
  return { res, landing: new URL(url) }
}
