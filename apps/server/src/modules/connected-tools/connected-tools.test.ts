import type { ConnectedToolCall, McpServer, SendMessageResponse } from '@remi/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mcpServers } from '../../db/schema.ts'
import { createMcpClients } from '../../integrations/mcp-client/index.ts'
import { buildTestApp, type TestApp, type TestUser } from '../../test/build-test-app.ts'
import { openaiReply, startOpenAIFake, type OpenAIFake } from '../../test/fakes/index.ts'
import { startMcpServerFake, type McpServerFake } from '../../test/fakes/mcp-server.ts'
import { connectedToolKey } from '../assistant/index.ts'

/**
 * Issue 50's connected tools: the real MCP SDK client against a loopback McpServer on Streamable HTTP,
 * the real @ai-sdk/openai provider against the tool-calling fake model.
 */
let model: OpenAIFake
let fake: McpServerFake
/** Loopback allowed (as the other fakes' tests do); a client that gives up after a second. */
let t: TestApp
/** Production settings: no private addresses. */
let production: TestApp
let mcpClients: ReturnType<typeof createMcpClients>
beforeAll(async () => {
  ;[model, fake] = await Promise.all([startOpenAIFake({ model: 'gpt-test' }), startMcpServerFake()])
  mcpClients = createMcpClients({ allowPrivateNetwork: true, timeoutMs: 3000 })
  ;[t, production] = await Promise.all([
    buildTestApp({
      env: { ...model.env, ALLOW_PRIVATE_NETWORK_URLS: 'true' },
      assistant: { maxRetries: 0 },
      integrations: { mcpClients },
    }),
    buildTestApp({ env: model.env }),
  ])
})
afterAll(async () => {
  await Promise.all([t.close(), production.close(), mcpClients.close()])
  await Promise.all([model.close(), fake.close()])
})
beforeEach(() => {
  model.reset()
  fake.reset()
})

const auth = () => ({ Authorization: `Bearer ${fake.token}` })

async function addServer(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await user.api.post<McpServer>('/api/mcp-servers', {
    name: 'Notes',
    url: fake.url,
    headers: auth(),
    ...body,
  })
  expect(res.status, res.text).toBe(201)
  return res.body
}

const enable = (user: TestUser, id: string, tool: string, enabled = true) =>
  user.api.request<McpServer>('PATCH', `/api/mcp-servers/${id}/tools/${tool}`, { payload: { enabled } })

const send = async (user: TestUser, content: string) => {
  const res = await user.api.post<SendMessageResponse>('/api/chat/send', { content })
  expect(res.status, res.text).toBe(200)
  return res.body
}

const toolNames = (i: number) => (model.requests[i]!.tools ?? []).map((x) => x.function.name)
const toolResults = (i: number) =>
  model.requests[i]!.messages.filter((m) => m.role === 'tool').map((m) => String(m.content))

