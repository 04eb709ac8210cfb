/**
 * The built-in sign-in, from the app's own /login page. It is the same OpenID Connect round trip the
 * "Continue with Google" button starts (so /api/auth/login/{provider} and the server's checks stay the
 * one way in): start the flow, which lands on the built-in provider's form for this attempt, then post
 * the person's e-mail and password to that form. Followed to its end, a success lands on
 * /login?token=… (the session cookie is set on the way); a refusal is the form again, with its reason.
 */
export interface LocalSignIn {
  /** /api/auth/login/{provider}?timezone=…&returnTo=… */
  startUrl: string
  intent: 'signin' | 'signup'
  email: string
  password: string
  name?: string
}

/**
 * A refusal says why in the server's words (its form page answers in the browser's language); a failure
 * with nothing to say is named, and the form says it in the page's language.
 */
export type LocalSignInResult =
  { ok: true; landing: URL } | { ok: false; message: string } | { ok: false; failure: 'failed' | 'network' }

const FAILED = { ok: false, failure: 'failed' } as const
const NETWORK = { ok: false, failure: 'network' } as const

export async function signInLocally(input: LocalSignIn): Promise<LocalSignInResult> {
  let form: URL
  try {
    const start = await fetch(input.startUrl, { credentials: 'include' })
    form = new URL(start.url)
    const refused = form.searchParams.get('error')
    if (refused) return { ok: false, message: refused }
    if (!start.ok || !/\/interaction\/[^/]+$/.test(form.pathname)) return FAILED
  } catch {
    return NETWORK
  }
  const body = new URLSearchParams({ intent: input.intent, email: input.email, password: input.password })
  if (input.name) body.set('name', input.name)
  let answer: Response
  try {
    answer = await fetch(`${form.pathname}/login`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
  } catch {
    return NETWORK
  }
  const landing = new URL(answer.url)
  if (landing.searchParams.has('token')) return { ok: true, landing }
  const error = landing.searchParams.get('error')
  if (error) return { ok: false, message: error }
  const refusal = refusalOf(await answer.text().catch(() => ''))
  return refusal ? { ok: false, message: refusal } : FAILED
}

/** The reason the form page gives (its role="alert" paragraph), as text. */
function refusalOf(html: string): string | undefined {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return doc.querySelector('[role="alert"]')?.textContent?.trim() || undefined
}
