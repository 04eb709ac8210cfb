/**
 * PostgreSQL cannot store NUL in text or jsonb, and a lone UTF-16 surrogate (valid in a JSON string,
 * not in UTF-8) is refused by jsonb and mangled by PGlite's encoder. Schemas refuse both so they are
 * a 400 naming the field instead of a database error.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/\p{Cs}/u.test(value)
}
