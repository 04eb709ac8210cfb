import { listen, readBody, sendJson } from './listen.ts'

/**
 * A minimal OpenID provider for the token-refresh path: a discovery document and a token endpoint that
 * answers grant_type=refresh_token like Google / Microsoft do (RFC 6749 §6, errors per §5.2).
 * Sign-in itself is not served here (the lead's oidc-issuer.ts covers that).
 */
export interface OAuthIssuerFake {
  /** The issuer identifier, for GOOGLE_ISSUER / MICROSOFT_ISSUER. */
  issuer: string
  clientId: string
  clientSecret: string
  /** refresh token → the access token a refresh returns; a refresh token not listed gets invalid_grant. */
  grants: Map<string, { accessToken: string; scope: string }>
  /** How many refresh requests arrived, by refresh token. */
  refreshes: string[]
  close(): Promise<void>
}

export async function startOAuthIssuerFake(name = 'issuer'): Promise<OAuthIssuerFake> {
  const clientId = `${name}-client`
  const clientSecret = `${name}-secret`
  const grants = new Map<string, { accessToken: string; scope: string }>()
  const refreshes: string[] = []
  let issuer = ''
  const running = await listen(async (request, response, url) => {
    if (url.pathname === `/${name}/.well-known/openid-configuration`) {
      return sendJson(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
      })
    }
    if (url.pathname === `/${name}/token` && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request))
      const basic = request.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(request.headers.authorization.slice(6), 'base64')
            .toString('utf8')
            .split(':')
            .map(decodeURIComponent)
        : null
      const [id, secret] = basic ?? [form.get('client_id'), form.get('client_secret')]
      if (id !== clientId || secret !== clientSecret) {
        return sendJson(response, 401, { error: 'invalid_client', error_description: 'Unknown client.' })
      }
      if (form.get('grant_type') !== 'refresh_token') {
        return sendJson(response, 400, { error: 'unsupported_grant_type' })
      }
      const refreshToken = form.get('refresh_token') ?? ''
      refreshes.push(refreshToken)
      const grant = grants.get(refreshToken)
      if (!grant) {
        return sendJson(response, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        })
      }
      return sendJson(
        response,
        200,
        { access_token: grant.accessToken, token_type: 'Bearer', expires_in: 3599, scope: grant.scope },
        { 'cache-control': 'no-store' },
      )
    }
    sendJson(response, 404, { error: 'not_found' })
  })
  issuer = `${running.origin}/${name}`
  return { issuer, clientId, clientSecret, grants, refreshes, close: running.close }
}
