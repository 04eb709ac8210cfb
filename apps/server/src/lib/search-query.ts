import { sql, type SQL } from 'drizzle-orm'
import type { Language } from '@remi/shared'

/**
 * The text search configuration a language's words are stemmed in (issue 51): PostgreSQL's Snowball
 * stemmers and stop words, as migration 0032's remi_search_config() picks them for the stored words.
 * A literal from this closed table, so a plan sees it as a constant (as it saw 'english').
 */
const CONFIGS: Record<Language, SQL> = {
  en: sql.raw(`'english'`),
  'pt-PT': sql.raw(`'portuguese'`),
  es: sql.raw(`'spanish'`),
  fr: sql.raw(`'french'`),
  de: sql.raw(`'german'`),
}

/** The configuration for `language` (English when unknown). */
export const searchConfig = (language: Language | undefined): SQL => CONFIGS[language ?? 'en'] ?? CONFIGS.en

/**
 * The words as a search box types them: the whole words before the last, stemmed in `language`, and the
 * last one as the start of a word ('dent' finds 'dentist', 'next tues' finds 'next Tuesday'). `words` are
 * letters and digits only (never tsquery syntax) and never empty. The memories search and the
 * conversations search share it.
 */
export function typedQuery(words: readonly string[], language?: Language): SQL {
  const typing = sql`to_tsquery('simple', ${`'${words.at(-1)}':*`})`
  if (words.length === 1) return typing
  return sql`(to_tsquery(${searchConfig(language)}, ${words
    .slice(0, -1)
    .map((w) => `'${w}'`)
    .join(' & ')}) && ${typing})`
}
