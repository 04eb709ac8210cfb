import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { z } from 'zod'
import { deriveKey } from '../../lib/crypto.ts'
import { BRAND } from '../../config/brand.ts'
import type { Env } from '../../config/env.ts'
import { isLoopbackHost } from '../../config/env.ts'
import type { FailureLimiter, LocalAccounts } from './local-accounts.ts'
import { MemoryAdapter } from './local-idp-adapter.ts'
import {
  INVITE_COOKIE,
  LOCAL_IDP_CLIENT_ID,
  LOCAL_IDP_PATH,
  localIdpClientSecret,
  localIdpIssuer,
} from './local-idp-config.ts'
import {
  escapeHtml,
  page,
  renderPage,
  sendPage,
  signInPage,
  startAgain,
  type FormKind,
} from './local-idp-pages.ts'

export {
  INVITE_COOKIE,
  LOCAL_IDP_CLIENT_ID,
  LOCAL_IDP_PATH,
  localIdpClientSecret,
  localIdpIssuer,
} from './local-idp-config.ts'
export { localAccountId } from './local-accounts.ts'

const LoginForm = z.object({
  intent: z.enum(['signin', 'signup']).default('signin'),
  name: z.string().trim().max(100).default(''),
  email: z.string().trim().max(254).pipe(z.email()),
  password: z.string().max(1000).default(''),
})

interface LocalAccount {
  email: string
  name: string
}
/**
 * A real OpenID Provider (oidc-provider) for self-hosting without Google or Microsoft credentials.
 * Remi signs in against it with the same openid-client code it uses for Google.
 */
export async function localIdpPlugin(
  app: FastifyInstance,
  opts: {
    appUrl: string
    sessionSecret: string
    signInRateLimit: number
    localSignIn: Env['localSignIn']
    /** The sign-in button that uses this provider (an invitation link starts its round trip). */
    localProvider: 'google' | 'microsoft'
    localAccounts: LocalAccounts
    failures: FailureLimiter
  },
) {
  const { localAccounts, failures, localSignIn } = opts
  // Who can reach this page: said at every start when it is more than this machine.
  if (!(localSignIn.hostLoopback && localSignIn.appUrlLoopback)) {
    app.log.warn(
      `LOCAL_SIGNIN=on: anyone who can reach ${opts.appUrl} can sign in to a local account with its password` +
        (localSignIn.signup === 'open'
          ? ', and anyone can create an account (LOCAL_SIGNUP=open)'
          : '; new accounts need an invitation link from Settings, except the first one on an empty server'),
    )
  }
  if (await localAccounts.isEmpty()) {
    app.log.warn(
      `No account yet: the first person to open the sign-in page at ${opts.appUrl} creates the first account`,
    )
  }
  // Profiles for the seconds between the form and the token exchange (the e-mail, and the name typed at sign-up).
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
    const signInLimit = { rateLimit: { max: opts.signInRateLimit, timeWindow: '1 minute' } }
    const invitationOf = (request: FastifyRequest) => {
      const value = request.cookies[INVITE_COOKIE]
      return typeof value === 'string' && value.length <= 200 ? value : undefined
    }
    /** Which form to show: a sign-up while the server is empty, invited, or asked for where open. */
    const formFor = async (request: FastifyRequest, wantsCreate: boolean): Promise<FormKind> => {
      const mode = await localAccounts.signupMode(invitationOf(request))
      if (mode === 'first' || mode === 'invited') return mode
      if (mode === 'open') return wantsCreate ? 'create' : 'signin-open'
      return 'signin'
    }

    // An invitation link from Settings: remembered in a cookie for the sign-in round trip, then the form.
    scope.get<{ Params: { token: string } }>(
      '/invitation/:token',
      { config: signInLimit },
      async (request, reply) => {
        const token = request.params.token
        if (!(await localAccounts.invitationUsable(token))) {
          reply.status(410)
          return sendPage(
            reply,
            page(
              'Invitation expired',
              `<p>This invitation link has expired or was already used. Ask the person who sent it for a new one.</p>${startAgain(opts.appUrl)}`,
            ),
          )
        }
        reply.setCookie(INVITE_COOKIE, token, {
          path: LOCAL_IDP_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: appUrl.protocol === 'https:',
          maxAge: 60 * 60,
        })
        const localProvider = opts.localProvider
        return reply.redirect(`${opts.appUrl}/api/auth/login/${localProvider}`, 303)
      },
    )

    scope.get<{ Params: { uid: string }; Querystring: { create?: string } }>(
      '/interaction/:uid',
      async (request, reply) => {
        const details = await interactionDetails(provider, atAppUrl(request), reply)
        if (!details) return
        return sendPage(reply, signInPage(details.uid, await formFor(request, request.query.create === '1')))
      },
    )
    scope.post<{ Params: { uid: string } }>(
      '/interaction/:uid/login',
      { config: signInLimit },
      async (request, reply) => {
        const details = await interactionDetails(provider, atAppUrl(request), reply)
        if (!details) return
        const form = LoginForm.safeParse(request.body)
        const wantsCreate = form.success && form.data.intent === 'signup'
        const again = async (status: number, error: string, email = '') => {
          reply.status(status)
          return sendPage(reply, signInPage(details.uid, await formFor(request, wantsCreate), error, email))
        }
        if (!form.success) return again(400, 'Enter a valid e-mail address.')
        const { password } = form.data
        // Compared and logged without case: 'Ada@Example.org' is the account 'ada@example.org'.
        const email = form.data.email.toLowerCase()
        if (!password) return again(400, 'Enter your password.', email)
        const ip = request.ip
        const blocked = await failures.blocked(email, ip)
        if (blocked) {
          const minutes = Math.max(1, Math.ceil(blocked.retryMs / 60_000))
          request.log.warn({ email, ip, by: blocked.by }, 'local sign-in refused: too many failed attempts')
          reply.header('retry-after', String(Math.ceil(blocked.retryMs / 1000)))
          return again(
            429,
            `Too many failed sign-ins ${blocked.by === 'account' ? 'for this account' : 'from your address'}. ` +
              `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            email,
          )
        }
        const outcome = await localAccounts.signIn({
          intent: form.data.intent,
          email,
          password,
          name: form.data.name,
          invitation: invitationOf(request),
          fromLoopback: isLoopbackHost(ip),
        })
        if (!outcome.ok) {
          if (outcome.counts) await failures.fail(email, ip)
          request.log.warn({ email, ip, reason: outcome.reason }, 'local sign-in refused')
          return again(outcome.status, outcome.reason, email)
        }
        await failures.succeed(email)
        if (outcome.created) reply.clearCookie(INVITE_COOKIE, { path: LOCAL_IDP_PATH })
        request.log.info(
          { email: outcome.email, ip, created: outcome.created, passwordSet: outcome.passwordSet },
          outcome.created ? 'local account created' : 'local sign-in',
        )
        accounts.set(outcome.subject, { email: outcome.email, name: outcome.name })
        const redirectTo = await provider.interactionResult(atAppUrl(request), reply.raw, {
          login: { accountId: outcome.subject },
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
 * openid-client's fetch for the built-in provider: the server's own requests to it (discovery, token,
 * keys) go in-process through app.inject, so they need no DNS, no TLS and no trip out through a
 * reverse proxy to APP_URL and back.
 */
export function localIdpFetch(app: FastifyInstance): (url: string, init: RequestInit) => Promise<Response> {
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
