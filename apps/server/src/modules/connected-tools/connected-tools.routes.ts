import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ConnectedToolCall,
  ConnectedToolCallList,
  ConnectedToolCallsQuery,
  CreateMcpServerBody,
  McpServer,
  McpServerList,
  McpServerParams,
  McpServerToolParams,
  UpdateConnectedToolBody,
} from '@remi/shared'
import { requireUser } from '../../plugins/auth.ts'
import type { ConnectedToolsService } from './connected-tools.service.ts'

/**
 * /api/mcp-servers: the person's own MCP servers, their tools turned on one by one, and the calls that
 * wait under an answer for Run or Cancel. Signed in only: an access token neither adds a server nor
 * runs its tools.
 */
export async function connectedToolsRoutes(app: FastifyInstance, opts: { service: ConnectedToolsService }) {
  const { service } = opts
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['connected tools']
  const config = { credentials: 'session' as const }

  r.get('/', { config, schema: { tags, response: { 200: McpServerList } } }, async (request) =>
    service.list(requireUser(request)),
  )

  r.post(
    '/',
    {
      config,
      schema: {
        tags,
        body: CreateMcpServerBody,
        response: { 201: McpServer },
        description:
          'Connects to the server (Streamable HTTP), lists its tools, each off, and keeps it. An address on a ' +
          'private network is refused; a server that cannot be reached is kept with its status in words.',
      },
    },
    async (request, reply) => reply.status(201).send(await service.add(requireUser(request), request.body)),
  )

  r.post(
    '/:id/refresh',
    { config, schema: { tags, params: McpServerParams, response: { 200: McpServer } } },
    async (request) => service.refresh(requireUser(request), request.params.id),
  )

  r.patch(
    '/:id/tools/:name',
    {
      config,
      schema: {
        tags,
        params: McpServerToolParams,
        body: UpdateConnectedToolBody,
        response: { 200: McpServer },
      },
    },
    async (request) =>
      service.setTool(requireUser(request), request.params.id, request.params.name, request.body.enabled),
  )

  r.delete('/:id', { config, schema: { tags, params: McpServerParams } }, async (request, reply) => {
    await service.remove(requireUser(request), request.params.id)
    return reply.status(204).send()
  })

  r.get(
    '/calls',
    {
      config,
      schema: { tags, querystring: ConnectedToolCallsQuery, response: { 200: ConnectedToolCallList } },
    },
    async (request) => service.calls(requireUser(request), request.query.conversationId),
  )

  r.post(
    '/calls/:id/run',
    { config, schema: { tags, params: McpServerParams, response: { 200: ConnectedToolCall } } },
    async (request) => service.run(requireUser(request), request.params.id),
  )

  r.post(
    '/calls/:id/cancel',
    { config, schema: { tags, params: McpServerParams, response: { 200: ConnectedToolCall } } },
    async (request) => service.cancel(requireUser(request), request.params.id),
  )
}
