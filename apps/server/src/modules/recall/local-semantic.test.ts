import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createUsersRepo } from '../auth/index.ts'
import { createLocalSemantic, readMeaning } from './local-semantic.ts'
import { createRecallService } from './recall.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

/** Other notes of a person's phone, so that the words' statistics are a person's, not a handful's. */
const EVERYDAY = [
  'Bins go out Tuesday night, recycling every other week',
  'Parents evening Thursday 6pm, bring the reading record',
  'Car insurance renewal 3 March, quote from the broker was £412',
  'Swimming lessons moved to Saturday 9am at the leisure centre',
  'Book the MOT before the end of the month',
  'Gran likes the lemon drizzle from the bakery on the corner',
  'Netflix password changed, it is on the fridge',
  'Return the library books by Friday',
  'School trip money £12 due Monday',
  'Plumber coming Wednesday about the leaking tap',
  'Running club meets at 7 on Tuesdays by the park gates',
  'Meter reading gas 04512 electric 33190',
]

/** A user with these notes (each saved an hour after the last) and recall's texts for a question. */
async function userWith(
  notes: Array<string | { text: string; private: boolean }>,
  recall = withLocalSemantic(true),
) {
  const user = await t.createUser()
  const start = Date.UTC(2026, 0, 1)
  const ids: string[] = []
  for (const [i, note] of notes.entries()) {
    const { text, private: hidden } = typeof note === 'string' ? { text: note, private: false } : note
    const memory = await t.services.memories.create(user.id, { text, tags: [], date: '2026-01-10' })
    if (hidden) await t.db.execute(sql`update memories set private = true where id = ${memory.id}`)
    await t.db.execute(
      sql`update memories set created_at = ${new Date(start + i * 3_600_000).toISOString()}::timestamptz where id = ${memory.id}`,
    )
    ids.push(memory.id)
  }
  return {
    user,
    ids,
    ask: async (query: string, service = recall) =>
      (await service.find(user.id, { query, limit: 8 })).map((m) => m.text),
  }
}

const withLocalSemantic = (localSemantic: boolean) =>
  createRecallService({
    db: t.db,
    memories: t.services.memories,
    users: createUsersRepo(t.db),
    localSemantic,
  })
const lexicalOnly = () => withLocalSemantic(false)

describe('the local semantic signal (no model, no key)', () => {
  it('reads a question as a sentence vector and the words near its own in meaning', () => {
    const meaning = readMeaning(['roofing'])
    expect(meaning?.leads.get('roof')).toBe(1)
    // A derivation the stemmer keeps apart.
    expect(meaning?.leads.get('roofer')).toBeGreaterThanOrEqual(0.6)
    expect(readMeaning(['qwzxv'])).toBeNull()
  })

  it('finds a specific note under a general word, with no word in common', async () => {
    const note = 'Bought ibuprofen and plasters at Boots'
    const { ask } = await userWith([...EVERYDAY, note])
    expect(await ask('any painkillers in the house?', lexicalOnly())).not.toContain(note)
    expect((await ask('any painkillers in the house?')).slice(0, 3)).toContain(note)
  })

  it('leaves the tradesperson under the trade to the words (roofing → roofer), and keeps it', async () => {
    const note = 'Roofer Dave fixed the slipped tiles, £240 cash'
    const { ask } = await userWith([...EVERYDAY, note])
    expect((await ask('who did our roofing?', lexicalOnly())).slice(0, 3)).toContain(note)
    expect((await ask('who did our roofing?')).slice(0, 3)).toContain(note)
  })

  it('never drops a strong match of the words below notes only near in meaning', async () => {
    const exact = 'Dentist appointment Friday 10:40 with Dr Okafor'
    const { ask } = await userWith([
      ...EVERYDAY,
      'Orthodontist said the brace comes off in spring',
      'Hygienist visit was fine, floss more',
      'Dental nurse rang to confirm the check-up',
      exact,
    ])
    expect((await ask('when is the dentist appointment?'))[0]).toBe(exact)
  })

  it('never returns a private memory, whatever it says', async () => {
    const shared = 'Bought ibuprofen and plasters at Boots'
    const secret = 'Bought ibuprofen and codeine for the hangover, keep it from Sam'
    const { user, ask, ids } = await userWith([...EVERYDAY, shared, { text: secret, private: true }])
    const asked = await ask('any painkillers in the house?')
    expect(asked).toContain(shared)
    expect(asked).not.toContain(secret)
    // Even a caller that reads private memories itself (the person's own list) gets none from here.
    const found = (
      await createLocalSemantic(t.db).nearest(user.id, ['painkillers', 'house'], { withPrivate: true }, 20)
    ).map((m) => m.id)
    expect(found).toContain(ids.at(-2))
    expect(found).not.toContain(ids.at(-1))
  })
})

describe('RECALL_LOCAL_MEANING, the server setting', () => {
  it("is off unless set: the app's recall finds the general word's note only with it on", async () => {
    const note = 'Bought ibuprofen and plasters at Boots'
    const on = await buildTestApp({ env: { RECALL_LOCAL_MEANING: 'on' } })
    try {
      for (const [app, expected] of [
        [t, false],
        [on, true],
      ] as const) {
        const user = await app.createUser()
        for (const text of [...EVERYDAY, note])
          await app.services.memories.create(user.id, { text, tags: [], date: '2026-01-10' })
        const found = (
          await app.services.recall.find(user.id, { query: 'any painkillers in the house?', limit: 8 })
        ).map((m) => m.text)
        expect(found.includes(note)).toBe(expected)
      }
    } finally {
      await on.close()
    }
  })
})
