import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wordsFor } from '../../lib/words/index.ts'
import { Browser } from '../../test/http-client.ts'
import { openLocalSignInPage, startListeningApp } from '../../test/sign-in.ts'
import { page, pageLanguage, refusalIn, signInPage, startAgain } from './local-idp-pages.ts'
import { passwordProblem } from './passwords.ts'

describe("the built-in sign-in's pages in the browser's language (issue 51)", () => {
  it('picks the language from Accept-Language, as a new account does', () => {
    expect(pageLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de')
    expect(pageLanguage('pt-PT,pt;q=0.9')).toBe('pt-PT')
    expect(pageLanguage('en;q=0.5,fr;q=0.9')).toBe('fr')
    expect(pageLanguage('ja')).toBe('en')
    expect(pageLanguage(undefined)).toBe('en')
  })

  it('writes the sign-in form in German, with <html lang="de">', () => {
    const html = signInPage(
      'uid-1',
      'signin-open',
      'Wrong e-mail or password.',
      'ada@example.test',
    )('n', 'de')
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('<title>Lokale Anmeldung · Remi</title>')
    expect(html).toContain(
      'Melde dich mit der E-Mail-Adresse und dem Passwort deines Kontos auf diesem Server an. Es wird nichts an Google oder Microsoft gesendet.',
    )
    expect(html).toContain('<label for="email">E-Mail</label>')
    expect(html).toContain('<label for="password">Passwort</label>')
    expect(html).toContain('<button type="submit">Anmelden</button>')
    expect(html).toContain('role="alert">Falsche E-Mail-Adresse oder falsches Passwort.</p>')
    expect(html).toContain('Noch kein Konto? <a href="/oidc/interaction/uid-1?create=1">Konto anlegen</a>')
    expect(html).not.toMatch(/Sign in|Password|No account/)
  })

  it('writes every form in each language, and in English as before', () => {
    for (const kind of ['signin', 'signin-open', 'create', 'first', 'invited'] as const) {
      const english = signInPage('u', kind)('n')
      expect(english).toContain('<html lang="en">')
      expect(english).toContain('Nothing is sent to Google or Microsoft.')
      for (const language of ['pt-PT', 'es', 'fr', 'de'] as const) {
        const html = signInPage('u', kind)('n', language)
        expect(html).toContain(`<html lang="${language}">`)
        expect(html, `${kind} ${language}`).not.toContain('Nothing is sent')
        expect(html).toContain(wordsFor(language).t('idp.nothingSent').replace(/'/g, '&#39;'))
      }
    }
    expect(signInPage('u', 'first')('n', 'pt-PT')).toContain('<h1>Criar a primeira conta</h1>')
    expect(signInPage('u', 'invited')('n', 'fr')).toContain(
      'Vous êtes invité à rejoindre Remi sur ce serveur.',
    )
    expect(signInPage('u', 'create')('n', 'es')).toContain(
      '<p id="password-hint" class="hint">Al menos 10 caracteres, y que no sea una contraseña común.</p>',
    )
  })

  it("says local-idp.ts's error pages in German, the link back to the app kept", () => {
    const html = page(
      'Sign-in error',
      `<p>This sign-in request cannot be completed: bad &#39;client&#39;.</p>${startAgain('https://remi.example')}`,
    )('n', 'de')
    expect(html).toContain('<title>Anmeldefehler · Remi</title>')
    expect(html).toContain(
      '<p>Diese Anmeldeanfrage kann nicht abgeschlossen werden: bad &#39;client&#39;.</p>',
    )
    expect(html).toContain(
      '<p><a href="https://remi.example/login">Geh zurück zu Remi</a> und fang noch einmal an.</p>',
    )
    expect(
      page('Sign-in expired', '<p>This sign-in page has expired. Go back to Remi and start again.</p>')(
        'n',
        'fr',
      ),
    ).toContain(
      '<h1>Connexion expirée</h1><p>Cette page de connexion a expiré. Revenez sur Remi et recommencez.</p>',
    )
    const english = page(
      'Not found',
      `<p>There is no sign-in page at this address.</p>${startAgain('http://x')}`,
    )('n')
    expect(english).toContain('<h1>Not found</h1><p>There is no sign-in page at this address.</p>')
    expect(english).toContain('<a href="http://x/login">Go back to Remi</a> and start again.')
  })

  it('says the refusals the server writes in English in the page language', () => {
    const german = wordsFor('de')
    const refusals = [
      passwordProblem('short', 'ada@example.test')!,
      passwordProblem('x'.repeat(1001), 'ada@example.test')!,
      passwordProblem('password123', 'ada@example.test')!,
      passwordProblem('ada@example.test', 'ada@example.test')!,
      'Enter a valid e-mail address.',
      'Enter your password.',
      'Too many failed sign-ins for this account. Try again in 1 minute.',
      'Too many failed sign-ins from your address. Try again in 15 minutes.',
      'Wrong e-mail or password.',
      'Sign-ups are closed on this server. Ask someone who uses it for an invitation link (Settings → Invitations).',
      'This account has no password yet. Set one by signing in once from the computer Remi runs on, ' +
        'with APP_URL at a loopback address (for example http://localhost:3000); then sign in here with it.',
      'The first account was just made. Sign in instead.',
      'This invitation link has expired or was already used. Ask for a new one.',
    ]
    for (const english of refusals) {
      expect(refusalIn(wordsFor('en'), english)).toBe(english)
      expect(refusalIn(german, english), english).not.toBe(english)
    }
    expect(refusalIn(german, refusals[0]!)).toBe('Wähle ein Passwort mit mindestens 10 Zeichen.')
    expect(refusalIn(german, refusals[6]!)).toBe(
      'Zu viele fehlgeschlagene Anmeldungen für dieses Konto. Versuche es in 1 Minute erneut.',
    )
    expect(refusalIn(wordsFor('pt-PT'), refusals[7]!)).toBe(
      'Demasiadas tentativas falhadas de início de sessão a partir do seu endereço. Tente novamente dentro de 15 minutos.',
    )
    expect(refusalIn(german, 'Something new.')).toBe('Something new.')
  })
})

describe('the sign-in page the server sends, for Accept-Language: de', () => {
  let t: Awaited<ReturnType<typeof startListeningApp>>
  beforeAll(async () => {
    t = await startListeningApp()
  })
  afterAll(() => t.close())

  it('is German, says so in <html lang> and Content-Language, and refuses in German', async () => {
    const browser = new Browser(undefined, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })
    const form = await openLocalSignInPage(browser, t.baseUrl)
    expect(form.status).toBe(200)
    expect(form.html).toContain('<html lang="de">')
    expect(form.html).toContain('<h1>Das erste Konto anlegen</h1>')
    expect(form.html).toContain('<button type="submit">Konto anlegen</button>')
    const res = await browser.request(`${form.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signup', email: 'ada@example.test', password: 'short' }),
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-language')).toBe('de')
    expect(await res.text()).toContain('role="alert">Wähle ein Passwort mit mindestens 10 Zeichen.</p>')
  })

  it('stays English without Accept-Language', async () => {
    const form = await openLocalSignInPage(new Browser(), t.baseUrl)
    expect(form.html).toContain('<html lang="en">')
    expect(form.html).toContain('Nothing is sent to Google or Microsoft')
  })

  it('says its error pages in German too', async () => {
    const res = await new Browser(undefined, { 'accept-language': 'de' }).request(
      `${t.baseUrl}/oidc/interaction/unknown`,
    )
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('Diese Anmeldeseite ist abgelaufen.')
    // The provider's own pages (Koa) too.
    const missing = await new Browser(undefined, { 'accept-language': 'fr-CA,fr' }).request(
      `${t.baseUrl}/oidc/no-such-page`,
    )
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-language')).toBe('fr')
    const text = await missing.text()
    expect(text).toContain('<html lang="fr">')
    expect(text).toContain('<h1>Introuvable</h1><p>Il n’y a pas de page de connexion à cette adresse.</p>')
  })
})
