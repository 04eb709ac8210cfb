import type { Parser } from 'chrono-node'

/** Rewrites every language's times need before chrono reads them: "17h" → "17:00", "8h30" → "8:30". */
export const hourWords: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![\p{L}\p{N}])(\d{1,2})\s?h\s?(\d{2})(?![\p{L}\p{N}])/giu, '$1:$2'],
  [/(?<![\p{L}\p{N}])(\d{1,2})\s?h(?![\p{L}\p{N}])/giu, '$1:00'],
]

/** The index (0 = Sunday) of the weekday a word names, from the language's names Sunday first. */
export function weekdayIndex(names: readonly string[], word: string): number | null {
  const said = word.toLowerCase()
  const index = names.findIndex((name) => said.startsWith(name) || name.startsWith(said))
  return index < 0 ? null : index
}

/** Words written with spaces between them, as a list. */
export const listOf = (words: string): readonly string[] => words.split(/\s+/).filter(Boolean)

/** A chrono-node parser for the words of "the day after tomorrow" ("depois de amanhã", "après-demain"). */
export const dayAfterTomorrow = (words: RegExp): Parser => ({
  pattern: () => words,
  extract(context) {
    const day = context.reference.getDateWithAdjustedTimezone()
    day.setDate(day.getDate() + 2)
    return { day: day.getDate(), month: day.getMonth() + 1, year: day.getFullYear() }
  },
})
