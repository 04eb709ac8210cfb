import type { MemoryRecord } from '../memories/index.ts'
import type { RecallRepo } from './recall.repo.ts'
import type { SemanticRecall } from './semantic.ts'

/** Reciprocal rank fusion's constant (the usual 60). */
const RRF_K = 60

/** Semantic search's list, within its time limit, fused with the words' (reciprocal rank fusion). */
export function createFusion(options: {
  repo: RecallRepo
  semantic?: SemanticRecall | undefined
  semanticWaitMs: number
}) {
  const { repo, semanticWaitMs } = options

  /** Semantic search's ids within its time limit, or null (not configured, failing, or too slow). */
  function nearest(userId: string, text: string, limit: number): Promise<string[] | null> {
    const semantic = options.semantic
    if (!semantic || !text.trim()) return Promise.resolve(null)
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        controller.abort()
        resolve(null)
      }, semanticWaitMs)
    })
    const asked = semantic
      .nearest(userId, text, limit, { signal: controller.signal })
      .catch(() => null)
      .finally(() => clearTimeout(timer))
    return Promise.race([asked, late])
  }

  /** The memories semantic search found that the words did not, read whole. */
  async function missing(userId: string, ranked: MemoryRecord[], ids: string[] | null) {
    if (!ids?.length) return []
    const known = new Set(ranked.map((m) => m.id))
    return repo.byIds(
      userId,
      ids.filter((id) => !known.has(id)),
    )
  }

  /**
   * Reciprocal rank fusion of the words' list and semantic search's (each memory 1/(60 + rank) from
   * each list it is on); the words' list alone when semantic search gave nothing.
   */
  function fuse<T extends MemoryRecord>(
    ranked: T[],
    ids: string[] | null,
    extra: MemoryRecord[],
  ): (T | MemoryRecord)[] {
    if (!ids?.length) return ranked
    const score = new Map<string, number>()
    ranked.forEach((m, i) => score.set(m.id, 1 / (RRF_K + i + 1)))
    ids.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + i + 1)))
    const byId = new Map<string, T | MemoryRecord>([
      ...extra.map((m) => [m.id, m] as const),
      ...ranked.map((m) => [m.id, m] as const),
    ])
    return [...score.entries()]
      .filter(([id]) => byId.has(id))
      .sort((a, b) => b[1] - a[1])
      .map(([id]) => byId.get(id)!)
  }

  return { nearest, missing, fuse }
}