describe('connecting a server', () => {
  it('lists its tools, all off, with read-only marked; the header is used, stored encrypted, never returned', async () => {
    const user = await t.createUser()
    const server = await addServer(user)
    expect(server).toMatchObject({ name: 'Notes', url: fake.url, connected: true, hasHeaders: true })
    expect(server.status).toBe('Connected: 2 tools.')
    expect(server.tools).toEqual([
      { name: 'look_up_note', description: 'Finds notes by a word.', enabled: false, readOnly: true },
      { name: 'add_note', description: 'Adds a note.', enabled: false, readOnly: false },
    ])
    expect(fake.authorizations).toContain(`Bearer ${fake.token}`)

    const list = await user.api.get<McpServer[]>('/api/mcp-servers')
    expect(list.body).toEqual([server])
    expect(list.text).not.toContain(fake.token)
    const [row] = await t.db
      .select({ sealed: mcpServers.headersSealed })
      .from(mcpServers)
      .where(eq(mcpServers.id, server.id))
    const sealed = String(row!.sealed)
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain(fake.token)
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(fake.token)

    const on = await enable(user, server.id, 'look_up_note')
    expect(on.status, on.text).toBe(200)
    expect(on.body.tools.map((x) => x.enabled)).toEqual([true, false])
    expect((await enable(user, server.id, 'no_such_tool')).status).toBe(404)

    expect((await user.api.delete(`/api/mcp-servers/${server.id}`)).status).toBe(204)
    expect((await user.api.get<McpServer[]>('/api/mcp-servers')).body).toEqual([])
  })

  it('refuses an address on a private network, in words, and keeps nothing', async () => {
    const user = await production.createUser()
    const res = await user.api.post<{ message: string }>('/api/mcp-servers', { name: 'Mine', url: fake.url })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/private or local network/)
    expect((await user.api.get<McpServer[]>('/api/mcp-servers')).body).toEqual([])
  })

  it('says what is wrong with bad input', async () => {
    const user = await t.createUser()
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'X', url: 'not a url' }, /not a valid web address/],
      [{ name: 'X', url: 'ftp://example.com/mcp' }, /http:\/\/ or https:\/\//],
      [{ name: ' ', url: fake.url }, /Name must not be blank/],
      [{ name: 'X', url: fake.url, headers: { Host: 'evil' } }, /set by Remi itself/],
      [{ name: 'X', url: fake.url, headers: { 'X-A': 'a\r\nb' } }, /one line/],
    ]
    for (const [body, message] of cases) {
      const res = await user.api.post<{ message: string }>('/api/mcp-servers', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toMatch(message)
    }
  })

  it('a server that refuses, is down or hangs is kept with its status in words', async () => {
    const user = await t.createUser()
    const refused = await addServer(user, { headers: {} })
    expect(refused).toMatchObject({ connected: false, tools: [] })
    expect(refused.status).toMatch(/^Not connected: The server refused Remi \(HTTP 401\)/)
    const hanging = await addServer(user, { url: fake.hangingUrl })
    expect(hanging.status).toBe('Not connected: The server did not answer within 3 seconds.')
    const down = await addServer(user, { url: 'http://127.0.0.1:9/mcp' })
    expect(down.status).toMatch(/^Not connected: The server at 127\.0\.0\.1:9 could not be reached/)
  })

  it("another person's servers and calls are invisible", async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    const server = await addServer(owner)
    expect((await other.api.get<McpServer[]>('/api/mcp-servers')).body).toEqual([])
    expect((await enable(other, server.id, 'look_up_note')).status).toBe(404)
    expect((await other.api.post(`/api/mcp-servers/${server.id}/refresh`)).status).toBe(404)
    expect((await other.api.delete(`/api/mcp-servers/${server.id}`)).status).toBe(404)
    expect((await owner.api.get<McpServer[]>('/api/mcp-servers')).body).toHaveLength(1)
  })
})

