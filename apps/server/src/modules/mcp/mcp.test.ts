import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  addDays,
  todayIn,
  type CreatedAccessToken,
  type Memory,
  type MemoryList,
  type TodayFacts,
} from '@remi/shared'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { startOpenMeteoFake, type OpenMeteoFake } from '../../test/fakes/open-meteo.ts'
import { createAssistantTools, toolRegistry } from '../assistant/index.ts'
import { READ_ONLY_MESSAGE } from './mcp.tools.ts'

let t: TestApp
let meteo: OpenMeteoFake
let endpoint: URL
const clients: Client[] = []

beforeAll(async () => {
  meteo = await startOpenMeteoFake()
  t = await buildTestApp({ env: { WEATHER_API_URL: meteo.url, GEOCODING_API_URL: meteo.url } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  endpoint = new URL(`http://127.0.0.1:${port}/api/mcp`)
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
})
afterAll(async () => {
  await t.close()
  await meteo.close()
})

async function tokenFor(user: TestUser, scope: 'read' | 'write' = 'write'): Promise<string> {
  const res = await user.api.post<CreatedAccessToken>('/api/auth/tokens', { name: `MCP ${scope}`, scope })
  expect(res.status, res.text).toBe(201)
  return res.body.token
}

/** The SDK's own client over Streamable HTTP, as a desktop app or editor would connect. */
async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'remi-test-client', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  })
  await client.connect(transport)
  clients.push(client)
  return client
}

/** A memory saved through the REST API, as the web app would. */
async function remember(user: TestUser, memory: { text: string; tags?: string[]; date: string | null }) {
  const res = await user.api.post<Memory>('/api/memories', memory)
  expect(res.status, res.text).toBe(201)
  return res.body
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult
}
const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')

