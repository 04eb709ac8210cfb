import { isMemoryDate, MEMORY_LIMITS, normalizeTags } from '@remi/shared'

export interface MemoryFieldErrors {
  tags?: string
  date?: string
}

/**
 * The server's rules for a memory's tags and date, checked as the person types so a save is never
 * refused in silence: at most 20 tags of 1–50 characters, a real date between 1900 and 2100 (or none).
 */
export function memoryFieldErrors(tagsInput: string, date: string): MemoryFieldErrors {
  const errors: MemoryFieldErrors = {}
  const tags = normalizeTags(tagsInput)
  const long = tags.find((tag) => tag.length > MEMORY_LIMITS.tagMax)
  if (tags.length > MEMORY_LIMITS.tagsMax)
    errors.tags = `At most ${MEMORY_LIMITS.tagsMax} tags are allowed (this has ${tags.length}).`
  else if (long)
    errors.tags = `Each tag must be at most ${MEMORY_LIMITS.tagMax} characters (“${long.slice(0, 20)}…” has ${long.length}).`
  if (date && !isMemoryDate(date))
    errors.date = `Choose a date between ${MEMORY_LIMITS.minYear} and ${MEMORY_LIMITS.maxYear}.`
  return errors
}