describe('the tools in the chat', () => {
  it('offers only the tools turned on, under their own names; a read-only one runs at once', async () => {
    const user = await t.createUser()
    const server = await addServer(user)
    await enable(user, server.id, 'look_up_note')
    const lookUp = connectedToolKey({ serverId: server.id, name: 'look_up_note' })
    model.enqueue(openaiReply.toolCall(lookUp, { word: 'garage' }), openaiReply.text('The code is 4512.'))

    const sent = await send(user, 'What is my garage code?')
    expect(toolNames(0)).toContain(lookUp)
    expect(toolNames(0)).toContain('search_memories')
    expect(toolNames(0).some((name) => name.endsWith('add_note'))).toBe(false)
    expect(JSON.stringify(model.requests[0]!.raw)).not.toContain('add_note')
    expect(fake.calls).toEqual([{ tool: 'look_up_note', args: { word: 'garage' } }])
    expect(toolResults(1).join()).toContain('Garage code is 4512')
    expect(sent.assistantMessage.activity).toEqual([
      {
        tool: 'connected_tool',
        summary: 'Ran Notes › look_up_note ({"word":"garage"}): Garage code is 4512',
      },
    ])
  })

  it('an answer the database could not keep as it is still makes a stored answer', async () => {
    const user = await t.createUser()
    const server = await addServer(user)
    await enable(user, server.id, 'look_up_note')
    const lookUp = connectedToolKey({ serverId: server.id, name: 'look_up_note' })
    model.enqueue(openaiReply.toolCall(lookUp, { word: 'nul' }), openaiReply.text('Odd.'))
    const sent = await send(user, 'Look up nul')
    expect(sent.assistantMessage.activity?.[0]?.summary).toBe(
      'Ran Notes › look_up_note ({"word":"nul"}): beforeafter',
    )
  })

  it('a writing tool runs only after Run, and never after Cancel', async () => {
    const user = await t.createUser()
    const server = await addServer(user)
    await enable(user, server.id, 'add_note')
    const addNote = connectedToolKey({ serverId: server.id, name: 'add_note' })

    model.enqueue(
      openaiReply.toolCall(addNote, { text: 'Buy milk' }),
      openaiReply.text('Press Run to add it.'),
    )
    const first = await send(user, 'Add a note: buy milk')
    expect(fake.calls).toEqual([])
    expect(toolResults(1).join()).toContain('it runs only if they press Run')
    expect(first.assistantMessage.activity?.[0]?.summary).toBe(
      'Asked to run Notes › add_note ({"text":"Buy milk"}): waiting for Run',
    )
    const calls = () =>
      user.api.get<ConnectedToolCall[]>('/api/mcp-servers/calls', { conversationId: first.conversationId })
    const [waiting] = (await calls()).body
    expect(waiting).toMatchObject({ serverName: 'Notes', tool: 'add_note', arguments: { text: 'Buy milk' } })
    expect(waiting!.status).toBe('pending')

    const cancelled = await user.api.post<ConnectedToolCall>(`/api/mcp-servers/calls/${waiting!.id}/cancel`)
    expect(cancelled.body.status).toBe('cancelled')
    expect((await user.api.post(`/api/mcp-servers/calls/${waiting!.id}/run`)).status).toBe(409)
    expect(fake.calls).toEqual([])

    model.enqueue(openaiReply.toolCall(addNote, { text: 'Call Ana' }), openaiReply.text('Press Run.'))
    const second = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'Add a note: call Ana',
      conversationId: first.conversationId,
    })
    // The model reads the first answer with what became of its call.
    const history = (i: number) =>
      model.requests[i]!.messages.filter((m) => m.role === 'assistant').map((m) => String(m.content))
    expect(history(2)).toContain(
      'Press Run to add it.\n\n(Afterwards the person pressed Cancel: Notes › add_note ({"text":"Buy milk"}) did not run.)',
    )
    const [next] = (await calls()).body
    expect(next!.arguments).toEqual({ text: 'Call Ana' })
    const other = await t.createUser()
    expect((await other.api.post(`/api/mcp-servers/calls/${next!.id}/run`)).status).toBe(404)
    expect(second.status).toBe(200)

    const ran = await user.api.post<ConnectedToolCall>(`/api/mcp-servers/calls/${next!.id}/run`)
    expect(ran.status, ran.text).toBe(200)
    expect(ran.body).toMatchObject({ status: 'ran', result: 'Added note 3: Call Ana' })
    expect(fake.calls).toEqual([{ tool: 'add_note', args: { text: 'Call Ana' } }])
    expect((await user.api.post(`/api/mcp-servers/calls/${next!.id}/run`)).status).toBe(409)

    // The next message's model knows it ran and what it answered; the chat shows the answer as written.
    model.enqueue(openaiReply.text('It is added.'))
    const third = await user.api.post<SendMessageResponse>('/api/chat/send', {
      content: 'Did it work?',
      conversationId: first.conversationId,
    })
    expect(third.status, third.text).toBe(200)
    expect(history(model.requests.length - 1)).toContain(
      'Press Run.\n\n(Afterwards the person pressed Run: Notes › add_note ({"text":"Call Ana"}) ran and answered: Added note 3: Call Ana)',
    )
    const shown = await user.api.get<{ messages: Array<{ content: string }> }>('/api/chat/history', {
      conversationId: first.conversationId,
    })
    expect(shown.status, shown.text).toBe(200)
    expect(shown.body.messages.map((m) => m.content)).toContain('Press Run.')
    expect(JSON.stringify(shown.body)).not.toContain('Afterwards')
  })

  it('a call waiting for Run does not run once its tool is turned off; removing the server drops it', async () => {
    const user = await t.createUser()
    const server = await addServer(user)
    await enable(user, server.id, 'add_note')
    const addNote = connectedToolKey({ serverId: server.id, name: 'add_note' })
    model.enqueue(openaiReply.toolCall(addNote, { text: 'Water plants' }), openaiReply.text('Press Run.'))
    const sent = await send(user, 'Add a note: water plants')
    const list = () =>
      user.api.get<ConnectedToolCall[]>('/api/mcp-servers/calls', { conversationId: sent.conversationId })
    const [waiting] = (await list()).body
    await enable(user, server.id, 'add_note', false)
    const ran = await user.api.post<ConnectedToolCall>(`/api/mcp-servers/calls/${waiting!.id}/run`)
    expect(ran.body).toMatchObject({ status: 'failed', result: 'The tool add_note is turned off.' })
    expect(fake.calls).toEqual([])

    // A regenerated answer: the calls waiting under the one it replaces lapse.
    await enable(user, server.id, 'add_note')
    model.enqueue(openaiReply.toolCall(addNote, { text: 'Feed cat' }), openaiReply.text('Press Run.'))
    await send(user, 'Add a note: feed cat')
    const [replaced] = (await list()).body
    model.enqueue(openaiReply.text('Done.'))
    const again = await user.api.post('/api/chat/regenerate', { conversationId: sent.conversationId })
    expect(again.status, again.text).toBe(200)
    expect((await list()).body).toEqual([])
    const late = await user.api.post<{ message: string }>(`/api/mcp-servers/calls/${replaced!.id}/run`)
    expect(late.status).toBe(409)
    expect(late.body.message).toMatch(/lapsed/)
    expect(fake.calls).toEqual([])

    const refreshed = await user.api.post<McpServer>(`/api/mcp-servers/${server.id}/refresh`)
    expect(refreshed.body.status).toBe('Connected: 2 tools.')
    expect((await user.api.delete(`/api/mcp-servers/${server.id}`)).status).toBe(204)
    expect((await list()).body).toEqual([])
  })

  it('cuts every result to 8 000 characters before the model sees it', async () => {
    const user = await t.createUser()
    const server = await addServer(user)
    await enable(user, server.id, 'look_up_note')
    fake.setLookupSize(20_000)
    const lookUp = connectedToolKey({ serverId: server.id, name: 'look_up_note' })
    model.enqueue(openaiReply.toolCall(lookUp, { word: 'x' }), openaiReply.text('Long.'))
    await send(user, 'Look up x')
    const [result] = model.requests[1]!.messages.filter((m) => m.role === 'tool')
    const text = String(result!.content)
    expect(text.length).toBeLessThanOrEqual(8000)
    expect(text).toMatch(/\[cut: the result had 20000 characters/)
  })

  it('makes at most 8 tool calls in one answer, then has the model answer', async () => {
    const user = await t.createUser()
    const server = await addServer(user)
    await enable(user, server.id, 'look_up_note')
    const lookUp = connectedToolKey({ serverId: server.id, name: 'look_up_note' })
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: lookUp, arguments: { word: `w${i}` } }))
    model.enqueue(openaiReply.toolCalls(ten), openaiReply.text('Done looking.'))
    const sent = await send(user, 'Look up ten words')
    expect(fake.calls).toHaveLength(8)
    expect(toolResults(1).filter((r) => r.includes('limit of 8 tool calls'))).toHaveLength(2)
    expect(model.requests[1]!.raw.tool_choice).toBe('none')
    expect(sent.assistantMessage.content).toBe('Done looking.')
  })
})
