import * as client from 'openid-client'
import type { Env, OAuthProviderName, ProviderConfig } from '../../config/env.ts'
import { isLoopbackHost } from '../../config/env.ts'
import { decrypt, deriveKey, encrypt } from '../../lib/crypto.ts'
import { LOCAL_IDP_CLIENT_ID, localIdpClientSecret, localIdpIssuer } from './local-idp.ts'

/** What survives between the login redirect and the callback, kept encrypted in a short-lived cookie. */
interface FlowState {
  provider: OAuthProviderName
  codeVerifier: string
  state: string
  nonce: string
  timezone: string | null
  returnTo: string | null
  startedAt: number
}

export const FLOW_COOKIE = 'remi_oauth'
const FLOW_MAX_AGE_MS = 10 * 60 * 1000
const LOCAL_SCOPES = ['openid', 'email', 'profile']

export interface SignInResult {
  identityProvider: 'google' | 'microsoft' | 'local'
  subject: string
  email: string
  /** Google or Microsoft said the address is the person's (email_verified); never for a local account. */
  emailVerified: boolean
  name: string
  picture: string | null
  accessToken: string | null
  refreshToken: string | null
  expiresAt: Date | null
  scopes: string | null
  timezone: string | null
  returnTo: string | null
}

/** A refused sign-in; `reason` is shown to the person as 'Authentication failed: {reason}'. */
export class SignInError extends Error {
  readonly reason: string
  constructor(reason: string) {
    super(reason)
    this.reason = reason
  }
}

/**
 * One openid-client code path for Google, Microsoft and the built-in local IdP: only the issuer,
 * client credentials and scopes differ. `fetchImpl` lets tests route provider hosts to loopback fakes.
 */
/** A fetch for openid-client: tests route the providers' hosts to loopback fakes with it. */
export type OidcFetch = (url: string, init: RequestInit) => Promise<Response>

/**
 * `localFetch` reaches the built-in provider in-process (local-idp.ts localIdpFetch): its issuer is APP_URL,
 * which behind a TLS proxy the server itself may not be able to reach or verify.
 */
export function createOidc(env: Env, fetchImpl?: OidcFetch, localFetch?: OidcFetch) {
  const flowKey = deriveKey(env.sessionSecret, 'oauth-flow')
  const configs = new Map<OAuthProviderName, Promise<client.Configuration>>()

  function settings(provider: OAuthProviderName): ProviderConfig {
    const p = env.providers[provider]
    if (p.mode !== 'local') return p
    return {
      ...p,
      issuer: localIdpIssuer(env.appUrl),
      clientId: LOCAL_IDP_CLIENT_ID,
      clientSecret: localIdpClientSecret(env.sessionSecret),
      scopes: LOCAL_SCOPES,
    }
  }

  function configuration(provider: OAuthProviderName): Promise<client.Configuration> {
    let pending = configs.get(provider)
    if (!pending) {
      const s = settings(provider)
      const issuer = new URL(s.issuer)
      const inProcess = s.mode === 'local' ? localFetch : undefined
      // Our fetch takes a plain RequestInit; openid-client only ever hands it string or byte bodies.
      const fetcher = (inProcess ?? fetchImpl) as client.CustomFetch | undefined
      const insecure = issuer.protocol === 'http:' && (isLoopbackHost(issuer.hostname) || Boolean(inProcess))
      pending = client
        .discovery(issuer, s.clientId, s.clientSecret, undefined, {
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
          ...(fetcher ? { [client.customFetch]: fetcher } : {}),
          timeout: 10,
        })
        .then((config) => {
          if (fetcher) config[client.customFetch] = fetcher
          return config
        })
      // A failed discovery (provider down) is retried on the next sign-in instead of being cached.
      pending.catch(() => configs.delete(provider))
      configs.set(provider, pending)
    }
    return pending
  }

  const redirectUri = (provider: OAuthProviderName) => `${env.appUrl}/api/auth/callback/${provider}`

  return {
    isEnabled: (provider: OAuthProviderName) => env.providers[provider].mode !== 'disabled',
    mode: (provider: OAuthProviderName) => env.providers[provider].mode,
    configuration,

    async start(provider: OAuthProviderName, options: { timezone: string | null; returnTo: string | null }) {
      const config = await configuration(provider)
      const flow: FlowState = {
        provider,
        codeVerifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
        timezone: options.timezone,
        returnTo: options.returnTo,
        startedAt: Date.now(),
      }
      const s = settings(provider)
      const params: Record<string, string> = {
        redirect_uri: redirectUri(provider),
        scope: s.scopes.join(' '),
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      }
      // Google only issues a refresh token (needed for calendar access later) with these two.
      if (provider === 'google' && s.mode === 'external')
        Object.assign(params, { access_type: 'offline', prompt: 'consent' })
      // The local IdP always shows its form, so one browser can sign in as different people.
      if (s.mode === 'local') params.prompt = 'login'
      const url = client.buildAuthorizationUrl(config, params)
      return {
        url: url.href,
        flowCookie: encrypt(flowKey, JSON.stringify(flow)),
        maxAgeSeconds: FLOW_MAX_AGE_MS / 1000,
      }
    },

    /** Validates the callback (state, PKCE, nonce, issuer, audience) and returns who signed in. */
    async finish(
      provider: OAuthProviderName,
      callbackUrl: URL,
      flowCookie: string | undefined,
    ): Promise<SignInResult> {
      const error = callbackUrl.searchParams.get('error')
      if (error) {
        const description = callbackUrl.searchParams.get('error_description')
        throw new SignInError(
          error === 'access_denied' ? 'Sign-in was cancelled.' : (description ?? error).slice(0, 200),
        )
      }
      const raw = flowCookie ? decrypt(flowKey, flowCookie) : null
      const flow = raw ? (JSON.parse(raw) as FlowState) : null
      if (!flow || flow.provider !== provider || Date.now() - flow.startedAt > FLOW_MAX_AGE_MS) {
        throw new SignInError('The sign-in attempt expired or was started elsewhere. Please try again.')
      }
      const config = await configuration(provider)
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        })
      } catch (cause) {
        throw new SignInError(`The sign-in could not be verified (${describe(cause)}). Please try again.`)
      }
      const claims = tokens.claims()
      if (!claims) throw new SignInError('The provider did not return an ID token.')
      const email = str(claims.email) ?? str(claims.preferred_username) ?? str(claims.upn)
      if (!email) throw new SignInError('The provider did not share an e-mail address.')
      const s = settings(provider)
      return {
        identityProvider: s.mode === 'local' ? 'local' : provider,
        subject: claims.sub,
        email,
        emailVerified: s.mode !== 'local' && claims.email_verified === true && email === str(claims.email),
        name: str(claims.name) ?? '',
        picture: str(claims.picture) ?? null,
        accessToken: tokens.access_token ?? null,
        refreshToken: tokens.refresh_token ?? null,
        expiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
        scopes: tokens.scope ?? s.scopes.join(' '),
        timezone: flow.timezone,
        returnTo: flow.returnTo,
      }
    },

    async refresh(provider: OAuthProviderName, refreshToken: string) {
      const config = await configuration(provider)
      const tokens = await client.refreshTokenGrant(config, refreshToken)
      return {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? refreshToken,
        expiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
        scopes: tokens.scope ?? null,
      }
    },
  }
}
export type Oidc = ReturnType<typeof createOidc>

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined)

function describe(cause: unknown): string {
  if (cause instanceof client.ResponseBodyError) return cause.error
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string')
    return cause.code.toLowerCase()
  return 'invalid response'
}
