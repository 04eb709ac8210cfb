import type { SemanticSearchStatus } from '@remi/shared'
import { giveWay, type Db } from '../../db/client.ts'
import type { EmbeddingModelConfig } from '../../integrations/ai/embeddings.ts'
import { aiSdk } from '../../integrations/ai/sdk.ts'
import type { JobLogger, JobQueue } from '../../jobs/queue.ts'
import type { SemanticRecall } from '../recall/index.ts'
import { createEmbeddingsRepo, type PendingMemory } from './embeddings.repo.ts'

export interface EmbeddingsOptions {
  /** Memories per embedMany call (one request to the service). */
  batchSize?: number
  /** How long a question's embedding may take before recall answers without it. */
  queryTimeoutMs?: number
  /** After a failed question embedding, searches skip the service for this long (lexical only). */
  cooldownMs?: number
  /** The queue's first retry delay in seconds (doubling, at most `retryDelayMaxSeconds`). */
  retryDelaySeconds?: number
  retryDelayMaxSeconds?: number
  /** Question embeddings kept per process (0: none, as a benchmark of the embedding call wants). */
  queryCacheSize?: number
  /** Benchmark hook: how long each search's question embedding and its nearest-neighbour query took. */
  onQueryTiming?: (timing: { embedMs: number; searchMs: number; cached: boolean }) => void
}

/** Jobs' names in the queue (pg-boss queue names: letters, digits, dashes, dots). */
export const EMBED_MEMORIES_JOB = 'embeddings.memories'
export const BACKFILL_JOB = 'embeddings.backfill'
/** A backfill job works this long, then leaves the rest to its continuation (others' jobs get turns). */
const BACKFILL_SLICE_MS = 20_000
/**
 * Question embeddings kept per process: the same question comes again within a conversation (the chat's
 * search, then the model's search_memories tool) and a retried answer asks it again.
 */
const QUERY_CACHE_SIZE = 256
/** Ids per job: an import of 100 000 memories is many small jobs, each a few embedMany calls. */
const IDS_PER_JOB = 256

type State =
  | { kind: 'off'; reason: string }
  | { kind: 'starting' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'on' }

/**
 * Semantic recall's background half (memories' vectors kept by jobs of the durable queue) and its
 * search half (the SemanticRecall the recall service fuses with the lexical list). Without a model or
 * without pgvector it does nothing and says so once; a slow or failing service never holds back a
 * write (jobs retry with backoff) or a search (a short time limit, then a pause before trying again).
 */
