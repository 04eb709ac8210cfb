import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { z } from 'zod'
import { listen, readBody, sendJson } from './listen.ts'

export interface McpServerFake {
  /** The Streamable HTTP endpoint (…/mcp). */
  url: string
  /** An endpoint that never answers (a server that hangs). */
  hangingUrl: string
  /** The bearer token the fake asks for. */
  token: string
  /** Every tool call, oldest first. */
  calls: Array<{ tool: string; args: Record<string, unknown> }>
  /** The Authorization header of every request, oldest first. */
  authorizations: Array<string | undefined>
  /** What look_up_note answers: this many characters (default a short line). */
  setLookupSize(size: number | null): void
  reset(): void
  close(): Promise<void>
}

/**
 * A person's own MCP server on loopback, built with the SDK's McpServer over Streamable HTTP (stateless,
 * JSON answers): `look_up_note` is marked read-only (annotations.readOnlyHint), `add_note` writes. It
 * asks for a bearer token.
 */
export async function startMcpServerFake(): Promise<McpServerFake> {
  const token = 'fake-mcp-secret-token'
  const calls: McpServerFake['calls'] = []
  const authorizations: McpServerFake['authorizations'] = []
  let lookupSize: number | null = null
  const notes = ['Garage code is 4512', 'Book the plumber before June']

  const build = () => {
    const server = new McpServer({ name: 'notes-fake', version: '1.0.0' })
    server.registerTool(
      'look_up_note',
      {
        description: 'Finds notes by a word.',
        inputSchema: { word: z.string() },
        annotations: { readOnlyHint: true },
      },
      ({ word }) => {
        calls.push({ tool: 'look_up_note', args: { word } })
        // "nul": an answer the database could not keep as it is (a NUL and half a surrogate pair).
        const text =
          word === 'nul'
            ? 'before\u0000after\ud800'
            : lookupSize === null
              ? notes.filter((n) => n.toLowerCase().includes(word.toLowerCase())).join('\n') || 'No note.'
              : 'n'.repeat(lookupSize)
        return { content: [{ type: 'text', text }] }
      },
    )
    server.registerTool(
      'add_note',
      { description: 'Adds a note.', inputSchema: { text: z.string() } },
      ({ text }) => {
        calls.push({ tool: 'add_note', args: { text } })
        notes.push(text)
        return { content: [{ type: 'text', text: `Added note ${notes.length}: ${text}` }] }
      },
    )
    return server
  }

  const fake = await listen(async (request, response, url) => {
    if (url.pathname === '/hang') return // never answers: the client's limit ends it
    if (url.pathname !== '/mcp') return sendJson(response, 404, { error: 'not found' })
    authorizations.push(request.headers.authorization)
    if (request.headers.authorization !== `Bearer ${token}`) {
      return sendJson(response, 401, { error: 'unauthorized' })
    }
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'method not allowed' })
    const body: unknown = JSON.parse(await readBody(request))
    const server = build()
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    response.on('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(request, response, body)
  })

  return {
    url: `${fake.origin}/mcp`,
    hangingUrl: `${fake.origin}/hang`,
    token,
    calls,
    authorizations,
    setLookupSize: (size) => {
      lookupSize = size
    },
    reset: () => {
      calls.length = 0
      authorizations.length = 0
      lookupSize = null
    },
    close: fake.close,
  }
}
