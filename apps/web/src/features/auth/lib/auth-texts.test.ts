import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { auth as english } from '../../../locales/auth/en'
import { fillIn, loadAuthTexts, type AuthKey } from './auth-texts'

describe('the sign-in texts without i18next (issue 51)', () => {
  it('writes every English text as ICU would: English has only {name} arguments', () => {
    const values = { brand: 'Remi', provider: 'Google', min: 10, error: 'access_denied' }
    for (const [key, text] of Object.entries(english)) {
      expect(fillIn(text, values), key).toBe(String(new IntlMessageFormat(text, 'en').format(values)))
      expect(text, key).not.toMatch(/[{][^}]*[,{]|'[{}']/)
    }
  })

  it('loads a language once, formatting its ICU messages', async () => {
    const german = await loadAuthTexts('de')
    expect(german('continueWith', { provider: 'Google' })).toBe('Weiter mit Google')
    expect(await loadAuthTexts('de')).toBe(german)
    const portuguese = await loadAuthTexts('pt-PT')
    expect(portuguese('returnSuccess', { brand: 'Remi' })).toBe(
      'Sessão iniciada com sucesso! Bem-vindo ao Remi.',
    )
    const key: AuthKey = 'welcome'
    expect((await loadAuthTexts('en'))(key, { brand: 'Remi' })).toBe('Welcome to Remi')
  })
})