export function createEmbeddings(deps: {
  db: Db
  model: EmbeddingModelConfig | null
  jobs: JobQueue
  logger: JobLogger
  options?: EmbeddingsOptions | undefined
}) {
  const { db, model, jobs, logger } = deps
  const options = deps.options ?? {}
  const batchSize = options.batchSize ?? 64
  const queryTimeoutMs = options.queryTimeoutMs ?? 1500
  const cooldownMs = options.cooldownMs ?? 30_000
  const queryCacheSize = options.queryCacheSize ?? QUERY_CACHE_SIZE
  const repo = createEmbeddingsRepo(db)
  let state: State = model
    ? { kind: 'starting' }
    : { kind: 'off', reason: 'no embedding model is configured (EMBEDDING_PROVIDER)' }
  let indexed = false
  let queryPausedUntil = 0
  const queryCache = new Map<string, number[]>()

  async function embedBatch(items: PendingMemory[], signal?: AbortSignal): Promise<number> {
    if (!model || items.length === 0) return 0
    const { embedMany } = await aiSdk()
    let stored = 0
    for (let i = 0; i < items.length; i += batchSize) {
      const chunk = items.slice(i, i + batchSize)
      // The queue retries with backoff; the SDK's own immediate retries would only hammer a failing service.
      const { embeddings } = await embedMany({
        model: model.model,
        values: chunk.map((m) => m.text),
        maxRetries: 0,
        ...(signal && { abortSignal: signal }),
      })
      stored += await repo.upsert(
        model.modelId,
        chunk.map((m, k) => ({ id: m.id, hash: m.hash, embedding: embeddings[k]! })),
      )
      if (!indexed && embeddings[0]) {
        await repo.ensureIndex(model.modelId, embeddings[0].length)
        indexed = true
      }
      // PGlite is one backend: the requests waiting for it go before the next batch.
      await giveWay(db, 200)
    }
    return stored
  }

  const embedMemories = model
    ? jobs.define<{ ids: string[] }>(EMBED_MEMORIES_JOB, {
        // Several writes' jobs in one embedMany call when they come together (an import, a busy minute).
        batchSize: 8,
        retryLimit: 12,
        retryDelaySeconds: options.retryDelaySeconds ?? 5,
        retryDelayMaxSeconds: options.retryDelayMaxSeconds ?? 600,
        expireInSeconds: 300,
        async work(batch) {
          if (state.kind !== 'on') return
          const ids = [...new Set(batch.flatMap((job) => job.data.ids))]
          await embedBatch(await repo.memories(ids), batch[0]?.signal)
        },
      })
    : null

  const backfill = model
    ? jobs.define<{ after?: string | null }>(BACKFILL_JOB, {
        // One backfill at a time across instances, and one more waiting (a continuation, or a start-up's).
        policy: 'stately',
        retryLimit: 30,
        retryDelaySeconds: options.retryDelaySeconds ?? 5,
        retryDelayMaxSeconds: options.retryDelayMaxSeconds ?? 600,
        expireInSeconds: 600,
        async work([job]) {
          if (!job || state.kind !== 'on' || !model) return
          const until = performance.now() + BACKFILL_SLICE_MS
          let after = job.data.after ?? null
          for (;;) {
            const { items, next } = await repo.pending(model.modelId, after, batchSize)
            await embedBatch(items, job.signal)
            // Pages with nothing to embed (a restart's check of every memory) also let requests go first:
            // on PGlite's one backend, back-to-back scans held searches up (p95 950 ms during a backfill).
            if (items.length === 0) await giveWay(db, 200)
            after = next
            if (after === null) break
            if (performance.now() > until || job.signal.aborted) {
              await backfill!.send({ after })
              return
            }
          }
          const dropped = await repo.dropOtherModels(model.modelId)
          await repo.analyze()
          logger.info(
            { model: model.modelId, droppedModels: dropped },
            'semantic search: every memory has its vector',
          )
        },
      })
    : null

  function enqueue(ids: string[]) {
    if (!embedMemories || state.kind === 'off' || state.kind === 'unavailable' || ids.length === 0) return
    for (let i = 0; i < ids.length; i += IDS_PER_JOB) {
      embedMemories.send({ ids: ids.slice(i, i + IDS_PER_JOB) }).catch((error: unknown) => {
        // The backfill at the next start finds what this missed (a vector missing or stale).
        logger.warn({ err: error }, 'semantic search: could not queue an embedding job')
      })
    }
  }

  async function embedQuery(text: string, signal?: AbortSignal): Promise<number[] | null> {
    if (!model) return null
    const key = text.trim().toLowerCase()
    const cached = queryCache.get(key)
    if (cached) {
      queryCache.delete(key)
      queryCache.set(key, cached)
      return cached
    }
    if (Date.now() < queryPausedUntil) return null
    const limit = AbortSignal.timeout(queryTimeoutMs)
    try {
      const { embed } = await aiSdk()
      const { embedding } = await embed({
        model: model.model,
        value: text,
        maxRetries: 0,
        abortSignal: signal ? AbortSignal.any([signal, limit]) : limit,
      })
      queryCache.set(key, embedding)
      if (queryCache.size > queryCacheSize) queryCache.delete(queryCache.keys().next().value!)
      return embedding
    } catch (error) {
      if (signal?.aborted) return null
      // Lexical only for a while, rather than every search waiting out the time limit.
      queryPausedUntil = Date.now() + cooldownMs
      logger.warn(
        { err: error instanceof Error ? error.message : String(error), pauseMs: cooldownMs },
        'semantic search: the embedding service did not answer; searches are lexical for now',
      )
      return null
    }
  }

  const semantic: SemanticRecall = {
    async nearest(userId, text, limit, opts) {
      if (state.kind !== 'on' || !model || !text.trim() || limit <= 0) return null
      const started = performance.now()
      const cached = queryCache.has(text.trim().toLowerCase())
      const vector = await embedQuery(text, opts?.signal)
      if (!vector) return null
      try {
        const embedded = performance.now()
        const ids = await repo.nearest(userId, model.modelId, vector, limit)
        options.onQueryTiming?.({
          embedMs: embedded - started,
          searchMs: performance.now() - embedded,
          cached,
        })
        return ids
      } catch (error) {
        logger.warn({ err: error }, 'semantic search: the nearest-neighbour query failed')
        return null
      }
    },
  }

  return {
    semantic,

    /**
     * Before the queue works: makes the vector store (once per start; says once why not), then queues
     * the backfill, which embeds whatever has no vector of this model or a stale one.
     */
    async prepare(): Promise<void> {
      if (!model) {
        logger.info(
          {},
          `Semantic search is off: ${state.kind === 'off' ? state.reason : ''}; recall is lexical only`,
        )
        return
      }
      const store = await repo.ensureStore()
      if (!store.available) {
        state = { kind: 'unavailable', reason: store.reason }
        logger.warn({}, `Semantic search is off: ${store.reason}; recall is lexical only`)
        return
      }
      state = { kind: 'on' }
      const dimensions = await repo.dimensions(model.modelId)
      if (dimensions) {
        await repo.ensureIndex(model.modelId, dimensions)
        indexed = true
      }
      logger.info({ provider: model.provider, model: model.modelId }, 'Semantic search is on')
    },

    /** Queues the backfill (after the queue has started). */
    async startBackfill(): Promise<void> {
      if (state.kind === 'on') await backfill?.send({ after: null })
    },

    /** Memories written or edited: embedded by a job within seconds. */
    changed(_userId: string, ids: string[]) {
      enqueue(ids)
    },

    /** An import wrote memories it does not list: the backfill finds them (and stale ones). */
    imported(_userId: string) {
      if (state.kind !== 'on') return
      backfill?.send({ after: null }).catch((error: unknown) => {
        logger.warn({ err: error }, 'semantic search: could not queue the backfill')
      })
    },

    /** What Settings shows. */
    async status(userId: string): Promise<SemanticSearchStatus> {
      if (state.kind === 'off') return { state: 'off', reason: state.reason, model: null, ready: 0, total: 0 }
      if (state.kind === 'unavailable' || state.kind === 'starting' || !model) {
        const reason = state.kind === 'unavailable' ? state.reason : 'starting'
        return { state: 'unavailable', reason, model: model?.modelId ?? null, ready: 0, total: 0 }
      }
      const { ready, total } = await repo.progress(userId, model.modelId)
      return { state: 'on', reason: null, model: model.modelId, ready: Math.min(ready, total), total }
    },
  }
}
export type Embeddings = ReturnType<typeof createEmbeddings>
