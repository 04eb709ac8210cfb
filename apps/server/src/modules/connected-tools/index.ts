import type { FastifyInstance } from 'fastify'
import { connectedToolsRoutes } from './connected-tools.routes.ts'
import type { ConnectedToolsService } from './connected-tools.service.ts'

export { createConnectedToolsRepo } from './connected-tools.repo.ts'
export { createConnectedToolsService, type ConnectedToolsService } from './connected-tools.service.ts'

/** The person's own MCP servers and their tools (issue 50): registered at /api/mcp-servers. */
export async function connectedToolsModule(
  app: FastifyInstance,
  opts: { connectedTools: ConnectedToolsService },
) {
  await app.register(connectedToolsRoutes, { service: opts.connectedTools })
}
