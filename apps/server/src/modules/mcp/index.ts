import type { FastifyInstance } from 'fastify'
import { mcpRoutes } from './mcp.routes.ts'
import type { McpDeps } from './mcp.tools.ts'

/** The MCP server for other AI tools, opened by a personal access token: registered at /api/mcp. */
export async function mcpModule(app: FastifyInstance, opts: McpDeps) {
  await app.register(mcpRoutes, { deps: opts })
}
