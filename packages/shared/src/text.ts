/**
 * PostgreSQL cannot store NUL in text or jsonb, and a lone UTF-16 surrogate (valid in a JSON string,
 * not in UTF-8) is refused by jsonb and mangled by PGlite's encoder. Schemas refuse both so they are
 * a 400 naming the field instead of a database error.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/\p{Cs}/u.test(value)
}

/**
 * The first `end` UTF-16 units of `text`, one fewer where the last would be the first half of a
 * surrogate pair (an emoji): a cut text stays storable (isStorableText) and shows no '�'.
 */
export function sliceWhole(text: string, end: number): string {
  return text.slice(0, /[\uD800-\uDBFF]/.test(text.charAt(end - 1)) ? end - 1 : end)
}

/** `text` in at most `max` characters: a longer one cut, an ellipsis ending it, never half a surrogate pair. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${sliceWhole(text, max - 1).trimEnd()}…`
}
