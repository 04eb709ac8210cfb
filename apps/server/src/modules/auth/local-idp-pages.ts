import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import type { Language } from '@remi/shared'
import { BRAND } from '../../config/brand.ts'
import { wordsFor, type WordKey, type Words } from '../../lib/words/index.ts'
import { LOCAL_IDP_PATH } from './local-idp-config.ts'
import { MIN_PASSWORD_LENGTH } from './passwords.ts'
import { preferredLanguage } from './preferred-language.ts'

// The local IdP's own pages: the sign-in and sign-up forms, its errors, each with its own CSP, each in the
// browser's language (Accept-Language; issue 51).

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

/** The language of a page: the browser's best among Remi's (Accept-Language, as a new account's). */
export function pageLanguage(acceptLanguage: string | string[] | undefined): Language {
  return preferredLanguage(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage)
}

/** A page, once its nonce and language are known (sendPage and renderPage pick the language). */
export type Page = (nonce: string, language?: Language) => string

/** A page answered by the provider itself (Koa): its own headers, since Fastify's are not sent. */
export function renderPage(
  ctx: {
    set(field: string, value: string): void
    get?(field: string): string
    type: string
    body: unknown
  },
  title: string,
  body: string,
) {
  const { nonce, csp } = pagePolicy()
  const language = pageLanguage(ctx.get?.('accept-language') || undefined)
  ctx.set('content-security-policy', csp)
  ctx.set('cache-control', 'no-store')
  ctx.set('x-content-type-options', 'nosniff')
  ctx.set('content-language', language)
  ctx.set('vary', 'Accept-Language')
  ctx.type = 'text/html; charset=utf-8'
  ctx.body = page(title, body)(nonce, language)
}

/** "Go back to Remi and start again.", its link to the app's /login (page() says it in the page's language). */
export const startAgain = (appUrl: string) =>
  `<p><a href="${escapeHtml(`${appUrl}/login`)}">Go back to ${BRAND}</a> and start again.</p>`

export function sendPage(reply: FastifyReply, render: Page) {
  const { nonce, csp } = pagePolicy()
  const language = pageLanguage(reply.request.headers['accept-language'])
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .header('content-language', language)
    .header('vary', 'Accept-Language')
    .send(render(nonce, language))
}

/** signin: sign-ups closed; signin-open: with a link to create an account; the rest make an account. */
export type FormKind = 'signin' | 'signin-open' | 'create' | 'first' | 'invited'

/** A text of the page as HTML: its words escaped, `markup` (already HTML) put in its {slots}. */
function html(words: Words, key: WordKey, values: Record<string, string | number> = {}, markup = {}) {
  const slots = Object.keys(markup)
  let text = escapeHtml(
    words.t(key, { ...values, ...Object.fromEntries(slots.map((s, i) => [s, `\u0000${i}\u0000`])) }),
  )
  slots.forEach((slot, i) => {
    text = text.replace(`\u0000${i}\u0000`, (markup as Record<string, string>)[slot]!)
  })
  return text
}

