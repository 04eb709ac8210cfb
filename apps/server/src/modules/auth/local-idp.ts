import formbody from '@fastify/formbody'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { z } from 'zod'
import { deriveKey, sha256Hex } from '../../lib/crypto.ts'
import { BRAND } from '../../config/brand.ts'
import type { OidcFetch } from './oidc.ts'

export const LOCAL_IDP_PATH = '/oidc'
export const LOCAL_IDP_CLIENT_ID = 'remi-local'
export const localIdpIssuer = (appUrl: string) => `${appUrl}${LOCAL_IDP_PATH}`
export const localIdpClientSecret = (secret: string) =>
  deriveKey(secret, 'local-idp-client').toString('base64url')

/** The same e-mail always maps to the same subject, so it always signs in as the same user. */
export const localAccountId = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32)

const LoginForm = z.object({
  name: z.string().trim().max(100).default(''),
  email: z.email().trim().max(254),
})

interface LocalAccount {
  email: string
  name: string
}

/**
 * oidc-provider's storage. The local IdP serves one process on a loopback address and its artifacts live
 * for minutes, so memory with expiry is enough (its own dev adapter warns on every start).
 */
class MemoryAdapter {
  static readonly store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>()
  static readonly byGrant = new Map<string, Set<string>>()
  readonly model: string
  constructor(model: string) {
    this.model = model
  }
  private key(id: string) {
    return `${this.model}:${id}`
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    const now = Date.now()
    for (const [key, entry] of MemoryAdapter.store) if (entry.expiresAt < now) MemoryAdapter.store.delete(key)
    const key = this.key(id)
    MemoryAdapter.store.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 })
    if (typeof payload.grantId === 'string') {
      const keys = MemoryAdapter.byGrant.get(payload.grantId) ?? new Set()
      MemoryAdapter.byGrant.set(payload.grantId, keys.add(key))
    }
  }
  async find(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id))
    if (!entry) return undefined
    if (entry.expiresAt < Date.now()) {
      MemoryAdapter.store.delete(this.key(id))
      return undefined
    }
    return entry.payload
  }
  async findByUid(uid: string) {
    for (const [key, entry] of MemoryAdapter.store) {
      if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid)
        return this.find(key.slice(this.model.length + 1))
    }
    return undefined
  }
  async findByUserCode() {
    return undefined
  }
  async consume(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id))
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id))
  }
  async revokeByGrantId(grantId: string) {
    for (const key of MemoryAdapter.byGrant.get(grantId) ?? []) MemoryAdapter.store.delete(key)
    MemoryAdapter.byGrant.delete(grantId)
  }
}

/**
 * A real OpenID Provider (oidc-provider) for self-hosting without Google or Microsoft credentials.
 * Remi signs in against it with the same openid-client code it uses for Google.
 */
