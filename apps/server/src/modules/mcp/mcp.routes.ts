import { CHAT_LIMITS, ErrorCode } from '@remi/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { requireUser } from '../../plugins/auth.ts'
import { errorBody, tooManyRequests } from '../../plugins/error-handler.ts'
import type { McpDeps } from './mcp.tools.ts'

/** Headers the transport reads; nothing else (cookies, Authorization) is handed to it. */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'last-event-id']

/** How many JSON-RPC tools/call requests a POST body holds (a batch may hold several). */
function toolCalls(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body]
  return messages.filter(
    (m) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'tools/call',
  ).length
}

/**
 * The MCP server over Streamable HTTP, stateless: every POST gets a fresh server and transport,
 * answered with plain JSON (no tool here streams), so any instance can serve any request.
 */
export async function mcpRoutes(app: FastifyInstance, opts: { deps: McpDeps }) {
  // Only a personal access token opens it: no cookie, so no CSRF token either.
  const config = { credentials: 'token' as const }
  // Tool calls are limited like chat sends: each reaches the database and maybe the weather and calendar.
  const toolCallLimit = app.createRateLimit({
    max: CHAT_LIMITS.sendsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `mcp-tools:${request.userId}`,
  })

  app.post('/', { config, schema: { hide: true } }, async (request, reply) => {
    const userId = requireUser(request)
    for (let i = toolCalls(request.body); i > 0; i--) {
      const limit = await toolCallLimit(request)
      if (!limit.isAllowed && limit.isExceeded) {
        return reply.status(429).header('retry-after', String(limit.ttlInSeconds)).send(tooManyRequests())
      }
    }
    // The MCP SDK loads with the first call, not at start-up (most installations never get one).
    const { createMcpServer, WebStandardStreamableHTTPServerTransport } = await loadMcp()
    const server = createMcpServer(
      opts.deps,
      {
        userId,
        scope: request.accessToken?.scope ?? 'read',
        tokenName: async () => {
          const id = request.accessToken?.id
          const tokens = id ? await opts.deps.accessTokens?.list(userId) : undefined
          return tokens?.find((t) => t.id === id)?.name
        },
      },
      request.log,
    )
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    try {
      await server.connect(transport)
      const response = await transport.handleRequest(toWebRequest(request), { parsedBody: request.body })
      return await sendWebResponse(reply, response)
    } finally {
      await server.close()
    }
  })

  // Stateless: there is no stream to open with GET and no session to end with DELETE (MCP spec: 405).
  const notAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
    requireUser(request)
    return reply
      .status(405)
      .header('allow', 'POST')
      .send(
        errorBody(
          405,
          'This MCP server is stateless: send JSON-RPC messages with POST.',
          ErrorCode.BadRequest,
        ),
      )
  }
  app.get('/', { config, schema: { hide: true } }, notAllowed)
  app.delete('/', { config, schema: { hide: true } }, notAllowed)
}

const importMcp = () =>
  Promise.all([
    import('./mcp.tools.ts'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]).then(([tools, transport]) => ({ ...tools, ...transport }))
let mcp: ReturnType<typeof importMcp> | undefined
const loadMcp = () => (mcp ??= importMcp())

function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers()
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  // The transport never reads the URL; a fixed one keeps odd request targets out of it.
  return new Request('http://localhost/api/mcp', { method: request.method, headers })
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value)
  })
  const body = await response.text()
  return reply.send(body || undefined)
}
