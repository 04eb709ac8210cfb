import { sql, type SQL } from 'drizzle-orm'

/**
 * The words as a search box types them: the whole words before the last, stemmed, and the last one as the
 * start of a word ('dent' finds 'dentist', 'next tues' finds 'next Tuesday'). `words` are letters and digits
 * only (never tsquery syntax) and never empty. The memories search and the conversations search share it.
 */
export function typedQuery(words: readonly string[]): SQL {
  const typing = sql`to_tsquery('simple', ${`'${words.at(-1)}':*`})`
  if (words.length === 1) return typing
  return sql`(to_tsquery('english', ${words
    .slice(0, -1)
    .map((w) => `'${w}'`)
    .join(' & ')}) && ${typing})`
}
