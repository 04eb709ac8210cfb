import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

/**
 * Memories' vectors in pgvector. The table is made at start-up, not by a migration, because it exists
 * only where the `vector` extension does (PGlite ships it; PostgreSQL only when it is installed, which
 * Debian's packages are not): a migration would fail there, or, tolerating the absence, never run again
 * once an administrator adds the extension. Created only when an embedding model is configured.
 *
 * One table for every model, the vector column without a dimension: a model's vectors all have one
 * length, and each model gets a partial HNSW index over `embedding::vector(N)` for its rows only. A
 * table per dimension would need dynamic table names in every query and a migration of rows when two
 * models share a length; a typed column would force one model for all time. A model change writes the
 * new model's rows beside the old ones (searches read the current model's only, so they see what has
 * been re-embedded so far) and the old rows and index are dropped once the new model's backfill is done.
 */

/** What a memory's vector is made of: the text and the tags, as the lexical search reads them too. */
const SOURCE = sql`m.text || E'\\n' || array_to_string(m.tags, ' ')`
/** Changes whenever the embedded text does: a vector whose hash differs is stale. */
const SOURCE_HASH = sql`md5(${SOURCE})`
/** Serialises the table's creation between instances starting at once. */
const STORE_LOCK_KEY = 0x52454d45 // "REME"

export interface PendingMemory {
  id: string
  userId: string
  text: string
  hash: string
}

