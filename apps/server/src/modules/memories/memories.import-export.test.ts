import { MEMORY_LIMITS, type ApiErrorBody, type MemoriesExport, type Memory } from '@remi/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { remappedId } from './memories.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

// The list's memories carry their last change (undo); an export file holds the memories alone (the
// changes go in its versions).
const all = async (user: TestUser) => {
  const list = await user.api.memories.list({ pageSize: 100 })
  return { ...list, items: list.items.map(({ lastChange: _, ...m }) => m) }
}

/** What a person would call "the same memory": everything but the id. */
const content = (m: Memory) => ({
  text: m.text,
  tags: m.tags,
  date: m.date,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
})

async function seed(user: TestUser) {
  await user.api.memories.create({ text: 'Dentist on Tuesday', tags: 'health, errands', date: '2026-01-05' })
  // Undated, so listed by the day it was created: the first instant an import accepts puts it last.
  const undated = {
    text: 'Idea: *markdown* `code` and # heading',
    date: null,
    createdAt: '1900-01-01T00:00:00.000Z',
  }
  const res = await user.api.memories.import([undated])
  expect(res.status, res.text).toBe(200)
  await user.api.memories.create({
    text: 'Ünïcödé and emoji 🎉\nsecond line',
    tags: ['Fun'],
    date: '1900-01-01',
  })
}

describe('export', () => {
  it('downloads JSON as an attachment named for the day', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    await seed(user)
    const res = await user.api.get<MemoriesExport>('/api/memories/export')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="remi-memories-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    const data = res.body
    expect(data).toMatchObject({ format: 'remi-memories', version: 1 })
    expect(data.memories.map((m) => m.text)).toEqual([
      'Dentist on Tuesday',
      'Ünïcödé and emoji 🎉\nsecond line',
      'Idea: *markdown* `code` and # heading',
    ])
    expect(data.memories).toEqual((await all(user)).items)
  })

  it('downloads Markdown with every memory, its date and tags', async () => {
    const user = await t.createUser()
    await seed(user)
    const res = await user.api.get('/api/memories/export', { format: 'markdown' })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/markdown/)
    expect(res.headers['content-disposition']).toMatch(/filename="remi-memories-\d{4}-\d{2}-\d{2}\.md"$/)
    expect(res.text).toMatch(/^# Remi memories\n\nExported .* · 3 memories\n/)
    expect(res.text).toContain('## 2026-01-05\n\nDentist on Tuesday\n\nTags: `health`, `errands`')
    expect(res.text).toContain('## No date\n\nIdea: *markdown* `code` and # heading')
    expect(res.text).toContain('## 1900-01-01\n\nÜnïcödé and emoji 🎉\nsecond line\n\nTags: `Fun`')
  })
})

