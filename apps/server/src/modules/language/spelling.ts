/**
 * "Did you mean …?": a question's words corrected against the words the user's own memories use, for a
 * search that found nothing ("dentsit" → "dentist", "Marat" → "Marta"). No dictionary: only what the
 * user wrote can be suggested.
 */

/** The optimal string alignment distance (Levenshtein with swaps of neighbours), or `max + 1` past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1)
      current.push(d)
    }
    before = previous
    previous = current
  }
  return Math.min(previous[b.length]!, max + 1)
}

/** The words of some texts as a search takes them, lower case, with how often each is used. */
function vocabulary(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
      if (word.length >= 3) counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return counts
}

/**
 * The words with each one no text holds (as a word or the start of one) replaced by the closest word
 * the texts use: one letter off for words of up to four letters, two for longer ones; the most used
 * wins a tie. Words with digits are kept as they are. Null when no word changes.
 */
export function correctedWords(words: readonly string[], texts: readonly string[]): string[] | null {
  const known = vocabulary(texts)
  let changed = false
  const corrected = words.map((word) => {
    if (/\d/.test(word) || word.length < 3) return word
    for (const used of known.keys()) if (used.startsWith(word)) return word
    const max = word.length <= 4 ? 1 : 2
    let best: { word: string; distance: number; count: number } | null = null
    for (const [used, count] of known) {
      const distance = editDistance(word, used, max)
      if (distance > max) continue
      if (!best || distance < best.distance || (distance === best.distance && count > best.count)) {
        best = { word: used, distance, count }
      }
    }
    if (!best) return word
    changed = true
    return best.word
  })
  return changed ? corrected : null
}
