import { startFakeIssuer, type FakeIssuerUser } from '../../src/test/fakes/oidc-issuer.ts'
import { Browser } from '../../src/test/http-client.ts'
import { User } from './client.ts'

const SCOPES = {
  google: 'openid email profile https://www.googleapis.com/auth/calendar.readonly',
  microsoft: 'openid email profile offline_access User.Read Calendars.Read',
}

export interface ProviderIssuer {
  /** GOOGLE_* or MICROSOFT_* for the server: sign-in with this provider goes to the fake issuer. */
  env: Record<string, string>
  /** Signs `person` in through the server's real OpenID Connect code, as a browser would. */
  signIn(baseUrl: string, person: { sub: string; email: string; name: string }): Promise<User>
  close(): Promise<void>
}

/**
 * A loopback OpenID provider standing in for Google or Microsoft (src/test/fakes/oidc-issuer.ts), so the
 * people signed in hold a real provider grant: access and refresh tokens with calendar scope, which the
 * calendar APIs are then called with. The fake signs in whoever its user object names at the time of
 * the sign-in, so sign-ins take turns.
 */
export async function startProviderIssuer(provider: 'google' | 'microsoft'): Promise<ProviderIssuer> {
  const who: FakeIssuerUser = { sub: 'nobody' }
  const issuer = await startFakeIssuer({
    clientId: `${provider}-client`,
    clientSecret: `${provider}-secret`,
    user: who,
    scope: SCOPES[provider],
  })
  const prefix = provider.toUpperCase()
  let turn: Promise<unknown> = Promise.resolve()
  return {
    env: {
      [`${prefix}_ISSUER`]: issuer.issuerUrl,
      [`${prefix}_CLIENT_ID`]: issuer.clientId,
      [`${prefix}_CLIENT_SECRET`]: issuer.clientSecret,
    },
    signIn(baseUrl, person) {
      const next = turn.then(async () => {
        Object.assign(who, person)
        const browser = new Browser()
        const done = await browser.follow(`${baseUrl}/api/auth/login/${provider}`, {
          stopAt: (location) => location.startsWith(`${baseUrl}/login`),
        })
        await done.res.arrayBuffer()
        if (!browser.cookies.get('remi_session'))
          throw new Error(`signing in ${person.email} with ${provider} gave no session (at ${done.url})`)
        const res = await browser.request(`${baseUrl}/api/auth/csrf-token`)
        const { csrfToken } = (await res.json()) as { csrfToken: string }
        const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
        return new User(person.email, baseUrl, cookie, csrfToken)
      })
      turn = next.catch(() => {})
      return next
    },
    close: issuer.close,
  }
}
