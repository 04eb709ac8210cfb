import type { MemoryList } from '@remi/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSingleBackend } from '../../db/client.ts'
import { memories, memoryImports, memoryImportUndo } from '../../db/schema.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { remappedId } from './memories.service.ts'

// On PGlite an import is written in steps of 1000 with an undo log (one long transaction would hold
// back every other request); on PostgreSQL it is one transaction. Both must land whole or not at all.
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const importFile = (user: TestUser, memories: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/memories/import',
    headers: user.headers,
    payload: { format: 'remi-memories', version: 1, memories },
  })

async function texts(user: TestUser) {
  const res = await t.app.inject({ url: '/api/memories?pageSize=100', headers: user.headers })
  const list = res.json<MemoryList>()
  return { total: list.totalCount, texts: list.items.map((m) => m.text).sort() }
}

const steps = () => isSingleBackend(t.db)
const rowsOf = async (table: typeof memoryImports | typeof memoryImportUndo) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n

describe('an import that fails after its first steps', () => {
  it('puts back every memory it had created or changed, and leaves no log behind', async () => {
    const ana = await t.createUser()
    const bo = await t.createUser()
    const kept = await importFile(ana, [{ text: 'kept as it was', tags: ['old'], date: '2025-05-05' }])
    expect(kept.statusCode).toBe(200)
    const [own] = (await t.app.inject({ url: '/api/memories', headers: ana.headers })).json<MemoryList>()
      .items
    // Bo owns the row an unknown id of Ana's file is mapped to: the third step finds it and fails.
    const unknown = crypto.randomUUID()
    await t.db
      .insert(memories)
      .values({ id: remappedId(ana.id, unknown), userId: bo.id, text: "Bo's", sortDate: '2026-01-01' })

    const file = [
      { id: own!.id, text: 'changed by the import', tags: ['new'], date: null },
      ...Array.from({ length: 2200 }, (_, i) => ({ text: `imported ${i}` })),
      { id: unknown, text: 'lands on a row that is not hers' },
    ]
    const res = await importFile(ana, file)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/Nothing was imported/)
    expect(await texts(ana)).toEqual({ total: 1, texts: ['kept as it was'] })
    const [restored] = (await t.app.inject({ url: '/api/memories', headers: ana.headers })).json<MemoryList>()
      .items
    expect(restored).toEqual(own)
    expect(await texts(bo)).toEqual({ total: 1, texts: ["Bo's"] })
    expect(await rowsOf(memoryImports)).toBe(0)
    expect(await rowsOf(memoryImportUndo)).toBe(0)
  })
})

describe.skipIf(process.env.TEST_DB === 'postgres')('in steps (PGlite)', () => {
  it('runs one import at a time per user: a second is a 409', async () => {
    expect(steps()).toBe(true)
    const ana = await t.createUser()
    await t.db.insert(memoryImports).values({ userId: ana.id })
    const res = await importFile(ana, [{ text: 'waits its turn' }])
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/already running/)
    await t.db.delete(memoryImports).where(sql`${memoryImports.userId} = ${ana.id}`)
    expect((await importFile(ana, [{ text: 'now' }])).statusCode).toBe(200)
  })

  it('rolls back, at the next start, the steps of an import a crash cut short', async () => {
    const ana = await t.createUser()
    await importFile(ana, [{ text: 'before', tags: ['a'], date: '2024-04-04' }])
    const [before] = (await t.app.inject({ url: '/api/memories', headers: ana.headers })).json<MemoryList>()
      .items
    // What the first step of an import leaves when the process dies before the next: a job, its log,
    // a memory it created and one it changed.
    const [job] = await t.db.insert(memoryImports).values({ userId: ana.id }).returning()
    const created = crypto.randomUUID()
    await t.db
      .insert(memories)
      .values({ id: created, userId: ana.id, text: 'half imported', sortDate: '2026-01-01' })
    await t.db.execute(sql`
      insert into memory_import_undo (import_id, memory_id, previous)
      select ${job!.id}, m.id, jsonb_build_object('text', m.text, 'tags', m.tags, 'date', m.date,
        'sort_date', m.sort_date, 'created_at', m.created_at, 'updated_at', m.updated_at)
      from memories m where m.id = ${before!.id}`)
    await t.db.insert(memoryImportUndo).values({ importId: job!.id, memoryId: created, previous: null })
    await t.db
      .update(memories)
      .set({ text: 'overwritten', tags: [], date: null })
      .where(sql`${memories.id} = ${before!.id}`)

    expect(await t.services.memories.recoverImports()).toBe(1)
    const list = (await t.app.inject({ url: '/api/memories', headers: ana.headers })).json<MemoryList>()
    expect(list.items).toEqual([before])
    expect(await rowsOf(memoryImports)).toBe(0)
    expect(await rowsOf(memoryImportUndo)).toBe(0)
  })

  it('forgets, at the next start, an import that had finished', async () => {
    const ana = await t.createUser()
    const [job] = await t.db
      .insert(memoryImports)
      .values({ userId: ana.id, finishedAt: new Date() })
      .returning()
    const id = crypto.randomUUID()
    await t.db.insert(memories).values({ id, userId: ana.id, text: 'imported whole', sortDate: '2026-01-01' })
    await t.db.insert(memoryImportUndo).values({ importId: job!.id, memoryId: id, previous: null })
    expect(await t.services.memories.recoverImports()).toBe(0)
    expect(await texts(ana)).toEqual({ total: 1, texts: ['imported whole'] })
    expect(await rowsOf(memoryImportUndo)).toBe(0)
  })
})
