import { useEffect, useState, useSyncExternalStore } from 'react'
import { bestLanguage, type Language } from '@remi/shared'
import { auth as english } from '../../../locales/auth/en'

/**
 * The sign-in screens' texts (issue 51) without i18next: /login's JavaScript has a budget (120 KB gzip,
 * bench/run.ts) that i18next, its ICU parser and every catalogue would blow. English is here at once;
 * another browser language loads its `auth` catalogue and intl-messageformat in small chunks of their own
 * (the same ICU messages i18next formats behind sign-in), and the screen re-renders in it.
 */
export type AuthKey = keyof typeof english
export type AuthValues = Record<string, string | number>
export type Translate = (key: AuthKey, values?: AuthValues) => string

/** English has only {name} arguments (auth-texts.test.ts holds it to that), so no ICU parser is needed. */
export const fillIn = (text: string, values: AuthValues = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

const translateEnglish: Translate = (key, values) => fillIn(english[key], values)

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ auth: typeof english }>> = {
  'pt-PT': () => import('../../../locales/auth/pt-PT'),
  es: () => import('../../../locales/auth/es'),
  fr: () => import('../../../locales/auth/fr'),
  de: () => import('../../../locales/auth/de'),
}

const loaded = new Map<Language, Translate>([['en', translateEnglish]])
const loading = new Map<Language, Promise<Translate>>()
const listeners = new Set<() => void>()

/** The browser's best language among Remi's (navigator.languages, best first), else English. */
export function signInLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en'
  return bestLanguage(navigator.languages?.length ? navigator.languages : [navigator.language])
}

/** The texts in `language`, loaded once; English (at once) when its chunk cannot be loaded. */
export function loadAuthTexts(language: Language): Promise<Translate> {
  const ready = loaded.get(language)
  if (ready) return Promise.resolve(ready)
  let pending = loading.get(language)
  if (!pending) {
    const load = loaders[language as Exclude<Language, 'en'>]
    pending = Promise.all([load(), import('intl-messageformat')])
      .then(([{ auth }, { IntlMessageFormat }]) => {
        const compiled = new Map<AuthKey, InstanceType<typeof IntlMessageFormat>>()
        const translate: Translate = (key, values) => {
          let message = compiled.get(key)
          if (!message) {
            message = new IntlMessageFormat(auth[key], language)
            compiled.set(key, message)
          }
          return String(message.format(values))
        }
        loaded.set(language, translate)
        for (const listener of listeners) listener()
        return translate
      })
      .catch(() => {
        // A chunk that did not arrive (offline, a new deployment): English, and another try next time.
        loading.delete(language)
        return translateEnglish
      })
    loading.set(language, pending)
  }
  return pending
}

/** The texts in the browser's language, for messages said outside a render (the sign-in return's toasts). */
export const authTexts = (): Promise<Translate> => loadAuthTexts(signInLanguage())

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The sign-in screens' `t` and the language they are shown in: English until the browser's language
 * has loaded (at once when it already has), then that language.
 */
export function useAuthTexts(): { language: Language; t: Translate } {
  const [wanted] = useState(signInLanguage)
  const t = useSyncExternalStore(subscribe, () => loaded.get(wanted))
  useEffect(() => {
    void loadAuthTexts(wanted)
  }, [wanted])
  return t ? { language: wanted, t } : { language: 'en', t: translateEnglish }
}

/**
 * <html lang> follows the language the sign-in page is shown in (screen readers, hyphenation, the
 * browser's translate offer). Signed in, i18next keeps it (lib/i18n.ts).
 */
export function useDocumentLanguage(language: Language): void {
  useEffect(() => {
    document.documentElement.setAttribute('lang', language)
  }, [language])
}
