import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { readBody } from './listen.ts'

export interface FakeIssuerUser {
  sub: string
  email?: string
  name?: string
  picture?: string
  preferred_username?: string
  tid?: string
  /** The provider vouches for the address (Google sends it). */
  email_verified?: boolean
}

export interface FakeIssuerOptions {
  clientId: string
  clientSecret: string
  /** Who the authorize endpoint signs in (default: a plain test user). */
  user?: FakeIssuerUser
  /**
   * 'entra': behaves like Microsoft's multi-tenant endpoint: discovery says
   * issuer 'https://login.microsoftonline.com/{tenantid}/v2.0' and ID tokens carry the user's tenant.
   */
  flavour?: 'google' | 'entra'
  /** For 'entra': the public origin its metadata names (the test's fetch maps it to this server). */
  publicBase?: string
  scope?: string
  accessTokenTtlSeconds?: number
}

/**
 * A loopback OpenID Provider speaking the real wire format (discovery, authorize, token, jwks):
 * PKCE and client authentication are checked, codes are single-use, refresh tokens can be revoked.
 * The authorize endpoint signs the configured user in at once, like a provider remembering consent.
 */
export async function startFakeIssuer(options: FakeIssuerOptions) {
  const user = options.user ?? { sub: 'fake-user', email: 'fake@example.test', name: 'Fake User' }
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' }
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; challenge: string; nonce: string | null; used: boolean }
  >()
  const refreshTokens = new Map<string, { revoked: boolean }>()
  /** Refresh tokens a test hands out itself (a user stored with them), and the access token each refresh returns. */
  const grants = new Map<string, { accessToken: string; scope: string }>()
  /** Every refresh token presented at the token endpoint, in order. */
  const refreshes: string[] = []
  const state = {
    /** Overrides the nonce put in the next ID tokens (a wrong-nonce attack). */
    nonceOverride: null as string | null,
    authorizeRequests: [] as URLSearchParams[],
    tokenRequests: [] as URLSearchParams[],
    revokeAllRefreshTokens() {
      for (const t of refreshTokens.values()) t.revoked = true
    },
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(body))
    }
    try {
      if (url.pathname.endsWith('/.well-known/openid-configuration')) return send(200, metadata())
      if (url.pathname.endsWith('/jwks')) return send(200, { keys: [jwk] })
      if (url.pathname.endsWith('/authorize')) {
        const p = url.searchParams
        state.authorizeRequests.push(p)
        const redirectUri = p.get('redirect_uri')!
        if (p.get('client_id') !== options.clientId) return send(400, { error: 'invalid_client' })
        const code = randomBytes(16).toString('hex')
        codes.set(code, {
          clientId: p.get('client_id')!,
          redirectUri,
          challenge: p.get('code_challenge') ?? '',
          nonce: p.get('nonce'),
          used: false,
        })
        const back = new URL(redirectUri)
        back.searchParams.set('code', code)
        if (p.get('state')) back.searchParams.set('state', p.get('state')!)
        res.writeHead(302, { location: back.href })
        return res.end()
      }
      if (url.pathname.endsWith('/token') && req.method === 'POST') {
        const body = new URLSearchParams(await readBody(req))
        state.tokenRequests.push(body)
        const [id, secret] = clientCredentials(req, body)
        if (id !== options.clientId || secret !== options.clientSecret)
          return send(401, { error: 'invalid_client' })
        if (body.get('grant_type') === 'authorization_code') {
          const entry = codes.get(body.get('code') ?? '')
          if (!entry || entry.used)
            return send(400, { error: 'invalid_grant', error_description: 'code already used or unknown' })
          entry.used = true
          if (entry.redirectUri !== body.get('redirect_uri')) return send(400, { error: 'invalid_grant' })
          const verifier = body.get('code_verifier') ?? ''
          if (createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) {
            return send(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' })
          }
          return send(200, await tokens(state.nonceOverride ?? entry.nonce))
        }
        if (body.get('grant_type') === 'refresh_token') {
          const presented = body.get('refresh_token') ?? ''
          refreshes.push(presented)
          const seeded = grants.get(presented)
          if (seeded) {
            return send(
              200,
              {
                access_token: seeded.accessToken,
                token_type: 'Bearer',
                expires_in: 3599,
                scope: seeded.scope,
              },
              { 'cache-control': 'no-store' },
            )
          }
          const entry = refreshTokens.get(presented)
          if (!entry || entry.revoked)
            return send(400, {
              error: 'invalid_grant',
              error_description: 'Token has been expired or revoked.',
            })
          const { id_token: _omit, ...rest } = await tokens(null)
          return send(200, rest)
        }
        return send(400, { error: 'unsupported_grant_type' })
      }
      send(404, { error: 'not_found' })
    } catch (error) {
      send(500, { error: 'server_error', error_description: String(error) })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const flavour = options.flavour ?? 'google'
  const base =
    flavour === 'entra' ? (options.publicBase ?? 'https://login.microsoftonline.com') + '/common/v2.0' : url
  const tenant = user.tid ?? '9188040d-6c67-4c5b-b112-36a304b66dad'
  const issuer = flavour === 'entra' ? 'https://login.microsoftonline.com/{tenantid}/v2.0' : url
  const tokenIssuer = flavour === 'entra' ? `https://login.microsoftonline.com/${tenant}/v2.0` : url

  function metadata() {
    return {
      issuer,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      jwks_uri: `${base}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      scopes_supported: ['openid', 'email', 'profile', 'offline_access'],
    }
  }

  async function tokens(nonce: string | null) {
    const refresh = randomBytes(16).toString('hex')
    refreshTokens.set(refresh, { revoked: false })
    const claims: Record<string, unknown> = {
      ...options.user,
      ...(flavour === 'entra' ? { tid: tenant } : {}),
    }
    delete claims.sub
    if (nonce) claims.nonce = nonce
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
      .setIssuer(tokenIssuer)
      .setAudience(options.clientId)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey)
    return {
      access_token: `fake-access-${randomBytes(8).toString('hex')}`,
      token_type: 'Bearer',
      expires_in: options.accessTokenTtlSeconds ?? 3600,
      refresh_token: refresh,
      scope: options.scope ?? 'openid email profile',
      id_token: idToken,
    }
  }

  return {
    url,
    /** The issuer URL to configure Remi with. */
    issuerUrl: flavour === 'entra' ? base : url,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    grants,
    refreshes,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type FakeIssuer = Awaited<ReturnType<typeof startFakeIssuer>>

function clientCredentials(req: IncomingMessage, body: URLSearchParams): [string | null, string | null] {
  const header = req.headers.authorization
  if (header?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString().split(':')
    return [decodeURIComponent(id ?? ''), decodeURIComponent(secret ?? '')]
  }
  return [body.get('client_id'), body.get('client_secret')]
}
