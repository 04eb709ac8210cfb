import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { McpError } from '@modelcontextprotocol/sdk/types.js'
import { BRAND } from '../../config/brand.ts'
import { createSafeFetch, findSafeFetchError } from '../safe-fetch.ts'

/** A tool as a person's MCP server lists it. */
export interface RemoteTool {
  name: string
  description: string
  readOnly: boolean
  inputSchema: Record<string, unknown>
}

/** Where a server is, and the headers it wants (a bearer token). */
export interface RemoteServer {
  url: string
  headers: Record<string, string>
}

/** Its message is a sentence for the person; `privateAddress`: the URL reaches a private network. */
export class McpClientError extends Error {
  readonly privateAddress: boolean
  constructor(message: string, privateAddress = false) {
    super(message)
    this.name = 'McpClientError'
    this.privateAddress = privateAddress
  }
}

export interface McpClients {
  listTools(server: RemoteServer): Promise<RemoteTool[]>
  /** The tool's answer as text (its text parts, else its structured content as JSON); isError when it failed. */
  callTool(
    server: RemoteServer,
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ text: string; isError: boolean }>
  close(): Promise<void>
}

/** A server's text as the database can keep it: no NUL, no half surrogate pair. */
const storable = (text: string) =>
  text.replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
/** Its JSON Schema, unless it holds what the database cannot keep (then: no input). */
const storableSchema = (schema: unknown): Record<string, unknown> => {
  const json = JSON.stringify(schema ?? {})
  return /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(json)
    ? { type: 'object', properties: {} }
    : (schema as Record<string, unknown>)
}

const MAX_TOOLS = 100
const MAX_PAGES = 10

/** The MCP SDK's client, loaded when a person first adds or uses a server of theirs (none may ever). */
let loaded:
  | Promise<{
      Client: typeof Client
      Transport: typeof StreamableHTTPClientTransport
      McpError: typeof McpError
    }>
  | undefined
const mcpSdk = () =>
  (loaded ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(([client, transport, types]) => ({
    Client: client.Client,
    Transport: transport.StreamableHTTPClientTransport,
    McpError: types.McpError,
  })))

/**
 * The MCP SDK's client over Streamable HTTP, one short connection per use (nothing to keep across
 * instances). Every connection goes through the safe fetch's checked agent, so a server's address (and
 * each redirect) is refused on a private network as calendar feeds are; each use costs at most
 * `timeoutMs`, however the server hangs.
 */
export function createMcpClients(options: { allowPrivateNetwork: boolean; timeoutMs: number }): McpClients {
  const safe = createSafeFetch({
    allowPrivateNetwork: options.allowPrivateNetwork,
    timeoutMs: options.timeoutMs,
  })
  const seconds = Math.round(options.timeoutMs / 1000)

  async function withClient<T>(
    server: RemoteServer,
    use: (client: Client, signal: AbortSignal) => Promise<T>,
  ) {
    const sdk = await mcpSdk()
    const signal = AbortSignal.timeout(options.timeoutMs)
    const transport = new sdk.Transport(new URL(server.url), {
      fetch: safe.fetch,
      requestInit: { headers: server.headers, signal },
    })
    const client = new sdk.Client({ name: BRAND, version: '1.0.0' })
    const limits = { signal, timeout: options.timeoutMs, maxTotalTimeout: options.timeoutMs }
    // The SDK's request timeout, the abort and a timer of our own: a server that never answers costs no more.
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new McpClientError(`The server did not answer within ${seconds} seconds.`)),
        options.timeoutMs,
      )
    })
    try {
      return await Promise.race([
        (async () => {
          await client.connect(transport, limits)
          return use(client, signal)
        })(),
        deadline,
      ])
    } catch (error) {
      throw explain(error, sdk.McpError, server.url, signal.aborted, seconds)
    } finally {
      clearTimeout(timer)
      void client.close().catch(() => {})
    }
  }

  return {
    listTools: (server) =>
      withClient(server, async (client, signal) => {
        const tools: RemoteTool[] = []
        let cursor: string | undefined
        for (let page = 0; page < MAX_PAGES && tools.length < MAX_TOOLS; page++) {
          const listed = await client.listTools(cursor ? { cursor } : {}, { signal })
          for (const t of listed.tools) {
            tools.push({
              name: storable(t.name),
              description: storable((t.description ?? t.title ?? '').slice(0, 2000)),
              readOnly: t.annotations?.readOnlyHint === true,
              inputSchema: storableSchema(t.inputSchema),
            })
          }
          cursor = listed.nextCursor
          if (!cursor) break
        }
        return tools.slice(0, MAX_TOOLS)
      }),

    callTool: (server, name, args) =>
      withClient(server, async (client, signal) => {
        const result = await client.callTool({ name, arguments: args }, undefined, {
          signal,
          timeout: options.timeoutMs,
        })
        const content = Array.isArray(result.content)
          ? (result.content as Array<{ type: string; text?: string }>)
          : []
        const texts = content
          .filter((c) => c.type === 'text' && typeof c.text === 'string')
          .map((c) => c.text!)
        const text = texts.length
          ? texts.join('\n')
          : result.structuredContent
            ? JSON.stringify(result.structuredContent)
            : content.length
              ? `(${content.map((c) => c.type).join(', ')} content)`
              : '(no content)'
        return { text: storable(text), isError: result.isError === true }
      }),

    close: () => safe.close(),
  }
}

/** Any failure as a sentence for the person (the SDK's errors name JSON-RPC codes and endpoints). */
function explain(
  error: unknown,
  mcpError: typeof McpError,
  url: string,
  timedOut: boolean,
  seconds: number,
): McpClientError {
  if (error instanceof McpClientError) return error
  const safe = findSafeFetchError(error)
  if (safe) return new McpClientError(safe.message, safe.code === 'private_address')
  if (timedOut) return new McpClientError(`The server did not answer within ${seconds} seconds.`)
  if (error instanceof mcpError) return new McpClientError(`The server said: ${error.message.slice(0, 300)}`)
  // The transport's StreamableHTTPError carries the HTTP status as its code.
  const code = (error as { code?: unknown }).code
  if (code === 401 || code === 403) {
    return new McpClientError(`The server refused ${BRAND} (HTTP ${code}): check the header it needs.`)
  }
  if (typeof code === 'number') {
    const status = code > 0 ? ` (HTTP ${code})` : ''
    return new McpClientError(
      `The server at ${new URL(url).host} did not answer as an MCP server does${status}.`,
    )
  }
  return new McpClientError(`The server at ${new URL(url).host} could not be reached.`)
}
