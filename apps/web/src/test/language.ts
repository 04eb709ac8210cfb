import { afterEach, beforeEach } from 'vitest'
import type { Language } from '@remi/shared'
import { i18n } from '../lib/i18n'

/** Every test of the file (or describe block) with the screens in `language`, English again after each. */
export function inLanguage(language: Language): void {
  beforeEach(async () => {
    await i18n.changeLanguage(language)
  })
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })
}