export type StoreState = { available: true } | { available: false; reason: string }

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`
/** The model's partial index: its name from the model's name, which may hold any character. */
const indexName = (model: string) =>
  `memory_embeddings_hnsw_${createHash('sha1').update(model).digest('hex').slice(0, 12)}`
const toVector = (values: number[]) => `[${values.join(',')}]`

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

export function createEmbeddingsRepo(db: Db) {
  return {
    /** Makes the extension, table and indexes when the database can; says why not otherwise. */
    async ensureStore(): Promise<StoreState> {
      const available = await rows<{ name: string }>(
        db,
        sql`select name from pg_available_extensions where name = 'vector'`,
      )
      if (available.length === 0) {
        return { available: false, reason: 'the database has no pgvector extension (vector)' }
      }
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${STORE_LOCK_KEY})`)
          await tx.execute(sql`create extension if not exists vector`)
          await tx.execute(sql`create table if not exists memory_embeddings (
            memory_id uuid not null references memories(id) on delete cascade,
            user_id uuid not null references users(id) on delete cascade,
            model text not null,
            source_hash text not null,
            embedding vector not null,
            embedded_at timestamptz not null default now(),
            primary key (memory_id, model)
          )`)
          // Progress counts and the exact scan for a user with few vectors.
          await tx.execute(
            sql`create index if not exists memory_embeddings_user_model_idx on memory_embeddings (user_id, model)`,
          )
        })
        return { available: true }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        return { available: false, reason: `the pgvector extension could not be enabled (${message})` }
      }
    },

    /** The model's vector length, from a stored vector; null before the first. */
    async dimensions(model: string): Promise<number | null> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select vector_dims(embedding) as n from memory_embeddings where model = ${model} limit 1`,
      )
      return row ? Number(row.n) : null
    },

    /** The model's HNSW cosine index (a no-op when it exists; a lost race with another instance is one too). */
    async ensureIndex(model: string, dimensions: number): Promise<void> {
      const n = Math.trunc(dimensions)
      try {
        await db.execute(
          sql.raw(`create index if not exists ${indexName(model)} on memory_embeddings
            using hnsw ((embedding::vector(${n})) vector_cosine_ops) where model = ${literal(model)}`),
        )
      } catch (error) {
        if (!/already exists/.test(String(error))) throw error
      }
    },

    /** These memories as they are now (deleted and private ones are left out: no model reads those), with their source hash. */
    async memories(ids: string[]): Promise<PendingMemory[]> {
      if (ids.length === 0) return []
      return rows<PendingMemory>(
        db,
        sql`select m.id, m.user_id as "userId", ${SOURCE} as text, ${SOURCE_HASH} as hash
            from memories m
            where m.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
              and not m.private`,
      )
    },

    /**
     * One step of the backfill: of the (at most `scan`) memories after `after` in id order, those with
     * no vector of `model` or a stale one, at most `limit`; and where the next step starts (null: done).
     * Short steps: on PGlite's one backend a request waits for the step in progress.
     */
    async pending(
      model: string,
      after: string | null,
      limit: number,
      scan = 500,
    ): Promise<{ items: PendingMemory[]; next: string | null }> {
      const start = after ?? '00000000-0000-0000-0000-000000000000'
      const [page] = await rows<{ last: string | null }>(
        db,
        sql`select max(id::text collate "C")::uuid as last from (select id from memories where id > ${start}::uuid order by id limit ${scan}) p`,
      )
      if (!page?.last) return { items: [], next: null }
      const items = await rows<PendingMemory>(
        db,
        sql`select m.id, m.user_id as "userId", ${SOURCE} as text, ${SOURCE_HASH} as hash
            from memories m
            left join memory_embeddings e on e.memory_id = m.id and e.model = ${model}
            where m.id > ${start}::uuid and m.id <= ${page.last}::uuid and not m.private
              and (e.memory_id is null or e.source_hash <> ${SOURCE_HASH})
            order by m.id limit ${limit}`,
      )
      return { items, next: items.length === limit ? items[items.length - 1]!.id : page.last }
    },

    /**
     * Stores vectors, each only if its memory still exists and still says what was embedded (an edit
     * while the model was answering has its own job, which must not be overwritten by this older one).
     */
    async upsert(model: string, items: Array<{ id: string; hash: string; embedding: number[] }>) {
      if (items.length === 0) return 0
      const payload = JSON.stringify(items.map((i) => ({ id: i.id, hash: i.hash, v: toVector(i.embedding) })))
      const result = await db.execute(sql`
        insert into memory_embeddings (memory_id, user_id, model, source_hash, embedding)
        select m.id, m.user_id, ${model}, r.hash, r.v::vector
        from jsonb_to_recordset(${payload}::jsonb) as r(id uuid, hash text, v text)
        join memories m on m.id = r.id and ${SOURCE_HASH} = r.hash
        on conflict (memory_id, model) do update
          set source_hash = excluded.source_hash, embedding = excluded.embedding, embedded_at = now()`)
      return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0
    },

    /**
     * The user's memories nearest to `vector` by cosine, best first, among `model`'s vectors. HNSW
     * returns its best candidates before the user filter; iterative scanning keeps reading until enough
     * of this user's are found (others' vectors share the index). So the candidate list (ef_search) need
     * not make room for others' vectors: twice the results, at least pgvector's default 40. It was four
     * times (96 for recall's 24), which made hybrid recall's vector search the larger part of its time on
     * PGlite: bench:recall at 100 000 memories, hybrid p95 70.3 ms with 96, 55.8 ms with 48.
     */
    async nearest(userId: string, model: string, vector: number[], limit: number): Promise<string[]> {
      const n = Math.trunc(vector.length)
      const expression = sql.raw(`embedding::vector(${n})`)
      const target = sql.raw(`'${toVector(vector)}'::vector(${n})`)
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`)
        await tx.execute(sql.raw(`set local hnsw.ef_search = ${Math.max(40, Math.min(400, limit * 2))}`))
        const found = await rows<{ id: string }>(
          tx as unknown as Db,
          sql`select id from (
                select memory_id as id, ${expression} <=> ${target} as distance
                from memory_embeddings
                where model = ${sql.raw(literal(model))} and user_id = ${userId}
                order by ${expression} <=> ${target} limit ${limit}
              ) nearest order by distance`,
        )
        return found.map((r) => r.id)
      })
    },

    /** How many of the user's memories have a vector of `model`, and how many memories they have. */
    async progress(userId: string, model: string): Promise<{ ready: number; total: number }> {
      const [row] = await rows<{ ready: number; total: number }>(
        db,
        sql`select
              (select count(*) from memory_embeddings where user_id = ${userId} and model = ${model})::int as ready,
              coalesce((select total from memory_counts where user_id = ${userId}), 0)::int as total`,
      )
      return { ready: Number(row?.ready ?? 0), total: Number(row?.total ?? 0) }
    },

    /**
     * Gives the planner the vectors' statistics. Without them (PGlite has no autovacuum to gather them) a
     * nearest search sorts every one of the person's vectors through the (user, model) index instead of
     * walking the HNSW index: 310 ms instead of a few at 100 000 memories.
     */
    async analyze() {
      await db.execute(sql`analyze memory_embeddings`)
    },

    /** Drops other models' vectors and indexes, once the current model covers every memory. */
    async dropOtherModels(model: string): Promise<number> {
      const others = await rows<{ model: string }>(
        db,
        sql`select distinct model from memory_embeddings where model <> ${model}`,
      )
      for (const other of others) {
        await db.execute(sql.raw(`drop index if exists ${indexName(other.model)}`))
        await db.execute(sql`delete from memory_embeddings where model = ${other.model}`)
      }
      return others.length
    },
  }
}
export type EmbeddingsRepo = ReturnType<typeof createEmbeddingsRepo>
