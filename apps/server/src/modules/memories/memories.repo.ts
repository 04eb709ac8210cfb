import type { Db } from '../../db/client.ts'
import { createMemoryDaysRepo } from './memory-days.repo.ts'
import { createMemoryImportsRepo } from './memory-imports.repo.ts'
import { createMemoryListRepo, RANKED_CANDIDATES, SEARCH_COUNT_BOUND } from './memory-list.repo.ts'
import { createMemoryRecordsRepo } from './memory-records.repo.ts'

export { type DayMemoryRow } from './memory-days.repo.ts'
export { ImportConflictError, ImportRunningError } from './memory-imports.repo.ts'
export { RANKED_CANDIDATES, SEARCH_COUNT_BOUND, type ListResult } from './memory-list.repo.ts'
export {
  filterConditions,
  hasFilesColumn,
  listOrder,
  SEARCH_WORDS,
  toRecord,
  type ListRow,
  type MemoryQuery,
  type MemoryRecord,
  type NewMemory,
} from './memory-query.repo.ts'

/**
 * The memories' storage, by concern: the list and its searches (memory-list.repo.ts), one memory at a
 * time (memory-records.repo.ts), memories by their day (memory-days.repo.ts) and imports
 * (memory-imports.repo.ts); the filters and order they share are in memory-query.repo.ts.
 */
export function createMemoriesRepo(
  db: Db,
  /** Tests: a small bound and candidate set, to reach the many-matches path with few memories. */
  { countBound = SEARCH_COUNT_BOUND, candidates = RANKED_CANDIDATES } = {},
) {
  return {
    ...createMemoryListRepo(db, { countBound, candidates }),
    ...createMemoryRecordsRepo(db),
    ...createMemoryDaysRepo(db),
    ...createMemoryImportsRepo(db),
  }
}
export type MemoriesRepo = ReturnType<typeof createMemoriesRepo>
