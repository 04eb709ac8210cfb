import { languages, supportedLanguage, type Language } from '@remi/shared'
import { IntlMessageFormat } from 'intl-messageformat'
import Negotiator from 'negotiator'
import { de } from './de.ts'
import { errorsEn, kindsEn, labelsEn, type ErrorKey, type LanguageErrors } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'
import { ptPT } from './pt-PT.ts'

export { errorsEn, type ErrorKey } from './en.ts'

export const errorCatalogues: Record<Exclude<Language, 'en'>, LanguageErrors> = { 'pt-PT': ptPT, es, fr, de }

interface Matcher {
  key: ErrorKey
  pattern: RegExp
  names: string[]
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Each English message as a pattern of its values, the most specific first (the most words of its
 * own), so "The reminder's time must be in the future." wins over "{label} must be {kind}.".
 */
const matchers: Matcher[] = (Object.entries(errorsEn) as [ErrorKey, string][])
  .map(([key, english]) => {
    const names: string[] = []
    const source = english
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1]
        if (!name) return escape(part)
        names.push(name)
        return '(.+?)'
      })
      .join('')
    return {
      key,
      pattern: new RegExp(`^${source}$`, 's'),
      names,
      own: english.replace(/\{\w+\}/g, '').length,
    }
  })
  .sort((a, b) => b.own - a.own)

const isLabel = (s: string): s is (typeof labelsEn)[number] => (labelsEn as readonly string[]).includes(s)
const isKind = (s: string): s is (typeof kindsEn)[number] => (kindsEn as readonly string[]).includes(s)
/** "20,000" or "25": a count the message may put in its plural. */
const NUMBER = /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/

/** Values that are lists of quoted code values in every language ("'json' or 'markdown'"). */
const QUOTED = new Set(['first', 'last', 'values'])

const compiled = new Map<string, IntlMessageFormat>()
function format(language: Exclude<Language, 'en'>, key: ErrorKey, values: Record<string, string | number>) {
  const id = `${language}\0${key}`
  let message = compiled.get(id)
  if (!message) {
    message = new IntlMessageFormat(errorCatalogues[language].messages[key], language)
    compiled.set(id, message)
  }
  return String(message.format(values))
}

/** The key and values of an English message the catalogue knows, or undefined. */
export function errorKeyOf(english: string): { key: ErrorKey; values: Record<string, string> } | undefined {
  for (const { key, pattern, names } of matchers) {
    const m = pattern.exec(english)
    if (!m) continue
    const values: Record<string, string> = {}
    names.forEach((name, i) => (values[name] = m[i + 1]!))
    return { key, values }
  }
  return undefined
}

/**
 * `english` (a message as the server says it) in `language`, or undefined when the catalogue has no
 * message for it (a text made elsewhere: an upstream's, a schema's own) and it stays English.
 */
export function translateError(english: string, language: string | undefined): string | undefined {
  if (!languages.includes(language as Language) || language === 'en') return undefined
  const lang = language as Exclude<Language, 'en'>
  const catalogue = errorCatalogues[lang]
  for (const { key, pattern, names } of matchers) {
    const m = pattern.exec(english)
    if (!m) continue
    const values: Record<string, string | number> = {}
    let ok = true
    names.forEach((name, i) => {
      const value = m[i + 1]!
      if (name === 'message') {
        const inner = translateError(value, lang)
        if (inner === undefined) ok = false
        else values[name] = inner
      } else if (name === 'label') {
        if (isLabel(value)) values[name] = catalogue.labels[value]
        else ok = false
      } else if (name === 'kind') {
        if (isKind(value)) values[name] = catalogue.kinds[value]
        else if (/^'[^']*'$|^\d+$/.test(value)) values[name] = value
        else ok = false
      } else if (QUOTED.has(name)) {
        // Values as the code spells them ('light', 'dark'): only those, never English words.
        if (/^'[^']*'(?:, '[^']*')*$/.test(value)) values[name] = value
        else ok = false
      } else values[name] = NUMBER.test(value) ? Number(value.replaceAll(',', '')) : value
    })
    if (ok) return format(lang, key, values)
  }
  return undefined
}

/** Primary subtags Negotiator ranks against: a request's "pt-BR" or "de-AT" matches its "pt" or "de". */
const PRIMARY = ['en', 'pt', 'es', 'fr', 'de']

/**
 * The language a request's errors are said in: the best of Remi's for its Accept-Language (q-values
 * honoured), English when it asks for none of them (as modules/auth's preferredLanguage for new accounts).
 */
export function requestLanguage(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '')
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(PRIMARY)
  return (best && supportedLanguage(best)) || 'en'
}

/** The message in the request's language: its translation, or the English itself. */
export const errorIn = (english: string, language: string | undefined) =>
  translateError(english, language) ?? english
