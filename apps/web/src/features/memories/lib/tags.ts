export const TAG_SUGGESTIONS = 5
export const QUICK_TAGS = 8
export const POPULAR_TAGS = 10
export const POPULAR_TAGS_SHOWN = 6

/** Tags typed as free text: comma-separated, trimmed, blanks dropped. */
export function parseTagInput(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
}

/** A memory's tags arrive as an array or a comma-separated string (spec §3). */
export function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((t): t is string => typeof t === 'string' && t.trim() !== '')
  if (typeof value === 'string') return parseTagInput(value)
  return []
}

/** Up to 5 known tags containing what is typed after the last comma, not already entered. */
export function tagSuggestions(input: string, known: string[], limit = TAG_SUGGESTIONS): string[] {
  const commaAt = input.lastIndexOf(',')
  const typed = input
    .slice(commaAt + 1)
    .trim()
    .toLowerCase()
  if (!typed) return []
  const entered = new Set(parseTagInput(input.slice(0, commaAt + 1)).map((t) => t.toLowerCase()))
  return known
    .filter((tag) => tag.toLowerCase().includes(typed) && !entered.has(tag.toLowerCase()))
    .slice(0, limit)
}

/** Replaces the part after the last comma with the chosen tag, ready for the next one. */
export function applySuggestion(input: string, tag: string): string {
  const commaAt = input.lastIndexOf(',')
  const before = parseTagInput(input.slice(0, commaAt + 1))
  return [...before, tag].join(', ') + ', '
}

/** Adds a tag to the typed list unless it is already there (any case). */
export function addTag(input: string, tag: string): string {
  const tags = parseTagInput(input)
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return input
  return [...tags, tag].join(', ')
}

export function quickTags(known: string[], limit = QUICK_TAGS): string[] {
  return known.slice(0, limit)
}