describe('import', () => {
  it('export then import into a new account gives the same memories', async () => {
    const alice = await t.createUser()
    await seed(alice)
    const file = await alice.api.memories.exportJson()

    const bob = await t.createUser()
    const res = await bob.api.post('/api/memories/import', file)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({ imported: 3, created: 3, updated: 0 })

    const bobs = (await all(bob)).items
    expect(bobs.map(content)).toEqual(file.memories.map(content))
    // Alice's rows are hers alone: Bob got copies with ids of his own.
    for (const m of bobs) expect(file.memories.map((x) => x.id)).not.toContain(m.id)
    expect((await all(alice)).items).toEqual(file.memories)
  })

  it('is idempotent by id: importing the same file twice changes nothing', async () => {
    const user = await t.createUser()
    await seed(user)
    const file = await user.api.memories.exportJson()
    const first = await user.api.post('/api/memories/import', file)
    expect(first.body).toEqual({ imported: 3, created: 0, updated: 3 })
    const second = await user.api.post('/api/memories/import', file)
    expect(second.body).toEqual({ imported: 3, created: 0, updated: 3 })
    expect((await all(user)).items).toEqual(file.memories)

    // Into another account, twice: still one copy each.
    const other = await t.createUser()
    await other.api.post('/api/memories/import', file)
    expect((await other.api.post('/api/memories/import', file)).body).toEqual({
      imported: 3,
      created: 0,
      updated: 3,
    })
    expect((await all(other)).totalCount).toBe(3)
  })

  it('keeps a private memory private: into a new account, and when a file without the flag is imported again', async () => {
    const alice = await t.createUser()
    const secret = await alice.api.memories.create({ text: 'Bank PIN hint: the blue door', private: true })
    const file = await alice.api.memories.exportJson()
    expect(file.memories.find((m) => m.id === secret.id)).toMatchObject({ private: true })

    const bob = await t.createUser()
    expect((await bob.api.post('/api/memories/import', file)).status).toBe(200)
    expect((await all(bob)).items).toEqual([expect.objectContaining({ text: secret.text, private: true })])

    // An older file (no flag) or one saying false never makes it public again.
    const older = { ...file, memories: file.memories.map(({ private: _, ...m }) => m) }
    expect((await alice.api.post('/api/memories/import', older)).body).toMatchObject({ updated: 1 })
    const saysPublic = { ...file, memories: file.memories.map((m) => ({ ...m, private: false })) }
    expect((await alice.api.post('/api/memories/import', saysPublic)).body).toMatchObject({ updated: 1 })
    expect((await all(alice)).items).toEqual([expect.objectContaining({ id: secret.id, private: true })])
  })

  it('restores edited or deleted memories from an older export', async () => {
    const user = await t.createUser()
    await seed(user)
    const file = await user.api.memories.exportJson()
    const [first, second] = file.memories
    await user.api.put(`/api/memories/${first!.id}`, { text: 'changed' })
    await user.api.delete(`/api/memories/${second!.id}`)
    expect((await user.api.post('/api/memories/import', file)).body).toEqual({
      imported: 3,
      created: 1,
      updated: 2,
    })
    // A deleted id is no longer the user's, so it comes back under a stand-in id (like any unknown id).
    const restored = file.memories.map((m) =>
      m.id === second!.id ? { ...m, id: remappedId(user.id, m.id) } : m,
    )
    expect((await all(user)).items).toEqual(restored)
    expect((await user.api.post('/api/memories/import', file)).body).toEqual({
      imported: 3,
      created: 0,
      updated: 3,
    })
  })

  it("never overwrites another user's memory, and treats its id exactly like an unknown one", async () => {
    const owner = await t.createUser()
    const mine = await owner.api.memories.create({ text: 'owner text', tags: 'a', date: '2026-01-01' })
    const attacker = await t.createUser()
    const unknownId = '5f0c2f36-3a57-4a4f-9a57-2d1e0f6b1c11'
    const res = await attacker.api.memories.import([
      { id: mine.id, text: 'overwritten!', tags: [], date: null },
      { id: unknownId, text: 'fresh', tags: [], date: null },
    ])
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ imported: 2, created: 2, updated: 0 })
    expect((await owner.api.get(`/api/memories/${mine.id}`)).body).toEqual(mine)
    const theirs = (await all(attacker)).items
    expect(theirs.map((m) => m.text).sort()).toEqual(['fresh', 'overwritten!'])
    // No existence oracle: both ids are replaced the same way, so the result tells nothing about which exists.
    expect(theirs.map((m) => m.id).sort()).toEqual(
      [remappedId(attacker.id, mine.id), remappedId(attacker.id, unknownId)].sort(),
    )
    expect((await attacker.api.get(`/api/memories/${mine.id}`)).status).toBe(404)
  })

  it('creates new ids for memories without one', async () => {
    const user = await t.createUser()
    const res = await user.api.memories.import([{ text: 'hand written', tags: 'a, b' }])
    expect(res.body).toEqual({ imported: 1, created: 1, updated: 0 })
    expect((await all(user)).items[0]).toMatchObject({ text: 'hand written', tags: ['a', 'b'], date: null })
  })

  // Over 256 KB: read in a worker thread (import-file.ts), the memories arriving in batches of 1000.
  const bigFile = () =>
    Array.from({ length: 4000 }, (_, i) => ({
      id: crypto.randomUUID(),
      text: `memory ${i}`,
      tags: [`t${i % 7}`],
      date: '2026-01-01',
    }))

  it('imports large files in one piece', async () => {
    const user = await t.createUser()
    const memories = bigFile()
    expect(JSON.stringify(memories).length).toBeGreaterThan(256 * 1024)
    const res = await user.api.memories.import(memories)
    expect(res.body).toEqual({ imported: 4000, created: 4000, updated: 0 })
    expect((await all(user)).totalCount).toBe(4000)
  })

  it('names the first bad memory of a large file, past its first batches, and imports nothing', async () => {
    const user = await t.createUser()
    const blank = bigFile()
    blank[2600]!.text = ' '
    const res = await user.api.post<ApiErrorBody>('/api/memories/import', {
      format: 'remi-memories',
      version: 1,
      memories: blank,
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Item 2601: Text must not be blank.')
    const twice = bigFile()
    twice[3500]!.id = twice[10]!.id
    const again = await user.api.post<ApiErrorBody>('/api/memories/import', {
      format: 'remi-memories',
      version: 1,
      memories: twice,
    })
    expect(again.status).toBe(400)
    expect(again.body.message).toMatch(/^Item 3501: This id appears twice/)
    expect((await all(user)).totalCount).toBe(0)
  })

  describe('lands whole or not at all', () => {
    const good = { text: 'good one', tags: [], date: '2026-01-01' }
    const bad: [string, unknown, RegExp][] = [
      [
        'a memory with blank text',
        { format: 'remi-memories', version: 1, memories: [good, { text: ' ' }] },
        /^Item 2: Text must not be blank\.$/,
      ],
      [
        'a memory with an impossible date',
        { format: 'remi-memories', version: 1, memories: [good, { text: 'x', date: '2026-02-30' }] },
        /^Item 2: The date must be a real date/,
      ],
      [
        'a memory with 21 tags',
        {
          format: 'remi-memories',
          version: 1,
          memories: [{ text: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
        },
        /^Item 1: At most 20 tags are allowed\.$/,
      ],
      [
        'an id that is not a uuid',
        { format: 'remi-memories', version: 1, memories: [{ id: '42', text: 'x' }] },
        /^Item 1: The id must be a UUID\.$/,
      ],
      [
        'the same id twice',
        {
          format: 'remi-memories',
          version: 1,
          memories: [
            { ...good, id: '5f0c2f36-3a57-4a4f-9a57-2d1e0f6b1c12' },
            { ...good, id: '5f0c2f36-3a57-4a4f-9a57-2d1e0f6b1c12' },
          ],
        },
        /^Item 2: This id appears twice/,
      ],
      [
        'a bad createdAt',
        { format: 'remi-memories', version: 1, memories: [{ text: 'x', createdAt: 'yesterday' }] },
        /^Item 1: Created at must be/,
      ],
      [
        'another file format',
        { format: 'something-else', version: 1, memories: [] },
        /^The format must be 'remi-memories'/,
      ],
      [
        'a future version',
        { format: 'remi-memories', version: 2, memories: [] },
        /^The version must be 1\.$/,
      ],
      ['no memories list', { format: 'remi-memories', version: 1 }, /^Memories must be a list\.$/],
      ['a bare array', [good], /^The request body must be a JSON object\.$/],
    ]
    it.each(bad)('%s is a 400 and nothing is imported', async (_name, payload, message) => {
      const user = await t.createUser()
      const res = await user.api.post<ApiErrorBody>('/api/memories/import', payload)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(message)
      expect((await all(user)).totalCount).toBe(0)
    })

    it('malformed JSON is a 400', async () => {
      const user = await t.createUser()
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memories/import',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '{"format": "remi-memories", "memories": [',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('The request body is not valid JSON.')
    })

    it('an oversized file is a 413 saying the limit', async () => {
      const user = await t.createUser()
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memories/import',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: Buffer.alloc(MEMORY_LIMITS.importFileBytes + 1, 0x20),
      })
      expect(res.statusCode).toBe(413)
      expect(res.json()).toMatchObject({
        statusCode: 413,
        message: 'The import file is too large (at most 64 MB).',
      })
    })

    it('an id that would land on the same row twice is a 409 and nothing is imported', async () => {
      const user = await t.createUser()
      // An id that is not the user's is remapped to remappedId(user, id); the user already owns that
      // one (from an earlier import), and the file carries it too.
      const id = crypto.randomUUID()
      await user.api.memories.import([{ id, text: 'first' }])
      const memories = [
        ...Array.from({ length: 1400 }, (_, i) => ({ id: crypto.randomUUID(), text: `ok ${i}` })),
        { id, text: 'maps to the next id' },
        { id: remappedId(user.id, id), text: 'explicit' },
      ]
      const res = await user.api.memories.import<ApiErrorBody>(memories)
      expect(res.status).toBe(409)
      expect(res.body.message).toMatch(/Nothing was imported/)
      expect((await all(user)).items.map((m) => m.text)).toEqual(['first'])
    })

    it('NUL characters are a 400', async () => {
      const user = await t.createUser()
      const res = await user.api.memories.import<ApiErrorBody>([{ text: 'a\u0000b' }])
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^Item 1: Text must not contain NUL/)
    })
  })
})