describe('the MCP server', () => {
  it('lists its tools, each with a description and an input schema', async () => {
    const user = await t.createUser()
    const client = await connect(await tokenFor(user, 'read'))
    expect(client.getServerVersion()).toMatchObject({ name: 'remi', title: 'Remi' })
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'cancel_reminder',
      'create_memory',
      'create_reminder',
      'delete_memory',
      'get_today',
      'list_recent_memories',
      'list_reminders',
      'list_tags',
      'search_memories',
      'update_memory',
    ])
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(30)
      expect(tool.inputSchema.type, tool.name).toBe('object')
      expect(tool.outputSchema?.type, tool.name).toBe('object')
    }
    const search = tools.find((tool) => tool.name === 'search_memories')!
    expect(search.inputSchema.required).toEqual(['query'])
    expect(search.annotations).toMatchObject({ readOnlyHint: true })
    expect(tools.find((tool) => tool.name === 'delete_memory')!.annotations).toMatchObject({
      destructiveHint: true,
    })
  })

  it("lists the registry's tools, as the chat model's tool set does: each tool is defined once", async () => {
    const user = await t.createUser()
    const client = await connect(await tokenFor(user, 'read'))
    const { tools } = await client.listTools()
    const listed = tools.map((tool) => tool.name)
    const offered = Object.entries(await createAssistantTools(t.services, user.id).aiTools())
    const model = offered.map(([name]) => name)
    // A tool registered on the server or added to the model's set outside the registry fails here.
    expect(listed).toEqual(toolRegistry.filter((d) => d.mcp).map((d) => d.name))
    // This server has no web search provider: the web's tools (model only) are not offered.
    expect(model).toEqual(toolRegistry.filter((d) => d.model && d.needs !== 'web').map((d) => d.name))
    // The differences are the registry's, and deliberate: a new tool with both faces reaches both.
    // create_automation is the chat's only: a scheduled run spends the model and sends push and e-mail.
    expect(model.filter((name) => !listed.includes(name))).toEqual([
      'get_weather',
      'get_calendar_events',
      'create_automation',
    ])
    expect(listed.filter((name) => !model.includes(name))).toEqual([
      'list_recent_memories',
      'list_tags',
      'get_today',
    ])
    const definition = (name: string) => toolRegistry.find((d) => d.name === name)!
    for (const tool of tools) {
      const { mcp, readOnly } = definition(tool.name)
      expect(tool.description, tool.name).toBe(mcp!.description)
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(readOnly)
    }
    for (const [name, tool] of offered)
      expect(tool.description, name).toBe(definition(name).model!.description)
  })

  it('searches, creates, updates and deletes, and the web API sees every change', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    await user.api.post('/api/memories', {
      text: 'Dentist on Friday at 10',
      tags: ['health'],
      date: '2026-03-06',
    })
    await user.api.post('/api/memories', { text: 'Buy oat milk', tags: ['shopping'] })
    const client = await connect(await tokenFor(user, 'write'))

    const found = await call(client, 'search_memories', { query: 'dent' })
    expect(found.isError).toBeFalsy()
    const { memories: hits } = found.structuredContent as { query: string; memories: Memory[] }
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({ text: 'Dentist on Friday at 10', tags: ['health'], date: '2026-03-06' })
    expect(textOf(found)).toBe(
      `Found 1 memory for "dent", best first:\n- 2026-03-06: Dentist on Friday at 10 [health] (id ${hits[0]!.id})`,
    )
    // A question in full sentences, as an assistant would ask it: searched word by word like the chat.
    const asked = await call(client, 'search_memories', { query: 'When is my dentist appointment?' })
    expect((asked.structuredContent as { memories: Memory[] }).memories.map((m) => m.text)).toEqual([
      'Dentist on Friday at 10',
    ])
    const tagged = await call(client, 'search_memories', { query: 'milk', tags: ['health'] })
    expect((tagged.structuredContent as { memories: Memory[] }).memories).toEqual([])
    // Saved today (in Lisbon), whatever day they are about; none were saved yesterday.
    const lisbonToday = todayIn('Europe/Lisbon')
    const savedToday = await call(client, 'search_memories', { query: 'dentist', savedFrom: lisbonToday })
    expect((savedToday.structuredContent as { memories: Memory[] }).memories.map((m) => m.text)).toEqual([
      'Dentist on Friday at 10',
    ])
    const savedBefore = await call(client, 'search_memories', {
      query: 'dentist',
      savedTo: addDays(lisbonToday, -1),
    })
    expect((savedBefore.structuredContent as { memories: Memory[] }).memories).toEqual([])

    const created = await call(client, 'create_memory', {
      text: 'Ana likes dark chocolate',
      tags: ['Ana', 'gifts', 'ana'],
      date: '2026-02-14',
    })
    expect(created.isError, textOf(created)).toBeFalsy()
    const memory = (created.structuredContent as { memory: Memory }).memory
    expect(memory).toMatchObject({
      text: 'Ana likes dark chocolate',
      tags: ['Ana', 'gifts'],
      date: '2026-02-14',
    })
    expect(textOf(created)).toContain('Saved the memory')
    const afterCreate = await user.api.get<MemoryList>('/api/memories', { searchTerm: 'chocolate' })
    expect(afterCreate.body.items).toEqual([memory])

    // Omitted date: today in the user's zone, as in the web app.
    const today = await call(client, 'create_memory', { text: 'Called the plumber' })
    expect((today.structuredContent as { memory: Memory }).memory.date).toBe(todayIn('Europe/Lisbon'))

    const updated = await call(client, 'update_memory', { id: memory.id, tags: ['Ana'], date: null })
    expect(updated.isError, textOf(updated)).toBeFalsy()
    const got = await user.api.get<Memory>(`/api/memories/${memory.id}`)
    expect(got.body).toMatchObject({ text: 'Ana likes dark chocolate', tags: ['Ana'], date: null })
    const retext = await call(client, 'update_memory', { id: memory.id, text: 'Ana loves dark chocolate' })
    expect((retext.structuredContent as { memory: Memory }).memory).toMatchObject({
      text: 'Ana loves dark chocolate',
      tags: ['Ana'],
    })

    const deleted = await call(client, 'delete_memory', { id: memory.id })
    expect(deleted.isError, textOf(deleted)).toBeFalsy()
    expect(deleted.structuredContent).toEqual({ deleted: memory.id })
    expect((await user.api.get(`/api/memories/${memory.id}`)).status).toBe(404)
    const again = await call(client, 'delete_memory', { id: memory.id })
    expect(again.isError).toBe(true)
    expect(textOf(again)).toBe('Memory not found.')
  })

  it('lists recent memories and tags', async () => {
    const user = await t.createUser()
    await remember(user, { text: 'Oldest', tags: ['a'], date: '2025-01-01' })
    await remember(user, { text: 'Newest', tags: ['a', 'b'], date: '2026-01-01' })
    await remember(user, { text: 'Middle', date: '2025-06-01' })
    const client = await connect(await tokenFor(user, 'read'))
    const recent = await call(client, 'list_recent_memories', { limit: 2 })
    const page = recent.structuredContent as { totalCount: number; memories: Memory[] }
    expect(page.totalCount).toBe(3)
    expect(page.memories.map((m) => m.text)).toEqual(['Newest', 'Middle'])
    expect(textOf(recent)).toMatch(/^The latest 2 of 3 memories:\n- 2026-01-01: Newest \[a, b\]/)
    const tags = await call(client, 'list_tags')
    expect(tags.structuredContent).toEqual({
      tags: [
        { name: 'a', count: 2 },
        { name: 'b', count: 1 },
      ],
    })
    expect(textOf(tags)).toBe('Tags (memories): a (2), b (1)')
  })

  it("get_today gives the briefing's facts: weather, the calendar's state, memories due and on this day", async () => {
    const user = await t.createUser({ name: 'Ada', timezone: 'Europe/Lisbon' })
    const weather = await user.api.put('/api/datasources/weather', {
      isEnabled: true,
      configuration: { locationName: 'Lisbon' },
    })
    expect(weather.status, weather.text).toBe(200)
    const today = todayIn('Europe/Lisbon')
    await remember(user, { text: 'Passport renewal', date: addDays(today, 3) })
    await remember(user, { text: 'Dinner with Ana', date: today })
    await remember(user, { text: 'Too far ahead', date: addDays(today, 8) })
    await remember(user, { text: 'Yesterday', date: addDays(today, -1) })
    await remember(user, { text: 'Undated, saved today', date: null })
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`
    await remember(user, { text: 'Moved into the flat', date: lastYear })
    const client = await connect(await tokenFor(user, 'read'))

    const result = await call(client, 'get_today')
    expect(result.isError, textOf(result)).toBeFalsy()
    const facts = result.structuredContent as TodayFacts
    // The same facts the dashboard's briefing is written from.
    expect(facts).toEqual(await t.services.dashboard.gatherTodayFacts(user.id))
    expect(facts).toMatchObject({
      date: today,
      timeZone: 'Europe/Lisbon',
      userName: 'Ada',
      weather: { status: 'ok', place: expect.stringMatching(/^Lisbon/), onVacation: false },
      calendar: { status: 'off' },
    })
    if (facts.memories.status !== 'ok') throw new Error('the memories should be ok')
    expect(facts.memories.dueToday.map((m) => m.text)).toEqual(['Dinner with Ana'])
    expect(facts.memories.upcoming.map((m) => [m.text, m.daysAhead])).toEqual([['Passport renewal', 3]])
    expect(facts.memories.onThisDay.map((m) => [m.text, m.yearsAgo])).toEqual([['Moved into the flat', 1]])
    const text = textOf(result)
    expect(text).toContain(`Today is **${facts.dateText}**.`)
    expect(text).toContain('Dinner with Ana')
    const passportDay = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${addDays(today, 3)}T12:00:00Z`))
    expect(text).toContain(`- ${passportDay} (in 3 days): Passport renewal`)
    expect(text).toContain('Calendar is off.')
    expect(text).not.toContain('Too far ahead')
  })

  it('get_today says when the weather cannot be reached, without failing the tool', async () => {
    const user = await t.createUser()
    await user.api.put('/api/datasources/weather', {
      isEnabled: true,
      configuration: { locationName: 'Paris' },
    })
    const client = await connect(await tokenFor(user, 'read'))
    meteo.down = true
    try {
      const result = await call(client, 'get_today')
      expect(result.isError).toBeFalsy()
      expect((result.structuredContent as TodayFacts).weather).toMatchObject({ status: 'failed' })
      expect(textOf(result)).toContain('Weather is unavailable')
    } finally {
      meteo.down = false
    }
  })

  it('a read-only token searches but gets a tool error saying it is read-only when it writes', async () => {
    const user = await t.createUser()
    const mine = await user.api.post<Memory>('/api/memories', { text: 'Keep me', tags: [] })
    const client = await connect(await tokenFor(user, 'read'))
    expect((await call(client, 'search_memories', { query: 'keep' })).isError).toBeFalsy()
    for (const [tool, args] of [
      ['create_memory', { text: 'Sneaky' }],
      ['update_memory', { id: mine.body.id, text: 'Changed' }],
      ['delete_memory', { id: mine.body.id }],
    ] as const) {
      const result = await call(client, tool, args)
      expect(result.isError, tool).toBe(true)
      expect(textOf(result), tool).toBe(READ_ONLY_MESSAGE)
      expect(textOf(result)).toMatch(/^This access token is read-only/)
    }
    const list = await user.api.get<MemoryList>('/api/memories')
    expect(list.body.items.map((m) => m.text)).toEqual(['Keep me'])
  })

  it("user B's token never sees or changes user A's memories", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()]
    const secret = await a.api.post<Memory>('/api/memories', { text: 'A private plan', tags: ['plans'] })
    const client = await connect(await tokenFor(b, 'write'))
    const search = await call(client, 'search_memories', { query: 'private plan' })
    expect(search.structuredContent).toEqual({ query: 'private plan', memories: [] })
    expect(textOf(search)).toBe('No memories match "private plan".')
    expect((await call(client, 'list_recent_memories')).structuredContent).toEqual({
      totalCount: 0,
      memories: [],
    })
    expect((await call(client, 'list_tags')).structuredContent).toEqual({ tags: [] })
    for (const [tool, args] of [
      ['update_memory', { id: secret.body.id, text: 'Hijacked' }],
      ['delete_memory', { id: secret.body.id }],
    ] as const) {
      const result = await call(client, tool, args)
      expect(result.isError).toBe(true)
      expect(textOf(result)).toBe('Memory not found.')
    }
    expect((await a.api.get<Memory>(`/api/memories/${secret.body.id}`)).body).toEqual(secret.body)
  })

  it('list_tags does not count private memories: a tag only they carry is not listed', async () => {
    const user = await t.createUser()
    await user.api.memories.create({ text: 'Quarterly plan', tags: ['plans', 'work'] })
    await user.api.memories.create({ text: 'Therapy on Tuesdays', tags: ['health', 'Plans'], private: true })
    const client = await connect(await tokenFor(user, 'read'))
    const tags = await call(client, 'list_tags')
    expect(tags.structuredContent).toEqual({
      tags: [
        { name: 'plans', count: 1 },
        { name: 'work', count: 1 },
      ],
    })
    expect(textOf(tags)).toBe('Tags (memories): plans (1), work (1)')
    // The person still sees every tag of theirs on the Memories page.
    const mine = await user.api.get<{ name: string; count: number }[]>('/api/memories/tags')
    expect(JSON.stringify(mine.body)).toContain('health')
  })

  it('bad arguments are tool errors that say what is wrong', async () => {
    const user = await t.createUser()
    const client = await connect(await tokenFor(user, 'write'))
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['create_memory', { text: '   ' }, /^text: Text must not be blank/],
      // MCP's callers are programs: a tool error names the argument by its path.
      ['create_memory', { text: 'x', date: '2026-02-30' }, /^date: Must be a real date/],
      ['create_memory', { text: 'x', tags: ['a\u0000'] }, /^tags\.0: Tags must not contain NUL/],
      ['create_memory', {}, /Input validation error/],
      ['update_memory', { id: 'not-a-uuid', text: 'x' }, /^Memory not found\.$/],
      ['update_memory', { id: '00000000-0000-4000-8000-000000000000' }, /^Give at least one of/],
      [
        'search_memories',
        { query: 'x', startDate: '2026-05-01', endDate: '2026-04-01' },
        /The start date must not be after the end date/,
      ],
      ['search_memories', { query: 'x', limit: 500 }, /Input validation error/],
      [
        'search_memories',
        { query: 'x', savedFrom: '2026-05-01', savedTo: '2026-04-01' },
        /^savedFrom must not be after savedTo\.$/,
      ],
      ['search_memories', { query: 'x', savedTo: '2026-02-30' }, /^savedTo: Must be a real date/],
    ]
    for (const [tool, args, message] of cases) {
      const result = await call(client, tool, args)
      expect(result.isError, `${tool} ${JSON.stringify(args)}`).toBe(true)
      expect(textOf(result)).toMatch(message)
    }
    expect((await user.api.get<MemoryList>('/api/memories')).body.totalCount).toBe(0)
  })
})

