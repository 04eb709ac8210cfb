import type { TFunction } from 'i18next'
import { isMemoryDate, MEMORY_LIMITS, normalizeTags } from '@remi/shared'
import { i18n } from '../../../lib/i18n'

export interface MemoryFieldErrors {
  tags?: string
  date?: string
}

/**
 * The server's rules for a memory's tags and date, checked as the person types so a save is never
 * refused in silence: at most 20 tags of 1–50 characters, a real date between 1900 and 2100 (or none).
 * Said in the screen's language.
 */
export function memoryFieldErrors(tagsInput: string, date: string, t: TFunction = i18n.t): MemoryFieldErrors {
  const errors: MemoryFieldErrors = {}
  const tags = normalizeTags(tagsInput)
  const long = tags.find((tag) => tag.length > MEMORY_LIMITS.tagMax)
  if (tags.length > MEMORY_LIMITS.tagsMax)
    errors.tags = t('memories.validate.tooManyTags', { max: MEMORY_LIMITS.tagsMax, count: tags.length })
  else if (long)
    errors.tags = t('memories.validate.tagTooLong', {
      max: MEMORY_LIMITS.tagMax,
      tag: long.slice(0, 20),
      length: long.length,
    })
  if (date && !isMemoryDate(date))
    errors.date = t('memories.validate.dateRange', { min: MEMORY_LIMITS.minYear, max: MEMORY_LIMITS.maxYear })
  return errors
}
