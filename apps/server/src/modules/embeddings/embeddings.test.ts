import { randomUUID } from 'node:crypto'
import { MEMORIES_EXPORT_FORMAT, type SemanticSearchStatus } from '@remi/shared'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import type { Database } from '../../db/client.ts'
import { expectStatus } from '../../test/api.ts'
import { buildTestApp, testEnv, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { createTestDatabase } from '../../test/db.ts'
import { captureLogs } from '../../test/logs.ts'
import { startOpenAIEmbeddingsFake, type OpenAIEmbeddingsFake } from '../../test/fakes/openai-embeddings.ts'
import { createUsersRepo } from '../auth/index.ts'
import { createRecallService } from '../recall/index.ts'
import { BACKFILL_JOB, EMBED_MEMORIES_JOB } from './embeddings.service.ts'

/**
 * Semantic search's background half and its nearest-neighbour search, driven through the real
 * @ai-sdk/openai embedding code against a loopback fake of the OpenAI embeddings API. The vector path
 * needs pgvector: PGlite has it; Debian's PostgreSQL here does not, and there the same app must say so
 * and stay lexical (the last describe, which runs on both engines and expects what each engine has).
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const fast = {
  jobs: { pollingIntervalSeconds: 0.5 },
  embeddings: {
    batchSize: 4,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 1,
    cooldownMs: 300,
    queryTimeoutMs: 1000,
  },
}
const WAIT = { timeout: 20_000, interval: 100 }

async function status(user: TestUser): Promise<SemanticSearchStatus> {
  return expectStatus(await user.api.get<SemanticSearchStatus>('/api/recall/status'), 200)
}

async function vectors(database: Database, model?: string) {
  const result = await database.db.execute(
    model
      ? sql`select memory_id as id, model, embedding::text as v from memory_embeddings where model = ${model}`
      : sql`select memory_id as id, model, embedding::text as v from memory_embeddings`,
  )
  return (result as unknown as { rows: Array<{ id: string; model: string; v: string }> }).rows.map((r) => ({
    id: r.id,
    model: r.model,
    vector: JSON.parse(r.v) as number[],
  }))
}

const near = (a: number[], b: number[]) => a.every((x, i) => Math.abs(x - b[i]!) < 1e-5)

async function importMemories(t: TestApp, user: TestUser, texts: string[]) {
  await t.services.memories.importAll(user.id, {
    format: MEMORIES_EXPORT_FORMAT,
    version: 1,
    memories: texts.map((text) => ({ id: randomUUID(), text, tags: [], date: null })),
  })
}

describe.skipIf(onPostgres)('semantic search on pgvector (PGlite ships it)', () => {
  let fake: OpenAIEmbeddingsFake
  let t: TestApp
  let user: TestUser
  let other: TestUser

  beforeAll(async () => {
    fake = await startOpenAIEmbeddingsFake()
    t = await buildTestApp({ env: fake.env('text-embedding-3-small'), ...fast })
    user = await t.createUser()
    other = await t.createUser()
  })
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  it('backfills the memories that were there before, in batches, with progress in the status', async () => {
    const texts = Array.from({ length: 22 }, (_, i) => `Note ${i} about gardening tomatoes and basil`)
    await importMemories(t, user, texts)
    await importMemories(t, other, ['Another person entirely: sailing on the lake'])
    // Before the queue starts: nothing embedded, and the status says it is still starting.
    expect((await status(user)).state).toBe('unavailable')
    expect(fake.requests).toHaveLength(0)

    await t.app.background.start()
    await vi.waitFor(async () => {
      const s = await status(user)
      expect(s).toMatchObject({ state: 'on', model: 'text-embedding-3-small', total: 22 })
      expect(s.ready).toBe(22)
    }, WAIT)
    // embedMany in batches of 4 (the test's batch size): never one request per memory, never all at once.
    const documentRequests = fake.requests.filter((r) => r.input.some((i) => i.startsWith('Note ')))
    expect(documentRequests.length).toBeGreaterThanOrEqual(6)
    expect(Math.max(...documentRequests.map((r) => r.input.length))).toBe(4)
    expect(
      fake.requests.every((r) => r.model === 'text-embedding-3-small' && r.encodingFormat === 'float'),
    ).toBe(true)
    // The other user's memory too, each vector the model's for its text.
    const stored = await vectors(t.database)
    expect(stored).toHaveLength(23)
    const sailing = (await t.services.memories.list(other.id, { page: 1, pageSize: 10 })).items[0]!
    const row = stored.find((r) => r.id === sailing.id)!
    expect(near(row.vector, fake.vectorOf(`${sailing.text}\n`, 'text-embedding-3-small'))).toBe(true)
    // Each user's status counts their own memories only.
    expect(await status(other)).toMatchObject({ state: 'on', ready: 1, total: 1 })
    // The backfill's end gives the planner the vectors' statistics (PGlite gathers none by itself), so a
    // nearest search walks the HNSW index instead of sorting all the person's vectors.
    await vi.waitFor(async () => {
      const { rows } = (await t.database.db.execute(
        sql`select reltuples::int as n from pg_class where relname = 'memory_embeddings'`,
      )) as unknown as { rows: Array<{ n: number }> }
      expect(Number(rows[0]?.n)).toBe(23)
    }, WAIT)
  })

  it('embeds a new memory and an edited one within seconds; a deleted one takes its vector with it', async () => {
    const memory = await user.api.memories.create({
      text: 'My passport number ends in 4471',
      tags: ['travel'],
    })
    const model = 'text-embedding-3-small'
    await vi.waitFor(async () => {
      const row = (await vectors(t.database, model)).find((r) => r.id === memory.id)
      expect(row && near(row.vector, fake.vectorOf('My passport number ends in 4471\ntravel', model))).toBe(
        true,
      )
    }, WAIT)

    expectStatus(
      await user.api.put(`/api/memories/${memory.id}`, {
        text: 'The car insurance renews in March',
        tags: ['car'],
      }),
      200,
    )
    await vi.waitFor(async () => {
      const row = (await vectors(t.database, model)).find((r) => r.id === memory.id)
      expect(row && near(row.vector, fake.vectorOf('The car insurance renews in March\ncar', model))).toBe(
        true,
      )
    }, WAIT)
    // Nearest by meaning finds it from words of its new text, not its old.
    const semantic = t.app.background.embeddings.semantic
    expect((await semantic.nearest(user.id, 'when does my car insurance renew?', 3))?.[0]).toBe(memory.id)

    expectStatus(await user.api.delete(`/api/memories/${memory.id}`), 204)
    expect((await vectors(t.database)).some((r) => r.id === memory.id)).toBe(false)
  })

  it("answers with the user's own memories only, nearest first", async () => {
    const semantic = t.app.background.embeddings.semantic
    const mine = await semantic.nearest(user.id, 'sailing on the lake', 30)
    expect(mine).not.toBeNull()
    expect(mine).toHaveLength(22)
    const sailingId = (await t.services.memories.list(other.id, { page: 1, pageSize: 1 })).items[0]!.id
    expect(mine).not.toContain(sailingId)
    expect(await semantic.nearest(other.id, 'sailing on the lake', 5)).toEqual([sailingId])
    // A question asked before is answered from the process's cache: no second request.
    const before = fake.requests.length
    await semantic.nearest(user.id, 'sailing on the lake', 5)
    expect(fake.requests.length).toBe(before)
  })

  it('keeps writes and searches working while the service is down, and catches up when it is back', async () => {
    fake.down = true
    const started = performance.now()
    const memory = await user.api.memories.create({
      text: 'The spare key is under the blue flowerpot',
      tags: [],
    })
    // Searches: semantic says "not available" (null) and the memories list still finds it by its words.
    expect(
      await t.app.background.embeddings.semantic.nearest(user.id, 'where is the spare key', 5),
    ).toBeNull()
    const list = await user.api.memories.list({ searchTerm: 'flowerpot' })
    expect(list.items.map((m) => m.id)).toEqual([memory.id])
    // The failed question embedding pauses semantic search: the next one does not wait on the service.
    const requestsWhileDown = fake.requests.length
    expect(await t.app.background.embeddings.semantic.nearest(user.id, 'blue flowerpot key', 5)).toBeNull()
    expect(fake.requests.length).toBe(requestsWhileDown)
    expect(performance.now() - started).toBeLessThan(5_000)
    // Its job has failed at least once by now and waits to be retried.
    await vi.waitFor(
      () => expect(fake.requests.some((r) => r.input.some((i) => i.includes('flowerpot')))).toBe(true),
      WAIT,
    )
    expect((await status(user)).ready).toBe((await status(user)).total - 1)

    fake.down = false
    await vi.waitFor(async () => {
      expect((await vectors(t.database)).some((r) => r.id === memory.id)).toBe(true)
    }, WAIT)
    // Past the pause, searches use the service again.
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(
      (await t.app.background.embeddings.semantic.nearest(user.id, 'where is the spare key?', 3))?.[0],
    ).toBe(memory.id)
    const s = await status(user)
    expect(s.ready).toBe(s.total)
  })

  it('lets recall find a memory by its meaning when none of its words is asked (fused with the words)', async () => {
    const couch = await user.api.memories.create({
      text: 'Bought a secondhand settee at the flea market',
      tags: [],
    })
    await vi.waitFor(
      async () => expect((await vectors(t.database)).some((r) => r.id === couch.id)).toBe(true),
      WAIT,
    )
    const question = 'where did I get the sofa?'
    // The words alone do not find it: no word of the question is in it, nor one near it in meaning
    // (recall's word-neighbours.txt takes "sofa" to "couch", but knows no "settee").
    const lexicalOnly = createRecallService({
      db: t.db,
      memories: t.services.memories,
      users: t.services.users,
    })
    expect((await lexicalOnly.find(user.id, { query: question })).map((m) => m.id)).not.toContain(couch.id)
    // The app's recall (the chat's, the tools') asks semantic search too. The question's vector is asked
    // once first, so recall's own short wait for it is never what this test measures on a busy machine.
    expect(await t.app.background.embeddings.semantic.nearest(user.id, question, 1)).toEqual([couch.id])
    const found = await t.services.recall.find(user.id, { query: question })
    expect(found.map((m) => m.id)).toContain(couch.id)
  })

  it('queues jobs on the durable queue (pg-boss in the same database)', async () => {
    const result = await t.database.db.execute(
      sql`select name, count(*)::int as n from pgboss.job where name in (${EMBED_MEMORIES_JOB}, ${BACKFILL_JOB}) group by name`,
    )
    const counts = Object.fromEntries(
      (result as unknown as { rows: Array<{ name: string; n: number }> }).rows.map((r) => [r.name, r.n]),
    )
    expect(counts[EMBED_MEMORIES_JOB]).toBeGreaterThanOrEqual(3)
    expect(counts[BACKFILL_JOB]).toBeGreaterThanOrEqual(1)
  })
})

describe.skipIf(onPostgres)('a model change', () => {
  it("re-embeds every memory with the new model, searches only the new model's vectors, then drops the old", async () => {
    const fake = await startOpenAIEmbeddingsFake()
    const first = await buildTestApp({ env: fake.env('model-one'), background: true, ...fast })
    const user = await first.createUser()
    await importMemories(first, user, [
      'Dentist appointment on Friday',
      'Buy oat milk',
      'Call grandma on Sunday',
    ])
    await vi.waitFor(async () => expect(await status(user)).toMatchObject({ ready: 3, total: 3 }), WAIT)
    await first.app.close()

    // The same database, restarted with another model.
    const logs = captureLogs()
    const second = await buildApp({
      env: testEnv(fake.env('model-two')),
      database: first.database,
      logger: logs.logger,
      ...fast,
    })
    try {
      await second.ready()
      const before = fake.requests.length
      await second.background.start()
      const read = async () =>
        (
          await second.inject({ method: 'GET', url: '/api/recall/status', headers: user.headers })
        ).json<SemanticSearchStatus>()
      await vi.waitFor(
        async () => expect(await read()).toMatchObject({ model: 'model-two', ready: 3, total: 3 }),
        WAIT,
      )
      const reembedded = fake.requests.slice(before).filter((r) => r.model === 'model-two')
      expect(reembedded.flatMap((r) => r.input).sort()).toEqual(
        ['Buy oat milk\n', 'Call grandma on Sunday\n', 'Dentist appointment on Friday\n'].sort(),
      )
      await vi.waitFor(async () => expect((await vectors(first.database, 'model-one')).length).toBe(0), WAIT)
      expect((await vectors(first.database, 'model-two')).length).toBe(3)
      const [top] =
        (await second.background.embeddings.semantic.nearest(user.id, 'the dentist appointment', 1)) ?? []
      const dentist = (
        await second.services.memories.list(user.id, { page: 1, pageSize: 10, searchTerm: 'dentist' })
      ).items[0]!
      expect(top).toBe(dentist.id)
      expect(logs.text()).toContain('Semantic search is on')
    } finally {
      await second.close()
      await first.database.close()
      await fake.close()
    }
  })
})

describe('without pgvector (Debian PostgreSQL here) or without a model', () => {
  let fake: OpenAIEmbeddingsFake
  let database: Database
  beforeEach(async () => {
    fake = await startOpenAIEmbeddingsFake()
    database = await createTestDatabase()
  })
  afterEach(async () => {
    await database.close()
    await fake.close()
  })

  it('is lexical only when the database has no vector extension, says so once, and writes and searches work', async () => {
    const result = await database.db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`)
    const hasVector = (result as unknown as { rows: unknown[] }).rows.length > 0
    // PGlite always has it; the PostgreSQL these tests run on here does not (the fallback is what this proves).
    expect(hasVector).toBe(!onPostgres)
    const logs = captureLogs()
    const app = await buildApp({ env: testEnv(fake.env()), database, logger: logs.logger, ...fast })
    try {
      await app.ready()
      await app.background.start()
      const t = { app }
      const created = await createUsersRepo(database.db).createUserWithIdentity(
        { email: `x-${randomUUID()}@example.test`, name: 'X', picture: null, timezone: 'UTC' },
        { provider: 'local', subject: randomUUID(), email: 'x@example.test' },
      )
      await app.services.memories.create(created.id, { text: 'Lexical still finds the lighthouse', tags: [] })
      const found = await app.services.memories.list(created.id, {
        page: 1,
        pageSize: 10,
        searchTerm: 'lighthouse',
      })
      expect(found.items).toHaveLength(1)
      const status = await t.app.background.embeddings.status(created.id)
      if (hasVector) {
        expect(status).toMatchObject({ state: 'on', model: 'text-embedding-3-small' })
      } else {
        expect(status).toEqual({
          state: 'unavailable',
          reason: 'the database has no pgvector extension (vector)',
          model: 'text-embedding-3-small',
          ready: 0,
          total: 0,
        })
        expect(await app.background.embeddings.semantic.nearest(created.id, 'lighthouse', 5)).toBeNull()
        expect(logs.text().match(/Semantic search is off/g)).toHaveLength(1)
        expect(logs.text()).toContain('no pgvector extension')
        // Nothing was sent to the embedding service: there is nowhere to keep vectors.
        expect(fake.requests).toHaveLength(0)
      }
    } finally {
      await app.close()
    }
  })

  it('is off, said once, when no embedding model is configured (the default)', async () => {
    const logs = captureLogs()
    const app = await buildApp({ env: testEnv(), database, logger: logs.logger, ...fast })
    try {
      await app.ready()
      await app.background.start()
      const status = await app.background.embeddings.status(randomUUID())
      expect(status).toEqual({
        state: 'off',
        reason: 'no embedding model is configured (EMBEDDING_PROVIDER)',
        model: null,
        ready: 0,
        total: 0,
      })
      expect(logs.text().match(/Semantic search is off/g)).toHaveLength(1)
      // No embeddings job kind is defined (other features' kinds, reminders', may have made the queue).
      const schema = await database.db.execute(sql`select 1 from pg_namespace where nspname = 'pgboss'`)
      if ((schema as unknown as { rows: unknown[] }).rows.length > 0) {
        const queues = await database.db.execute(
          sql`select name from pgboss.queue where name in (${EMBED_MEMORIES_JOB}, ${BACKFILL_JOB})`,
        )
        expect((queues as unknown as { rows: unknown[] }).rows).toEqual([])
      }
    } finally {
      await app.close()
    }
  })
})
