import { languages, type Language } from '@remi/shared'
import { IntlMessageFormat } from 'intl-messageformat'
import { de } from './de.ts'
import { en, type Catalogue, type WordKey } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'
import { ptPT } from './pt-PT.ts'

export type { WordKey } from './en.ts'

export const catalogues: Record<Language, Catalogue> = { en, 'pt-PT': ptPT, es, fr, de }

/** The server's words in one language: `t(key, values)` and the locale its dates are written in. */
export interface Words {
  language: Language
  /** A BCP 47 locale for Intl (English keeps the American day order its texts always had). */
  locale: string
  t(key: WordKey, values?: Record<string, string | number>): string
}

const byLanguage = new Map<Language, Words>()

const englishNames = new Intl.DisplayNames('en', { type: 'language' })

/** The language as a model reads it in an English prompt: "European Portuguese", "German". */
export const languageInEnglish = (language: Language): string => englishNames.of(language) ?? language

/**
 * The words of `language` (English for one the server does not know). Each text is an ICU message
 * (FormatJS's intl-messageformat, as the web's i18next-icu), compiled once when first used.
 */
export function wordsFor(language: string | null | undefined): Words {
  const known: Language = languages.includes(language as Language) ? (language as Language) : 'en'
  let words = byLanguage.get(known)
  if (!words) {
    const locale = known === 'en' ? 'en-US' : known
    const compiled = new Map<WordKey, IntlMessageFormat>()
    words = {
      language: known,
      locale,
      t(key, values) {
        let message = compiled.get(key)
        if (!message) {
          message = new IntlMessageFormat(catalogues[known][key], locale)
          compiled.set(key, message)
        }
        return String(message.format(values))
      },
    }
    byLanguage.set(known, words)
  }
  return words
}