export async function localIdpPlugin(
  app: FastifyInstance,
  opts: { appUrl: string; sessionSecret: string; signInRateLimit: number },
) {
  // Profiles typed on the sign-in page; only needed for the seconds between the form and the token exchange.
  const accounts = new Map<string, LocalAccount>()
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-1' }

  const configuration: Configuration = {
    adapter: MemoryAdapter,
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    clients: [
      {
        client_id: LOCAL_IDP_CLIENT_ID,
        client_secret: localIdpClientSecret(opts.sessionSecret),
        redirect_uris: ['google', 'microsoft'].map((p) => `${opts.appUrl}/api/auth/callback/${p}`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [deriveKey(opts.sessionSecret, 'local-idp-cookies').toString('base64url')] },
    pkce: { required: () => true },
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Remi signs out of its own session only; the provider's logout pages would be surface for nothing.
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `${LOCAL_IDP_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => {
      const account = accounts.get(id)
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account?.email,
          email_verified: Boolean(account),
          name: account?.name || account?.email.split('@')[0],
        }),
      }
    },
    // Signing in to one's own server is consent enough: grant the requested scopes without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx
      if (!oidc.client || !oidc.session?.accountId) return undefined
      const grantId = oidc.session.grantIdFor(oidc.client.clientId)
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId)
        if (existing) return existing
      }
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
    // A request the provider refuses without a client to send it back to (no or wrong client_id or
    // redirect_uri, an expired sign-in): a page that says so, with the provider's status (4xx).
    renderError: (ctx, out) => {
      const reason = String(out.error_description ?? out.error ?? 'unknown error')
      renderPage(
        ctx,
        'Sign-in error',
        `<p>This sign-in request cannot be completed: ${escapeHtml(reason)}.</p>${startAgain(opts.appUrl)}`,
      )
    },
  }
  const provider = new Provider(localIdpIssuer(opts.appUrl), configuration)
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'local IdP error'))
  // Every URL the provider writes (discovery, redirects, cookies' Secure flag) is APP_URL's, not what the
  // connection looked like: behind a proxy that terminates TLS the request arrives as plain http.
  provider.proxy = true
  // First in the chain: a path or method the provider does not serve, or anything it lets escape, is a page.
  provider.middleware.unshift(async (ctx, next) => {
    // The resume after sign-in ('/auth/<uid>') takes no parameters: with a client_id and no sign-in in
    // progress, oidc-provider's own error handler throws (a TypeError, so a 500) instead of refusing.
    if (/^\/auth\/[^/]+\/?$/.test(ctx.path)) ctx.querystring = ''
    try {
      await next()
    } catch (error) {
      app.log.error({ err: error }, 'local IdP error')
      ctx.status = 500
      renderPage(
        ctx,
        'Sign-in error',
        `<p>Something went wrong while signing in.</p>${startAgain(opts.appUrl)}`,
      )
      return
    }
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404
      renderPage(
        ctx,
        'Not found',
        `<p>There is no sign-in page at this address.</p>${startAgain(opts.appUrl)}`,
      )
    }
  })
  const callback = provider.callback()
  const appUrl = new URL(opts.appUrl)
  /** The request as the provider must see it: at APP_URL, from the client Fastify (TRUST_PROXY) believes. */
  const atAppUrl = (request: FastifyRequest) => {
    request.raw.headers['x-forwarded-proto'] = appUrl.protocol.slice(0, -1)
    request.raw.headers['x-forwarded-host'] = appUrl.host
    request.raw.headers['x-forwarded-for'] = request.ip
    return request.raw
  }

  // The sign-in page and its form post.
  await app.register(async (scope) => {
    await scope.register(formbody)
    scope.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
      const details = await interactionDetails(provider, atAppUrl(request), reply)
      if (!details) return
      return sendPage(reply, signInPage(details.uid))
    })
    const signInLimit = { rateLimit: { max: opts.signInRateLimit, timeWindow: '1 minute' } }
    scope.post<{ Params: { uid: string } }>(
      '/interaction/:uid/login',
      { config: signInLimit },
      async (request, reply) => {
        const details = await interactionDetails(provider, atAppUrl(request), reply)
        if (!details) return
        const form = LoginForm.safeParse(request.body)
        if (!form.success) {
          reply.status(400)
          return sendPage(reply, signInPage(details.uid, 'Enter a valid e-mail address.'))
        }
        const accountId = localAccountId(form.data.email)
        accounts.set(accountId, { email: form.data.email.toLowerCase(), name: form.data.name })
        const redirectTo = await provider.interactionResult(atAppUrl(request), reply.raw, {
          login: { accountId },
        })
        return reply.redirect(redirectTo, 303)
      },
    )
  })

  // Everything else is oidc-provider's own (discovery, authorize, token, jwks, userinfo): hand it the raw request.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    const passThrough = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack()
      const raw = atAppUrl(request) as typeof request.raw & { originalUrl?: string }
      raw.originalUrl = raw.url
      // '/oidc?x' must reach the provider as '/?x': a target without its leading slash has no path at all.
      const rest = raw.url!.slice(LOCAL_IDP_PATH.length)
      raw.url = rest.startsWith('/') ? rest : `/${rest}`
      callback(raw, reply.raw)
    }
    scope.all('/', passThrough)
    scope.all('/*', passThrough)
  })
}

async function interactionDetails(provider: Provider, raw: FastifyRequest['raw'], reply: FastifyReply) {
  try {
    return await provider.interactionDetails(raw, reply.raw)
  } catch {
    reply.status(400)
    sendPage(
      reply,
      page('Sign-in expired', `<p>This sign-in page has expired. Go back to ${BRAND} and start again.</p>`),
    )
    return null
  }
}

/**
 * A page's own policy: its one inline style by a nonce of its own, nothing else. The API's global CSP
 * has no nonces (making two per JSON answer cost every request), so these pages set theirs.
 */
function pagePolicy() {
  const nonce = randomBytes(16).toString('base64')
  return {
    nonce,
    csp: `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  }
}

/** A page answered by the provider itself (Koa): its own headers, since Fastify's are not sent. */
function renderPage(
  ctx: { set(field: string, value: string): void; type: string; body: unknown },
  title: string,
  body: string,
) {
  const { nonce, csp } = pagePolicy()
  ctx.set('content-security-policy', csp)
  ctx.set('cache-control', 'no-store')
  ctx.set('x-content-type-options', 'nosniff')
  ctx.type = 'text/html; charset=utf-8'
  ctx.body = page(title, body)(nonce)
}

const startAgain = (appUrl: string) =>
  `<p><a href="${escapeHtml(`${appUrl}/login`)}">Go back to ${BRAND}</a> and start again.</p>`

/**
 * openid-client's fetch for the built-in provider: the server's own requests to it (discovery, token,
 * keys) go in-process through app.inject, so they need no DNS, no TLS and no trip out through a
 * reverse proxy to APP_URL and back.
 */
export function localIdpFetch(app: FastifyInstance): OidcFetch {
  return async (url, init) => {
    const target = new URL(url)
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const body = init.body
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(body === undefined || body === null
        ? {}
        : {
            payload:
              typeof body === 'string'
                ? body
                : body instanceof URLSearchParams
                  ? body.toString()
                  : Buffer.from(body as Uint8Array),
          }),
    })
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      for (const v of [value].flat()) responseHeaders.append(name, String(v))
    }
    const empty = res.statusCode === 204 || res.statusCode === 304
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders,
    })
  }
}

