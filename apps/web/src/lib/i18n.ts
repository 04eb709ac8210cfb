import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import i18next from 'i18next'
import ICU from 'i18next-icu'
import resourcesToBackend from 'i18next-resources-to-backend'
import { initReactI18next } from 'react-i18next'
import { bestLanguage, languages, type Language } from '@remi/shared'
import { en, type Catalogue } from '../locales/en'
import { followScreens } from './api-client'
import { personLocale } from './clock'
import { userSettingsQueryOptions } from './settings'

// t() knows the source catalogue's keys: a key that is not there fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalogue }
  }
}

export const i18n = i18next

/** The browser's best language among Remi's (navigator.languages, best first), else English. */
export function browserLanguage(): Language {
  return bestLanguage(navigator.languages?.length ? navigator.languages : [navigator.language])
}

/**
 * The locale translated screens format dates, times and numbers in (Intl): the screens' language, in the
 * browser's own region when that is the same language ("de" on the page and "de-AT" in the browser: de-AT).
 * English keeps the browser's first language, as the screens wrote times before they were translated.
 */
export function screenLocale(): string | undefined {
  const browser = personLocale()
  const language = i18n.resolvedLanguage ?? i18n.language
  if (!language || language === 'en') return browser
  if (!language.includes('-') && browser?.split('-')[0] === language) return browser
  return language
}

/**
 * The other languages' catalogues, each a chunk of its own fetched when the screens first need it (they
 * were a sixth of /dashboard's JavaScript when all were bundled).
 */
const otherCatalogues: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  'pt-PT': () => import('../locales/pt-PT').then((m) => m.ptPT),
  es: () => import('../locales/es').then((m) => m.es),
  fr: () => import('../locales/fr').then((m) => m.fr),
  de: () => import('../locales/de').then((m) => m.de),
}

/**
 * Starts i18next once, in the browser's language (the signed-in user's setting replaces it, useLanguage).
 * Texts are ICU messages (i18next-icu). English, the source and the fallback, is bundled; another language
 * is loaded before the screens switch to it (changeLanguage waits for it, and the signed-in layout waits
 * for the first one: useTranslation's `ready`).
 */
export function initI18n(): void {
  if (i18n.isInitialized) return
  // The API's requests ask for the server's messages in the screens' language (Accept-Language), and
  // its own texts for a failed request are said in it.
  followScreens({
    language: () => (i18n.isInitialized ? (i18n.resolvedLanguage ?? i18n.language) : undefined),
    text: (key, values) => String(i18n.t(`common.api.${key}`, values ?? {})),
  })
  // <html lang> follows the language, for screen readers, hyphenation and the browser's translate offer.
  i18n.on('languageChanged', (language) => document.documentElement.setAttribute('lang', language))
  void i18n
    .use(ICU)
    .use(initReactI18next)
    .use(
      resourcesToBackend((language: string) =>
        language in otherCatalogues ? otherCatalogues[language as keyof typeof otherCatalogues]() : en,
      ),
    )
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      lng: browserLanguage(),
      fallbackLng: 'en',
      supportedLngs: [...languages],
      // "pt-PT" is a catalogue of its own, never looked up as "pt" then "pt-PT".
      load: 'currentOnly',
      initAsync: false,
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
}

/** Keeps the screens in the signed-in user's language (Settings → Language), as saved. */
export function useLanguage(): void {
  const stored = useQuery(userSettingsQueryOptions()).data?.language
  useEffect(() => {
    void i18n.changeLanguage(stored ?? browserLanguage())
  }, [stored])
}
