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

export type LocalSignInResult = { ok: true; landing: URL } | { ok: false; message: string }

const FAILED = 'Sign-in failed. Please try again.'

export async function signInLocally(input: LocalSignIn): Promise<LocalSignInResult> {
  let form: URL
  try {
    const start = await fetch(input.startUrl, { credentials: 'include' })
    form = new URL(start.url)
    const refused = form.searchParams.get('error')
    if (refused) return { ok: false, message: refused }
    if (!start.ok || !/\/interaction\/[^/]+$/.test(form.pathname)) return { ok: false, message: FAILED }
  } catch {
    return { ok: false, message: 'Network error. Please check your connection and try again.' }
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
    return { ok: false, message: 'Network error. Please check your connection and try again.' }
  }
  const landing = new URL(answer.url)
  if (landing.searchParams.has('token')) return { ok: true, landing }
  const error = landing.searchParams.get('error')
  if (error) return { ok: false, message: error }
  return { ok: false, message: refusalOf(await answer.text().catch(() => '')) }
}

/** The reason the form page gives (its role="alert" paragraph), as text. */
function refusalOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return doc.querySelector('[role="alert"]')?.textContent?.trim() || FAILED
}
