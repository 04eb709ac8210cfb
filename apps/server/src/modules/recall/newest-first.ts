import type { RankedRecord } from './recall.repo.ts'

/**
 * For a question about now: among memories that hold the same of the question's words (the same
 * fact told at different times, "Tiago works at Google" and later "Tiago works at Spotify now"), the
 * newest takes the best place of the group; other memories keep their places.
 */
export function newestFirstWhereTheyDisagree(
  ranked: RankedRecord[],
  /** Given: the ids of the older memories of each such group are added to it. */
  older?: Set<string>,
): RankedRecord[] {
  const key = (m: RankedRecord) => [...m.matched].sort().join(' ')
  const top = ranked[0]?.score ?? 0
  const groups = new Map<string, RankedRecord[]>()
  for (const m of ranked) {
    // Only memories close to the best: a weak match is no rival fact; nor is a neighbour that holds none of the words.
    if (m.score < top * 0.5 || m.matched.length === 0) continue
    groups.set(key(m), [...(groups.get(key(m)) ?? []), m])
  }
  const result = [...ranked]
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const places = group.map((m) => result.indexOf(m)).sort((a, b) => a - b)
    const newest = [...group].sort(
      (a, b) => b.sortDate.localeCompare(a.sortDate) || b.createdAt.getTime() - a.createdAt.getTime(),
    )
    places.forEach((place, i) => (result[place] = newest[i]!))
    for (const m of newest.slice(1)) older?.add(m.id)
  }
  return result
}