function sendPage(reply: FastifyReply, html: (nonce: string) => string) {
  const { nonce, csp } = pagePolicy()
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .send(html(nonce))
}

function signInPage(uid: string, error?: string) {
  return page(
    'Local sign-in',
    `<p class="lead">This creates a local account on this server, or signs you in to the one you already have with this e-mail address. Nothing is sent to Google or Microsoft.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${LOCAL_IDP_PATH}/interaction/${encodeURIComponent(uid)}/login">
  <label for="name">Name</label>
  <input id="name" name="name" autocomplete="name" maxlength="100">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
  <button type="submit">Sign in</button>
</form>`,
  )
}

function page(title: string, body: string) {
  return (nonce: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${BRAND}</title>
<style nonce="${nonce}">
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8f9fa;color:#212529;margin:0;display:flex;justify-content:center;padding:3rem 1rem}
main{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:2rem;max-width:26rem;width:100%}
h1{font-size:1.5rem;margin-top:0}.lead{color:#495057}label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem .75rem;border:1px solid #ced4da;border-radius:.375rem;font-size:1rem}
button{margin-top:1.5rem;width:100%;padding:.6rem;border:0;border-radius:.375rem;background:#0d6efd;color:#fff;font-size:1rem;cursor:pointer}
.error{color:#b02a37}
</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
