import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { BRAND } from '../../config/brand.ts'
import { LOCAL_IDP_PATH } from './local-idp-config.ts'
import { MIN_PASSWORD_LENGTH } from './passwords.ts'

// The local IdP's own pages: the sign-in and sign-up forms, its errors, each with its own CSP.

/**
 * A page's own policy: its one inline style by a nonce of its own, nothing else. The API's global CSP
 * has no nonces (making two per JSON answer cost every request), so these pages set theirs.
 */
export function pagePolicy() {
  const nonce = randomBytes(16).toString('base64')
  return {
    nonce,
    csp: `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  }
}

/** A page answered by the provider itself (Koa): its own headers, since Fastify's are not sent. */
export function renderPage(
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

export const startAgain = (appUrl: string) =>
  `<p><a href="${escapeHtml(`${appUrl}/login`)}">Go back to ${BRAND}</a> and start again.</p>`

export function sendPage(reply: FastifyReply, html: (nonce: string) => string) {
  const { nonce, csp } = pagePolicy()
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .send(html(nonce))
}

/** signin: sign-ups closed; signin-open: with a link to create an account; the rest make an account. */
export type FormKind = 'signin' | 'signin-open' | 'create' | 'first' | 'invited'

export function signInPage(uid: string, kind: FormKind, error?: string, email = '') {
  const action = `${LOCAL_IDP_PATH}/interaction/${encodeURIComponent(uid)}/login`
  const here = `${LOCAL_IDP_PATH}/interaction/${encodeURIComponent(uid)}`
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''
  const emailField = `<label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(email)}">`
  if (kind === 'signin' || kind === 'signin-open') {
    return page(
      'Local sign-in',
      `<p class="lead">Sign in with the e-mail address and password of your account on this server. Nothing is sent to Google or Microsoft.</p>
${alert}
<form method="post" action="${action}">
  <input type="hidden" name="intent" value="signin">
  ${emailField}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
  <button type="submit">Sign in</button>
</form>
<p class="alt">${
        kind === 'signin-open'
          ? `No account yet? <a href="${here}?create=1">Create an account</a>`
          : 'No account yet? New accounts need an invitation link from someone who uses this server.'
      }</p>`,
    )
  }
  const title = kind === 'first' ? 'Create the first account' : 'Create an account'
  const lead =
    kind === 'first'
      ? `Nobody has an account on this server yet: this makes the first one. After it, new accounts need an invitation link from Settings (or LOCAL_SIGNUP=open).`
      : kind === 'invited'
        ? `You were invited to ${BRAND} on this server. Choose the e-mail address and password you will sign in with.`
        : `Make an account on this server with your e-mail address and a password.`
  return page(
    title,
    `<p class="lead">${lead} Nothing is sent to Google or Microsoft.</p>
${alert}
<form method="post" action="${action}">
  <input type="hidden" name="intent" value="signup">
  <label for="name">Name</label>
  <input id="name" name="name" autocomplete="name" maxlength="100">
  ${emailField}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="200" aria-describedby="password-hint">
  <p id="password-hint" class="hint">At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.</p>
  <button type="submit">Create account</button>
</form>
${kind === 'first' ? '' : `<p class="alt">Already have an account? <a href="${here}">Sign in</a></p>`}`,
  )
}

export function page(title: string, body: string) {
  return (nonce: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${BRAND}</title>
<style nonce="${nonce}">
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8f9fa;color:#212529;margin:0;display:flex;justify-content:center;padding:3rem 1rem}
main{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:2rem;max-width:26rem;width:100%}
h1{font-size:1.5rem;margin-top:0}.lead{color:#495057}label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem .75rem;border:1px solid #ced4da;border-radius:.375rem;font-size:1rem}
button{margin-top:1.5rem;width:100%;padding:.6rem;border:0;border-radius:.375rem;background:#0d6efd;color:#fff;font-size:1rem;cursor:pointer}
.error{color:#b02a37}.hint{color:#6c757d;font-size:.875rem;margin:.25rem 0 0}.alt{margin:1.5rem 0 0;color:#495057}
a{color:#0a58ca}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){body{background:#212529;color:#dee2e6}main{background:#2b3035;border-color:#495057}.lead,.alt,.hint{color:#adb5bd}input{background:#212529;color:#dee2e6;border-color:#6c757d}.error{color:#ea868f}a{color:#6ea8fe}}
</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
