import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider'
import type { Briefing } from '@remi/shared'
import { MockLanguageModelV4 } from 'ai/test'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { apiClient } from '../../test/api.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

/**
 * One generation at a time per user: requests that arrive while a briefing is being written wait for
 * it and answer it, instead of asking the model again. Runs on PGlite and (server-pg) on PostgreSQL,
 * where a second app instance on the same database stands in for a second server.
 */
const onPostgres = process.env.TEST_DB === 'postgres'

const reply = (text: string): LanguageModelV4GenerateResult => ({
  content: [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 5, text: 5, reasoning: 0 },
  },
  warnings: [],
})

/** A model whose answers wait until the test lets them go, so requests can pile up behind the first. */
function gatedModel() {
  let open!: () => void
  let gate = new Promise<void>((resolve) => (open = resolve))
  let firstCall!: () => void
  let called = new Promise<void>((resolve) => (firstCall = resolve))
  let written = 0
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      firstCall()
      await gate
      written += 1
      return reply(`Briefing number ${written}`)
    },
  })
  return {
    model,
    /** Resolves when the model has been asked once. */
    called: () => called,
    release: () => open(),
    reset() {
      model.doGenerateCalls.length = 0
      written = 0
      gate = new Promise<void>((resolve) => (open = resolve))
      called = new Promise<void>((resolve) => (firstCall = resolve))
    },
  }
}

const gated = gatedModel()
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    integrations: { languageModel: { model: gated.model, provider: 'test', modelId: 'gated' } },
  })
})
afterAll(async () => {
  await t?.close()
})
beforeEach(() => {
  gated.reset()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** PostgreSQL shows a request waiting on the advisory lock as an ungranted lock. */
async function waitForLockWaiter() {
  for (let i = 0; i < 200; i++) {
    const result = (await t.db.execute(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
    )) as unknown as { rows: Array<{ n: number }> }
    if (Number(result.rows[0]?.n) > 0) return
    await sleep(25)
  }
  throw new Error('No request ever waited on the briefing lock')
}

describe('one generation at a time per user', () => {
  it('two concurrent GETs make one generation and answer the same briefing', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const first = user.api.get<Briefing>('/api/dashboard/briefing')
    await gated.called()
    const second = user.api.get<Briefing>('/api/dashboard/briefing')
    // The second request is in this process: it queues behind the first before any lock is visible in
    // the database, so give it time to get there (had it not queued, it would ask the model meanwhile).
    await sleep(300)
    gated.release()
    const [a, b] = await Promise.all([first, second])
    expect(a.status, a.text).toBe(200)
    expect(b.status, b.text).toBe(200)
    expect(gated.model.doGenerateCalls).toHaveLength(1)
    expect(a.body).toMatchObject({ source: 'ai', content: 'Briefing number 1\n' })
    expect(b.body).toEqual(a.body)
  })

  it('a GET during a regeneration answers the stored briefing at once; the regeneration asks the model once', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    gated.release()
    const before = await user.api.get<Briefing>('/api/dashboard/briefing')
    expect(before.body.content).toBe('Briefing number 1\n')
    gated.reset()

    const regenerating = user.api.post<Briefing>('/api/dashboard/briefing/regenerate')
    await gated.called()
    // The stored one is fresh: this GET answers it at once, without waiting.
    const reading = await user.api.get<Briefing>('/api/dashboard/briefing')
    expect(reading.body).toEqual(before.body)
    gated.release()
    expect((await regenerating).body.content).toBe('Briefing number 1\n')
    expect(gated.model.doGenerateCalls).toHaveLength(1)
  })

  it('different users do not wait for each other', async () => {
    const ana = await t.createUser({ timezone: 'Europe/Lisbon' })
    const bo = await t.createUser({ timezone: 'Europe/Lisbon' })
    const first = ana.api.get<Briefing>('/api/dashboard/briefing')
    await gated.called()
    const second = bo.api.get<Briefing>('/api/dashboard/briefing')
    // Bo's request reaches the model while Ana's is still held there.
    for (let i = 0; gated.model.doGenerateCalls.length < 2; i++) {
      if (i > 200) throw new Error('The second user waited for the first')
      await sleep(25)
    }
    gated.release()
    const [a, b] = await Promise.all([first, second])
    expect([a.status, b.status]).toEqual([200, 200])
  })

  it.skipIf(!onPostgres)(
    'two instances on one PostgreSQL database make one generation (advisory lock)',
    async () => {
      const other = await buildApp({
        env: t.env,
        database: t.database,
        integrations: { languageModel: { model: gated.model, provider: 'test', modelId: 'gated' } },
        rateLimits: { global: 1_000_000, signIn: 1_000_000 },
      })
      try {
        await other.ready()
        const user = await t.createUser({ timezone: 'Europe/Lisbon' })
        const first = user.api.get<Briefing>('/api/dashboard/briefing')
        await gated.called()
        const second = apiClient(other, user.headers).get<Briefing>('/api/dashboard/briefing')
        await waitForLockWaiter()
        gated.release()
        const [a, b] = await Promise.all([first, second])
        expect([a.status, b.status]).toEqual([200, 200])
        expect(gated.model.doGenerateCalls).toHaveLength(1)
        expect(b.body).toEqual(a.body)
      } finally {
        await other.close()
      }
    },
  )
})
