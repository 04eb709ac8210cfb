export const TRUNCATE_AT = 150

/** Spec §4: longer texts show their first 150 characters plus '...'. */
export function truncateText(text: string, limit = TRUNCATE_AT): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false }
  return { text: `${text.slice(0, limit)}...`, truncated: true }
}
