import { supportedLanguage, type Language } from '@remi/shared'
import Negotiator from 'negotiator'

/** Primary subtags Negotiator ranks against: a request's "pt-BR" or "es-MX" matches its "pt" or "es". */
const PRIMARY = ['en', 'pt', 'es', 'fr', 'de']

/**
 * The language a new account starts in: the best of Remi's for the browser's Accept-Language, its
 * q-values honoured (Negotiator), and English when none of them is asked for.
 */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).languages(PRIMARY)
  return (best && supportedLanguage(best)) || 'en'
}
