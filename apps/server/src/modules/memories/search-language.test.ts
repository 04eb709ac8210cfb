/**
 * Issue 51: a person's memories are searched in their language. Spanish stems "compramos" and
 * "comprar" alike (English does not), and "plantas" finds "planta"; a change of language re-stems the
 * memories already saved (a job of the queue), and the assistant's lookups and recall read the same way.
 */
import type { MemoryList } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

let t: TestApp
let english: TestUser
let spanish: TestUser

const found = async (user: TestUser, term: string) =>
  (await user.api.get<MemoryList>(`/api/memories?searchTerm=${encodeURIComponent(term)}`)).body.items.map(
    (m) => m.text,
  )

const setLanguage = async (user: TestUser, language: string) =>
  expect((await user.api.put('/api/auth/user/settings', { language })).status).toBe(200)

beforeAll(async () => {
  t = await buildTestApp({ background: true, jobs: { pollingIntervalSeconds: 1 } })
  english = await t.createUser()
  spanish = await t.createUser()
  await setLanguage(spanish, 'es')
  for (const user of [english, spanish]) {
    await user.api.memories.create({ text: 'Compramos pan en la panadería de la esquina' })
    await user.api.memories.create({ text: 'Regar la planta del salón los lunes' })
  }
}, 60_000)
afterAll(() => t?.close())

describe('search stemming in the person’s language', () => {
  it('Spanish: "plantas" finds "planta", "comprar" finds "compramos"', async () => {
    expect(await found(spanish, 'plantas')).toEqual(['Regar la planta del salón los lunes'])
    expect(await found(spanish, 'comprar pan')).toEqual(['Compramos pan en la panadería de la esquina'])
    expect(await found(spanish, 'comprar')).toEqual(['Compramos pan en la panadería de la esquina'])
  })

  it('English stems as before: "comprar" is not "compramos" there', async () => {
    expect(await found(english, 'comprar')).toEqual([])
    expect(await found(english, 'compramos')).toEqual(['Compramos pan en la panadería de la esquina'])
  })

  it('the assistant’s lookups and recall stem in the person’s language too', async () => {
    const best = await t.services.memories.best(spanish.id, { searchTerm: 'comprar' }, 5)
    expect(best.map((m) => m.text)).toEqual(['Compramos pan en la panadería de la esquina'])
    const recalled = await t.services.recall.find(spanish.id, { query: '¿dónde comprar pan?' })
    expect(recalled.map((m) => m.text)[0]).toBe('Compramos pan en la panadería de la esquina')
  })

  it('a change of language re-stems the memories already saved, and back', async () => {
    await setLanguage(english, 'es')
    await expect
      .poll(() => found(english, 'comprar'), { timeout: 20_000, interval: 200 })
      .toEqual(['Compramos pan en la panadería de la esquina'])
    await setLanguage(english, 'en')
    await expect.poll(() => found(english, 'comprar'), { timeout: 20_000, interval: 200 }).toEqual([])
    expect(await found(english, 'compramos')).toHaveLength(1)
  })
})
