import { sql } from 'drizzle-orm'
import { giveWay, queryRows, type Db } from '../../db/client.ts'
import type { JobQueue } from '../../jobs/queue.ts'

/** Memories given their owner's new language per statement: a short write, so other requests go between. */
const BATCH = 500

/**
 * A memory's words are stemmed in its owner's language (issue 51; migration 0032 keeps it on the row,
 * set on insert). When the person changes language, a job of the queue gives their memories the new
 * one a batch at a time (a durable job: a restart finishes it), and memory_terms follows through its
 * trigger. Until it is done, searches in the new language find the memories already done.
 */
export function createSearchLanguage({ db, jobs }: { db: Db; jobs: JobQueue }) {
  /** The user's memories not yet in their language, a batch; how many were changed. */
  async function restemBatch(userId: string): Promise<number> {
    // The user's language as stored now (a later change wins); a deleted user has no memories left.
    const language = sql`coalesce((select language from users where id = ${userId}), m.search_language)`
    const rows = await queryRows<{ id: string }>(
      db,
      sql`update memories m set search_language = ${language}
        where m.id in (select id from memories m where m.user_id = ${userId}
          and m.search_language <> ${language} limit ${BATCH} for update skip locked)
        returning m.id`,
    )
    return rows.length
  }

  /** Every memory of the user in their language; stops early when `signal` aborts (the job is retried). */
  async function restem(userId: string, signal?: AbortSignal): Promise<void> {
    while ((await restemBatch(userId)) === BATCH && !signal?.aborted) await giveWay(db, 200)
  }

  const job = jobs.define<{ userId: string }>('memory-search-language', {
    retryLimit: 10,
    retryDelaySeconds: 5,
    expireInSeconds: 900,
    async work(batch) {
      for (const { data, signal } of batch) await restem(data.userId, signal)
    },
  })

  return {
    /** The person chose another language (Settings → Language): their memories follow, in the background. */
    async languageChanged(userId: string): Promise<void> {
      await job.send({ userId })
    },
    restem,
  }
}
export type SearchLanguage = ReturnType<typeof createSearchLanguage>
