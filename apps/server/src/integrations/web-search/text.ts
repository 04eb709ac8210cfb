import { WEB_LIMITS } from './types.ts'

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
}

/** A provider's snippet as plain text: tags (Brave marks the words found with <strong>) and entities gone. */
export function plainSnippet(value: unknown): string {
  if (typeof value !== 'string') return ''
  const text = value
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)))
      return ENTITIES[name.toLowerCase()] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > WEB_LIMITS.snippetMax ? `${text.slice(0, WEB_LIMITS.snippetMax - 1).trimEnd()}…` : text
}

/** Only http(s) results, each address once, at most `limit`. */
export function keepResults<T extends { url: string }>(results: T[], limit: number): T[] {
  const seen = new Set<string>()
  const kept: T[] = []
  for (const r of results) {
    if (!/^https?:\/\//i.test(r.url) || seen.has(r.url)) continue
    seen.add(r.url)
    kept.push(r)
    if (kept.length >= limit) break
  }
  return kept
}
