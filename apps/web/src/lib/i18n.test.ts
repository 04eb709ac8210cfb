import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from './i18n'

afterEach(async () => {
  await i18n.changeLanguage('en')
})

describe('the catalogues (issue 51)', () => {
  it('bundles English alone and loads another language before the screens switch to it', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true)
    for (const language of ['pt-PT', 'es', 'fr', 'de'])
      expect(i18n.hasResourceBundle(language, 'translation')).toBe(false)
    await i18n.changeLanguage('fr')
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(true)
    expect(i18n.resolvedLanguage).toBe('fr')
    expect(i18n.t('nav.settings')).toBe('Paramètres')
    // Another language is not fetched along with it.
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false)
  })
})
