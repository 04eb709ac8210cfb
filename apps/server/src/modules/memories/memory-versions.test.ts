import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { CreatedAccessToken, Memory, MemoryChange, MemoriesExport } from '@remi/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'

let t: TestApp
let endpoint: URL
const clients: Client[] = []
beforeAll(async () => {
  t = await buildTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  endpoint = new URL(`http://127.0.0.1:${port}/api/mcp`)
})
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await t.close()
})

async function mcpClient(user: TestUser, name = 'Claude desktop') {
  const res = await user.api.post<CreatedAccessToken>('/api/auth/tokens', { name, scope: 'write' })
  expect(res.status, res.text).toBe(201)
  const client = new Client({ name: 'remi-test-client', version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(endpoint, {
      requestInit: { headers: { Authorization: `Bearer ${res.body.token}` } },
    }),
  )
  clients.push(client)
  return client
}
const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult

const changesOf = async (user: TestUser, id: string) =>
  (await user.api.get<{ changes: MemoryChange[] }>(`/api/memories/${id}/changes`)).body.changes

describe('versions and undo', () => {
  it('keeps the previous version of an edit with who made it, and Undo puts it back', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'Wifi password is tulip42', tags: ['home'], date: null })
    expect(m.lastChange).toMatchObject({ action: 'created', by: 'user', before: null })

    const put = await user.api.put<Memory>(`/api/memories/${m.id}`, { text: 'Wifi password is orchid7' })
    expect(put.status, put.text).toBe(200)
    expect(put.body.lastChange).toMatchObject({
      action: 'updated',
      by: 'user',
      name: null,
      before: { text: 'Wifi password is tulip42', tags: ['home'], date: null, private: false },
    })
    const listed = (await user.api.memories.list()).items.find((x) => x.id === m.id)!
    expect(listed.lastChange?.action).toBe('updated')
    expect((await changesOf(user, m.id)).map((c) => c.action)).toEqual(['updated', 'created'])

    const undo = await user.api.post<{ memory: Memory }>(`/api/memories/${m.id}/undo`, {})
    expect(undo.status, undo.text).toBe(200)
    expect(undo.body.memory).toMatchObject({ text: 'Wifi password is tulip42', tags: ['home'] })
    expect(undo.body.memory.lastChange?.action).toBe('created')
    expect((await changesOf(user, m.id)).map((c) => c.action)).toEqual(['created'])
  })

  it('brings a deleted memory back with its id, and undoing a creation deletes it', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'Locker code 1234', date: '2026-02-01' })
    expect((await user.api.delete(`/api/memories/${m.id}`)).status).toBe(204)
    expect((await user.api.get(`/api/memories/${m.id}`)).status).toBe(404)

    const back = await user.api.post<{ memory: Memory }>(`/api/memories/${m.id}/undo`, {})
    expect(back.status, back.text).toBe(200)
    expect(back.body.memory).toMatchObject({ id: m.id, text: 'Locker code 1234', date: '2026-02-01' })
    expect(back.body.memory.createdAt).toBe(m.createdAt)

    const gone = await user.api.post<{ memory: Memory | null }>(`/api/memories/${m.id}/undo`, {})
    expect(gone.body.memory).toBeNull()
    expect((await user.api.get(`/api/memories/${m.id}`)).status).toBe(404)
    // Nothing left to undo, and nothing there: not found.
    expect((await user.api.post(`/api/memories/${m.id}/undo`, {})).status).toBe(404)
  })

  it("answers 404 for another user's memory and 409 when there is nothing to undo", async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    const m = await owner.api.memories.create({ text: 'Mine alone' })
    expect((await other.api.post(`/api/memories/${m.id}/undo`, {})).status).toBe(404)
    expect((await other.api.get(`/api/memories/${m.id}/changes`)).status).toBe(404)
    expect((await owner.api.post(`/api/memories/${m.id}/undo`, {})).status).toBe(200)
    const imported = await t.factory.memory(owner.id, { text: 'Imported, no history' })
    const res = await owner.api.post(`/api/memories/${imported.id}/undo`, {})
    expect(res.status).toBe(409)
    expect(res.text).toContain('no change of this memory to undo')
  })

  it('names the MCP token that changed a memory, and keeps versions 30 days', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'Gym on Tuesdays' })
    const client = await mcpClient(user, 'Laptop Claude')
    const res = await callTool(client, 'update_memory', { id: m.id, text: 'Gym on Thursdays' })
    expect(res.isError).toBeFalsy()
    const [last] = await changesOf(user, m.id)
    expect(last).toMatchObject({ by: 'token', name: 'Laptop Claude', before: { text: 'Gym on Tuesdays' } })

    // A version older than 30 days is neither shown nor kept after the next change.
    await t.db.execute(sql`update memory_versions set changed_at = now() - interval '31 days'
      where memory_id = ${m.id}`)
    expect(await changesOf(user, m.id)).toEqual([])
    await user.api.put(`/api/memories/${m.id}`, { text: 'Gym on Fridays' })
    const kept = await t.db.execute(
      sql`select count(*)::int as n from memory_versions where memory_id = ${m.id}`,
    )
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
  })

  it("gives each listed or found memory the same last change as the memory's own answer", async () => {
    const user = await t.createUser()
    const ids: string[] = []
    for (let i = 0; i < 6; i++) {
      const m = await user.api.memories.create({ text: `Pool meeting ${i}`, date: `2026-03-0${i + 1}` })
      ids.push(m.id)
    }
    await user.api.put(`/api/memories/${ids[1]}`, { text: 'Pool meeting moved', tags: ['sport'] })
    await user.api.put(`/api/memories/${ids[2]}`, { text: 'Pool meeting, private', private: true })
    // Two changes at the same instant (the id decides), and a change past 30 days (none).
    await t.db.execute(sql`update memory_versions set changed_at = now() - interval '31 days'
      where memory_id = ${ids[3]}`)
    await t.db.execute(sql`update memory_versions set changed_at = now() where memory_id = ${ids[2]}`)
    const own = async (id: string) => (await user.api.get<Memory>(`/api/memories/${id}`)).body.lastChange
    const expected = Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await own(id)])))
    expect(expected[ids[3]!]).toBeNull()
    expect(expected[ids[1]!]).toMatchObject({ action: 'updated', before: { text: 'Pool meeting 1' } })
    for (const query of [
      'pageSize=4',
      'page=2&pageSize=4',
      'searchTerm=pool',
      'searchTerm=meet&pageSize=3',
    ]) {
      const { items } = (await user.api.get<{ items: Memory[] }>(`/api/memories?${query}`)).body
      expect(items.length, query).toBeGreaterThan(0)
      for (const m of items) expect(m.lastChange, `${query} ${m.text}`).toEqual(expected[m.id])
    }
  })

  it('puts the versions of the last 30 days in the export', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'Plant tomatoes' })
    await user.api.put(`/api/memories/${m.id}`, { text: 'Plant tomatoes in May' })
    const data = (await user.api.get<MemoriesExport>('/api/memories/export')).body
    expect(data.versions?.filter((v) => v.memoryId === m.id).map((v) => v.action)).toEqual([
      'updated',
      'created',
    ])
    expect(data.versions?.find((v) => v.action === 'updated')?.before?.text).toBe('Plant tomatoes')
  })
})

