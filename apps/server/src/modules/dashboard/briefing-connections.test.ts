import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider'
import type { Briefing } from '@remi/shared'
import { MockLanguageModelV4 } from 'ai/test'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

/**
 * Briefings being written must not take the database connections every other request needs: on
 * PostgreSQL each generation holds a connection (its advisory lock's transaction) while the model writes,
 * and more people generating at once than the pool has connections (the tests' pool has 5) held back
 * every request until the model answered. Runs on PGlite too, where generations hold no connection.
 */
const GENERATIONS = 7

let open!: () => void
const gate = new Promise<void>((resolve) => (open = resolve))
const model = new MockLanguageModelV4({
  doGenerate: async (): Promise<LanguageModelV4GenerateResult> => {
    await gate
    return {
      content: [{ type: 'text', text: 'A briefing.' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 5, text: 5, reasoning: 0 },
      },
      warnings: [],
    }
  },
})

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ integrations: { languageModel: { model, provider: 'test', modelId: 'gated' } } })
})
afterAll(async () => {
  open()
  await t?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('more generations at once than the pool has connections: each reaches the model, and other requests are answered meanwhile', async () => {
  const people = await Promise.all(
    Array.from({ length: GENERATIONS }, () => t.createUser({ timezone: 'Europe/Lisbon' })),
  )
  const bystander = await t.createUser({ timezone: 'Europe/Lisbon' })
  const generating = people.map((person) => person.api.get<Briefing>('/api/dashboard/briefing'))
  // Every one of them is with the model (none waits for a connection another generation holds).
  for (let i = 0; model.doGenerateCalls.length < GENERATIONS; i++) {
    if (i > 400) throw new Error(`only ${model.doGenerateCalls.length} of ${GENERATIONS} reached the model`)
    await sleep(25)
  }
  // The model has not answered any of them yet: this page must not wait for it.
  const page = await Promise.race([
    bystander.api.get('/api/memories'),
    sleep(10_000).then(() => 'held back until the model answers' as const),
  ])
  open()
  expect(page).not.toBe('held back until the model answers')
  expect(typeof page === 'object' && page.status).toBe(200)
  const answers = await Promise.all(generating)
  expect(answers.map((a) => a.status)).toEqual(people.map(() => 200))
  expect(answers.every((a) => a.body.source === 'ai')).toBe(true)
})