export function signInPage(uid: string, kind: FormKind, error?: string, email = ''): Page {
  return (nonce, language = 'en') => {
    const words = wordsFor(language)
    const t = (key: WordKey, values?: Record<string, string | number>) => html(words, key, values)
    const action = `${LOCAL_IDP_PATH}/interaction/${encodeURIComponent(uid)}/login`
    const here = `${LOCAL_IDP_PATH}/interaction/${encodeURIComponent(uid)}`
    const alert = error ? `<p class="error" role="alert">${escapeHtml(refusalIn(words, error))}</p>` : ''
    const emailField = `<label for="email">${t('idp.email')}</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(email)}">`
    if (kind === 'signin' || kind === 'signin-open') {
      return layout(
        language,
        words.t('idp.signInTitle'),
        `<p class="lead">${t('idp.signInLead')} ${t('idp.nothingSent')}</p>
${alert}
<form method="post" action="${action}">
  <input type="hidden" name="intent" value="signin">
  ${emailField}
  <label for="password">${t('idp.password')}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
  <button type="submit">${t('idp.signIn')}</button>
</form>
<p class="alt">${
          kind === 'signin-open'
            ? `${t('idp.noAccount')} <a href="${here}?create=1">${t('idp.createAnAccount')}</a>`
            : t('idp.needInvitation')
        }</p>`,
      )(nonce)
    }
    const title = words.t(kind === 'first' ? 'idp.firstTitle' : 'idp.createTitle')
    const lead =
      kind === 'first'
        ? t('idp.firstLead')
        : kind === 'invited'
          ? t('idp.invitedLead', { brand: BRAND })
          : t('idp.createLead')
    return layout(
      language,
      title,
      `<p class="lead">${lead} ${t('idp.nothingSent')}</p>
${alert}
<form method="post" action="${action}">
  <input type="hidden" name="intent" value="signup">
  <label for="name">${t('idp.name')}</label>
  <input id="name" name="name" autocomplete="name" maxlength="100">
  ${emailField}
  <label for="password">${t('idp.password')}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="200" aria-describedby="password-hint">
  <p id="password-hint" class="hint">${t('idp.passwordHint', { min: MIN_PASSWORD_LENGTH })}</p>
  <button type="submit">${t('idp.createAccount')}</button>
</form>
${kind === 'first' ? '' : `<p class="alt">${t('idp.haveAccount')} <a href="${here}">${t('idp.signIn')}</a></p>`}`,
    )(nonce)
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The pages local-idp.ts writes in English (a title, then paragraphs, then startAgain's link), by their
 * English words: each is said again in the page's language. A text not listed stays as it is.
 */
const TITLES: Record<string, WordKey> = {
  'Sign-in error': 'idp.errorTitle',
  'Not found': 'idp.notFoundTitle',
  'Invitation expired': 'idp.invitationTitle',
  'Sign-in expired': 'idp.expiredTitle',
}
const PARAGRAPHS: [RegExp, (words: Words, found: string[]) => string][] = [
  [
    /<p>This sign-in request cannot be completed: (.*?)\.<\/p>/,
    (words, [, reason]) => html(words, 'idp.requestRefused', {}, { reason: reason! }),
  ],
  [/<p>Something went wrong while signing in\.<\/p>/, (words) => html(words, 'idp.failed')],
  [/<p>There is no sign-in page at this address\.<\/p>/, (words) => html(words, 'idp.notFound')],
  [
    /<p>This invitation link has expired or was already used\. Ask the person who sent it for a new one\.<\/p>/,
    (words) => html(words, 'idp.invitationExpired'),
  ],
  [
    new RegExp(
      `<p>This sign-in page has expired\\. Go back to ${escapeRegExp(BRAND)} and start again\\.</p>`,
    ),
    (words) => html(words, 'idp.expired', { brand: BRAND }),
  ],
  [
    new RegExp(`<p><a href="([^"]*)">Go back to ${escapeRegExp(BRAND)}</a> and start again\\.</p>`),
    (words, [, href]) =>
      html(
        words,
        'idp.startAgain',
        {},
        { goBack: `<a href="${href}">${html(words, 'idp.goBack', { brand: BRAND })}</a>` },
      ),
  ],
]

/** Why the form refused, in the page's language when the English words are known (else as they are). */
export function refusalIn(words: Words, english: string): string {
  if (words.language === 'en') return english
  const en = wordsFor('en')
  for (const key of [
    'idp.invalidEmail',
    'idp.noPassword',
    'idp.wrongPassword',
    'idp.signupsClosed',
    'idp.noPasswordYet',
    'idp.firstTaken',
    'idp.invitationUsed',
    'idp.passwordCommon',
    'idp.passwordIsEmail',
  ] as const) {
    if (english === en.t(key, { brand: BRAND })) return words.t(key, { brand: BRAND })
  }
  const tooMany =
    /^Too many failed sign-ins (for this account|from your address)\. Try again in (\d+) minutes?\.$/.exec(
      english,
    )
  if (tooMany)
    return words.t(tooMany[1] === 'for this account' ? 'idp.tooManyAccount' : 'idp.tooManyAddress', {
      minutes: Number(tooMany[2]),
    })
  const length = /^Choose a password of at (least|most) (\d+) characters\.$/.exec(english)
  if (length)
    return length[1] === 'least'
      ? words.t('idp.passwordShort', { min: Number(length[2]) })
      : words.t('idp.passwordLong', { max: Number(length[2]) })
  return english
}

/** A page with the given English title and body (HTML), said in the page's language where it is known. */
export function page(title: string, body: string): Page {
  return (nonce, language = 'en') => {
    if (language === 'en') return layout(language, title, body)(nonce)
    const words = wordsFor(language)
    let said = body
    for (const [pattern, say] of PARAGRAPHS) {
      said = said.replace(pattern, (...found: string[]) => `<p>${say(words, found)}</p>`)
    }
    const key = TITLES[title]
    return layout(language, key ? words.t(key) : title, said)(nonce)
  }
}

function layout(language: Language, title: string, body: string) {
  return (nonce: string) => `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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