describe('who may connect', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  }
  const post = (headers: Record<string, string>) =>
    fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(initialize),
    })

  it('a wrong, revoked or missing token is a 401 with WWW-Authenticate: Bearer', async () => {
    const user = await t.createUser()
    const revoked = await user.api.post<CreatedAccessToken>('/api/auth/tokens', {
      name: 'Old',
      scope: 'write',
    })
    await user.api.delete(`/api/auth/tokens/${revoked.body.id}`)
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer remi_pat_${'x'.repeat(43)}` },
      { authorization: `Bearer ${revoked.body.token}` },
      { authorization: 'Bearer not-a-token' },
      // The browser session (cookie and CSRF token) does not open the MCP server: only a token does.
      user.headers,
      { authorization: `Bearer ${user.jwt}` },
    ]
    for (const headers of attempts) {
      const res = await post(headers)
      expect(res.status, JSON.stringify(headers)).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="Remi"')
      expect(await res.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: expect.stringMatching(/access token/),
      })
    }
    await expect(connect(revoked.body.token)).rejects.toSatisfy(
      (error) => error instanceof StreamableHTTPError && error.code === 401,
    )
  })

  it('answers a plain JSON POST (no cookie, no CSRF token) and refuses GET and DELETE with 405', async () => {
    const user = await t.createUser()
    const token = await tokenFor(user, 'read')
    const res = await post({ authorization: `Bearer ${token}` })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('mcp-session-id')).toBeNull()
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'remi' } },
    })
    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch(endpoint, { method, headers: { authorization: `Bearer ${token}` } })
      expect(refused.status, method).toBe(405)
      expect(refused.headers.get('allow')).toBe('POST')
      expect(await refused.json()).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' })
    }
  })
})

describe('rate limit', () => {
  it('allows 20 tool calls a minute per user, then answers 429; listing tools is not counted', async () => {
    const user = await t.createUser()
    const client = await connect(await tokenFor(user, 'read'))
    for (let i = 0; i < 20; i++) expect((await call(client, 'list_tags')).isError).toBeFalsy()
    await expect(call(client, 'list_tags')).rejects.toSatisfy(
      (error) => error instanceof StreamableHTTPError && error.code === 429,
    )
    expect((await client.listTools()).tools).toHaveLength(10)
    // Per user: someone else's calls still go through.
    const other = await connect(await tokenFor(await t.createUser(), 'read'))
    expect((await call(other, 'list_tags')).isError).toBeFalsy()
  })
})

describe('reminder tools', () => {
  it('create_reminder, list_reminders and cancel_reminder work on the token user’s reminders; a read token cannot write', async () => {
    const user = await t.createUser({ timezone: 'Europe/Lisbon' })
    const client = await connect(await tokenFor(user))
    const dueAt = new Date(Date.now() + 3600_000).toISOString()
    const created = await call(client, 'create_reminder', { text: 'Call the vet', dueAt })
    expect(created.isError).toBeFalsy()
    const reminder = created.structuredContent as { id: string; status: string; timezone: string }
    expect(reminder).toMatchObject({ status: 'scheduled', timezone: 'Europe/Lisbon' })
    const listed = await call(client, 'list_reminders')
    expect(textOf(listed)).toContain('Call the vet')
    expect(
      (await user.api.get<{ reminders: Array<{ id: string }> }>('/api/reminders')).body.reminders,
    ).toEqual([expect.objectContaining({ id: reminder.id })])

    const bad = await call(client, 'create_reminder', { text: 'x', dueAt, recurrence: 'FREQ=MINUTELY' })
    expect(bad.isError).toBe(true)
    expect(textOf(bad)).toMatch(/^recurrence: /)

    const other = await t.createUser()
    const theirs = await connect(await tokenFor(other))
    const refused = await call(theirs, 'cancel_reminder', { id: reminder.id })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toBe('Reminder not found.')
    expect(
      textOf(await call(await connect(await tokenFor(user, 'read')), 'cancel_reminder', { id: reminder.id })),
    ).toBe(READ_ONLY_MESSAGE)

    const cancelled = await call(client, 'cancel_reminder', { id: reminder.id })
    expect(cancelled.structuredContent).toMatchObject({ id: reminder.id, status: 'cancelled' })
    expect(textOf(await call(client, 'list_reminders'))).toBe('No reminders.')

    // A private memory's reminder holds its text: never listed to an MCP client.
    const secret = await user.api.memories.create({ text: 'Renew the studio alarm code 8812', private: true })
    await user.api.post('/api/reminders', { text: secret.text, dueAt, memoryId: secret.id })
    const hidden = await call(client, 'list_reminders')
    expect(textOf(hidden)).toBe('No reminders.')
    expect(JSON.stringify(hidden)).not.toContain('8812')
  })
})

describe('any input', () => {
  const toolNames = [
    'search_memories',
    'list_recent_memories',
    'create_memory',
    'update_memory',
    'delete_memory',
    'list_tags',
    'get_today',
  ]
  const odd = fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'x\ud800',
    '2026-02-30',
    '2026-01-05',
    '1899-12-31',
    'x'.repeat(10_001),
    '00000000-0000-4000-8000-000000000000',
  )
  const argValue = fc.oneof(
    odd,
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(odd, fc.string()), { maxLength: 22 }),
  )
  const args = fc.dictionary(
    fc.oneof(
      fc.constantFrom('id', 'text', 'tags', 'date', 'query', 'limit', 'startDate', 'endDate'),
      fc.string({ maxLength: 6 }),
    ),
    argValue,
    { maxKeys: 5 },
  )
  const params = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record(
        {
          name: fc.oneof(fc.constantFrom(...toolNames), fc.string()),
          arguments: fc.oneof({ weight: 4, arbitrary: args }, fc.anything()),
        },
        { requiredKeys: ['name'] },
      ),
    },
    { weight: 1, arbitrary: fc.anything() },
  )
  const method = fc.oneof(
    { weight: 8, arbitrary: fc.constant('tools/call') },
    {
      weight: 2,
      arbitrary: fc.constantFrom('tools/list', 'initialize', 'ping', 'resources/list', 'prompts/get'),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  )
  /** Mostly a well-formed request, so the tools run; sometimes a broken envelope. */
  const message = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), method, params }),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          jsonrpc: fc.anything(),
          id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
          method,
          params,
        },
        { requiredKeys: [] },
      ),
    },
  )
  const body = fc.oneof(
    { weight: 6, arbitrary: message.map((m) => ({ type: 'application/json', payload: JSON.stringify(m) })) },
    {
      weight: 1,
      arbitrary: fc
        .array(message, { maxLength: 3 })
        .map((m) => ({ type: 'application/json', payload: JSON.stringify(m) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .anything()
        .map((v) => ({ type: 'application/json', payload: JSON.stringify(v) ?? 'null' })),
    },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constantFrom('application/json', 'text/plain'), payload: fc.string() }),
    },
  )

  it('never answers 5xx and never fails a tool on our side, whatever the body', async () => {
    // Tool calls are limited per user (20 a minute): each user's token serves at most that many.
    const pool: Array<{ token: string; calls: number }> = []
    const tokenWithRoom = async (calls: number) => {
      let entry = pool.find((p) => p.calls + calls <= 20)
      if (!entry) {
        entry = { token: await tokenFor(await t.createUser(), 'write'), calls: 0 }
        pool.push(entry)
      }
      entry.calls += calls
      return entry.token
    }
    await fc.assert(
      fc.asyncProperty(body, async ({ type, payload }) => {
        const calls = (payload.match(/"tools\/call"/g) ?? []).length
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/mcp',
          headers: {
            authorization: `Bearer ${await tokenWithRoom(calls)}`,
            'content-type': type,
            accept: 'application/json, text/event-stream',
          },
          payload,
        })
        const what = `${payload.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`
        expect(res.statusCode, what).toBeLessThan(500)
        expect(res.statusCode, what).not.toBe(429)
        expect(res.body, what).not.toContain('Something went wrong')
      }),
      { numRuns: 300 },
    )
  }, 60_000)
})