describe('private memories', () => {
  it('the person sees, searches and exports them; MCP never gets them', async () => {
    const user = await t.createUser()
    const secret = await user.api.memories.create({ text: 'Bank PIN hint: grandma street', private: true })
    expect(secret.private).toBe(true)
    const open = await user.api.memories.create({ text: 'Bank opens at nine' })
    expect(open.private).toBe(false)

    const found = await user.api.memories.list({ searchTerm: 'bank' })
    expect(found.items.map((m) => m.id).sort()).toEqual([secret.id, open.id].sort())
    expect(found.items.find((m) => m.id === secret.id)?.private).toBe(true)
    const data = (await user.api.get<MemoriesExport>('/api/memories/export')).body
    expect(data.memories.find((m) => m.id === secret.id)).toMatchObject({ private: true })

    const client = await mcpClient(user)
    const answers = [
      await callTool(client, 'search_memories', { query: 'bank PIN grandma' }),
      await callTool(client, 'list_recent_memories', { limit: 50 }),
      await callTool(client, 'get_today'),
    ]
    for (const answer of answers) {
      expect(JSON.stringify(answer)).not.toContain(secret.id)
      expect(JSON.stringify(answer)).not.toContain('grandma street')
    }
    expect(JSON.stringify(answers[1])).toContain('Bank opens at nine')
    expect(JSON.stringify(answers[1])).toContain('"totalCount":1')
    const edit = await callTool(client, 'update_memory', { id: secret.id, text: 'leaked' })
    expect(edit).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Memory not found.' }] })
    const del = await callTool(client, 'delete_memory', { id: secret.id })
    expect(del.isError).toBe(true)
    expect((await user.api.get<Memory>(`/api/memories/${secret.id}`)).body.text).toContain('grandma')
  })

  it('a switch on an edit makes a memory private and back, as a change that Undo reverses', async () => {
    const user = await t.createUser()
    const m = await user.api.memories.create({ text: 'Therapy on Mondays' })
    const put = await user.api.put<Memory>(`/api/memories/${m.id}`, { text: m.text, private: true })
    expect(put.body.private).toBe(true)
    expect((await user.api.put(`/api/memories/${m.id}`, { text: m.text, private: 'yes' })).status).toBe(400)
    const undo = await user.api.post<{ memory: Memory }>(`/api/memories/${m.id}/undo`, {})
    expect(undo.body.memory.private).toBe(false)
  })
})
