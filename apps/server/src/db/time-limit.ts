import { sql } from 'drizzle-orm'
import { isSingleBackend, type Db } from './client.ts'

export class SearchTimeoutError extends Error {
  constructor() {
    super('The search took too long.')
    this.name = 'SearchTimeoutError'
  }
}

const isTimeout = (error: unknown) =>
  /statement timeout|canceling statement/i.test(String((error as { message?: unknown })?.message ?? error)) ||
  (error as { code?: string })?.code === '57014' ||
  ((error as { cause?: { code?: string } })?.cause?.code ?? '') === '57014'

/**
 * A statement under a time limit: on PostgreSQL a local statement_timeout in its own transaction, so a
 * long search gives its connection back; PGlite is one backend in a thread that cannot be interrupted,
 * so there the statements themselves are bounded (candidates, words) instead. In the same transaction
 * named statements (queryRows) are planned for each execution's values, as unnamed ones are: a search's
 * best plan depends on its words, and naming it only spares parsing it again.
 */
export async function withTimeLimit<T>(db: Db, timeoutMs: number, run: (exec: Db) => Promise<T>): Promise<T> {
  if (isSingleBackend(db)) return run(db)
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `select set_config('statement_timeout', '${Math.max(1, Math.round(timeoutMs))}', true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
        ),
      )
      return run(tx as unknown as Db)
    })
  } catch (error) {
    if (isTimeout(error)) throw new SearchTimeoutError()
    throw error
  }
}
