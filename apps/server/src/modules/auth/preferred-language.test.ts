import { describe, expect, it } from 'vitest'
import { preferredLanguage } from './preferred-language.ts'

describe("a first account's language from Accept-Language", () => {
  it.each([
    ['pt', 'pt-PT'],
    ['pt-BR', 'pt-PT'],
    ['pt-PT,pt;q=0.9,en;q=0.8', 'pt-PT'],
    ['es-MX', 'es'],
    ['fr-CA,fr;q=0.9', 'fr'],
    ['de-AT', 'de'],
    ['en-GB,en;q=0.9', 'en'],
    // q-values decide, not the order written; a language Remi lacks is passed over.
    ['en;q=0.4, it, de;q=0.9, fr;q=0.8', 'de'],
    ['es;q=0.1, pt-BR;q=0.5', 'pt-PT'],
    ['*', 'en'],
  ])('%j → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language)
  })

  it.each([[undefined], [''], ['it-IT,ja;q=0.8'], ['pt;q=0'], ['x;;;===,,']])(
    'English when nothing matches: %j',
    (header) => {
      expect(preferredLanguage(header)).toBe('en')
    },
  )
})
