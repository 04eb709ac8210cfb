import { sql } from 'drizzle-orm'
import { floatParam, textParam, type Db } from '../../db/client.ts'
import { memories, memoryTerms } from '../../db/schema.ts'
import { filterConditions, listOrder, type MemoryQuery } from '../memories/index.ts'

/** The local semantic signal's one query (local-semantic.ts weighs what it reads). */
export function createLocalSemanticRepo(db: Db) {
  return {
    /**
     * The newest of the user's memories (at most `candidates`, never a private one, among those `filters`
     * allow) holding the leads they hold, rarest first (a lead's memories over its nearness: a neighbour
     * as if commoner than it is), until their memories add up to `target`; a lead in more than `common`
     * memories is left out. Each with its search column as text (its stemmed words).
     */
    async memoriesHolding(
      userId: string,
      leads: Array<[lexeme: string, near: number]>,
      filters: MemoryQuery,
      limits: { common: number; target: number; candidates: number },
    ): Promise<Array<{ id: string; words: string }>> {
      const { where } = filterConditions(userId, { ...filters, searchTerm: undefined, withPrivate: false })
      const result = (await db.execute(sql`
        with q(term, near) as (
          select * from unnest(${textParam(leads.map(([l]) => l))}, ${floatParam(leads.map(([, n]) => n))})),
        held as (
          select q.term, t.memories, t.memories / q.near as reach from q
          join ${memoryTerms} t on t.user_id = ${userId} and t.term = q.term
          where t.memories between 1 and ${limits.common}),
        chosen as (
          select term from (select term, memories, sum(memories) over (order by reach, term) as total from held) r
          where total - memories < ${limits.target})
        select id, search::text as words from ${memories}
        where ${where}
          and ${memories.search} @@ (select to_tsquery('simple', string_agg(quote_literal(term), ' | ')) from chosen)
        order by ${listOrder()} limit ${limits.candidates}`)) as unknown as {
        rows: Array<{ id: string; words: string }>
      }
      return result.rows
    },
  }
}
