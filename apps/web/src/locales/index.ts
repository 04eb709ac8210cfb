import type { Language } from '@remi/shared'
import { de } from './de'
import { en, type Catalogue } from './en'
import { es } from './es'
import { fr } from './fr'
import { ptPT } from './pt-PT'

/**
 * Every language's catalogue, English the source: the table the catalogue checks and the e2e walk read. The
 * app bundles English alone and loads another language when it is needed (lib/i18n.ts).
 */
export const catalogues: Record<Language, Catalogue> = { en, 'pt-PT': ptPT, es, fr, de }
export type { Catalogue }
