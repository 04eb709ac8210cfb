import type { FastifyInstance } from 'fastify'
import type { HeavyJobs } from '../../lib/heavy-jobs.ts'
import { memoriesRoutes, type ClosestMemories } from './memories.routes.ts'
import type { MemoriesService } from './memories.service.ts'

export { checkMemories, field, type ImportFileMessage } from './import-file.check.ts'
export { IN_THREAD_MAX_BYTES } from './import-file.ts'
export { createMemoriesRepo, type DayMemoryRow } from './memories.repo.ts'
// Recall ranks the same table the list searches: it builds on the list's filters, order and rows.
export {
  filterConditions,
  hasFilesColumn,
  listOrder,
  toRecord,
  type ListRow,
  type MemoryQuery,
  type MemoryRecord,
} from './memories.repo.ts'
export {
  createMemoriesService,
  remappedId,
  toMemory,
  type LookupFilters,
  type MemoriesService,
  type SavedDays,
} from './memories.service.ts'
export { createMemoryVersionsRepo } from './memory-versions.repo.ts'
export { createSearchLanguage, type SearchLanguage } from './search-language.ts'

/** Memories API: registered at /api/memories. */
export async function memoriesModule(
  app: FastifyInstance,
  opts: { memories: MemoriesService; heavyJobs: HeavyJobs; recall?: ClosestMemories | undefined },
) {
  // Before the first request: an import cut short by a crash is all or nothing.
  const rolledBack = await opts.memories.recoverImports()
  if (rolledBack) app.log.warn({ imports: rolledBack }, 'rolled back imports a crash left unfinished')
  await app.register(memoriesRoutes, {
    service: opts.memories,
    heavyJobs: opts.heavyJobs,
    recall: opts.recall,
  })
}
