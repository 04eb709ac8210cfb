import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { AccessTokenScope } from '@remi/shared'
import type { FastifyBaseLogger } from 'fastify'
import { BRAND } from '../../config/brand.ts'
import { AppError } from '../../lib/errors.ts'
import { loggableError } from '../../plugins/error-handler.ts'
import { mcpTools, type McpToolDeps } from '../assistant/index.ts'
import { renderBriefing } from '../dashboard/index.ts'
import type { AccessTokensService } from '../tokens/index.ts'

export interface McpDeps extends Omit<McpToolDeps, 'renderBriefing'> {
  /** The tokens' names, for the memories' history. */
  accessTokens?: Pick<AccessTokensService, 'list'> | undefined
}

export interface McpCaller {
  userId: string
  scope: AccessTokenScope
  /** The token's name (read when a tool writes): the memories' history says which token changed them. */
  tokenName?: (() => Promise<string | undefined>) | undefined
}

export const READ_ONLY_MESSAGE =
  'This access token is read-only: it can search and list memories but not change them. Create a token with read and write scope in Settings to do that.'

const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true })

/**
 * One MCP server for one request (the transport is stateless), with the tools scoped to the
 * token's user. The tools are the registry's (assistant/tools/registry.ts, the chat model's too) and
 * run on the same services as the REST API and the chat assistant.
 */
export function createMcpServer(deps: McpDeps, caller: McpCaller, log: FastifyBaseLogger): McpServer {
  const ctx = {
    userId: caller.userId,
    deps: { ...deps, renderBriefing },
    author: async () => ({ by: 'token' as const, name: (await caller.tokenName?.()) ?? 'an access token' }),
    log,
  }
  const server = new McpServer(
    { name: 'remi', title: BRAND, version: '1.0.0' },
    {
      instructions: `${BRAND} keeps the user's personal memories (notes with tags and an optional date), their calendar and weather. Search before answering questions about the user's life; save things the user asks you to remember.`,
    },
  )

  for (const tool of mcpTools(deps)) {
    const { title, description, input, output, run } = tool.mcp
    /** Service errors meant for people become tool errors; anything else is logged and hidden. */
    const handler = async (args: unknown): Promise<CallToolResult> => {
      if (!tool.readOnly && caller.scope !== 'write') return toolError(READ_ONLY_MESSAGE)
      try {
        return await run(ctx, args as never)
      } catch (error) {
        if (error instanceof AppError) return toolError(error.message)
        log.error({ err: loggableError(error as Error) }, 'MCP tool failed')
        return toolError('Something went wrong on our side. Please try again later.')
      }
    }
    const annotations = {
      readOnlyHint: tool.readOnly,
      ...(tool.destructive !== undefined ? { destructiveHint: tool.destructive } : {}),
      ...(tool.idempotent !== undefined ? { idempotentHint: tool.idempotent } : {}),
      openWorldHint: false,
    }
    // Without an input schema the SDK calls the handler with its `extra` only: the tool takes no arguments.
    if (input) {
      server.registerTool(
        tool.name,
        { title, description, inputSchema: input, outputSchema: output, annotations },
        handler,
      )
    } else {
      server.registerTool(tool.name, { title, description, outputSchema: output, annotations }, () =>
        handler(undefined),
      )
    }
  }

  return server
}
