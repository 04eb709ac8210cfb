import type { CreateMcpServerBody } from '@remi/shared'
import {
  clip,
  CONNECTED_TOOLS_LIMITS,
  ErrorCode,
  TOOL_CALL_LAPSED,
  TOOL_CALL_USED,
  TOOL_RESULT_MAX,
  type ConnectedToolCall,
  type McpServer,
} from '@remi/shared'
import type { z } from 'zod'
import type { McpClients, RemoteTool } from '../../integrations/mcp-client/index.ts'
import { decrypt, deriveKey, encrypt } from '../../lib/crypto.ts'
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts'
import type { ConnectedToolsRepo, McpServerRow, McpToolCallRow } from './connected-tools.repo.ts'

/** A tool of one of the person's servers, as the assistant's model is offered it (tools/types.ts). */
export interface OfferedTool extends RemoteTool {
  serverId: string
  serverName: string
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const connectedStatus = (tools: RemoteTool[]) => `Connected: ${plural(tools.length, 'tool')}.`
const failedStatus = (message: string) => `Not connected: ${message}`
const short = (text: string) =>
  text.length > CONNECTED_TOOLS_LIMITS.resultShownMax
    ? `${text.slice(0, CONNECTED_TOOLS_LIMITS.resultShownMax - 1)}…`
    : text

function toServer(row: McpServerRow): McpServer {
  const on = new Set(row.enabledTools)
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    status: row.status,
    connected: row.connected,
    hasHeaders: row.headersSealed !== null,
    tools: row.tools.map((t) => ({
      name: t.name,
      description: t.description,
      enabled: on.has(t.name),
      readOnly: t.readOnly,
    })),
  }
}

/**
 * What a call waiting for Run came to, as one line for the model: the answer it was under is read with
 * it from then on (chat's noteAfterAnswer), so the next message's model knows what ran and what it said.
 */
function outcomeLine(row: McpToolCallRow, status: 'ran' | 'failed' | 'cancelled', result: string): string {
  const what = `${row.serverName} › ${row.tool} (${JSON.stringify(row.arguments ?? {})})`
  if (status === 'cancelled') return `(Afterwards the person pressed Cancel: ${what} did not run.)`
  const text = clip(result, TOOL_RESULT_MAX)
  return status === 'ran'
    ? `(Afterwards the person pressed Run: ${what} ran and answered: ${text})`
    : `(Afterwards the person pressed Run: ${what} failed: ${text})`
}

function toCall(row: McpToolCallRow): ConnectedToolCall {
  return {
    id: row.id,
    conversationId: row.conversationId,
    serverName: row.serverName,
    tool: row.tool,
    arguments: row.arguments,
    // Running is shown as waiting: the answer comes with the Run that started it.
    status:
      row.status === 'running' ? 'pending' : row.lapsed && row.status === 'pending' ? 'lapsed' : row.status,
    result: row.result,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The person's own MCP servers (issue 50): added, listed, their tools turned on one by one, removed; and
 * for the chat, the tools turned on, run at once (read-only) or stored until the person presses Run.
 * Headers are kept encrypted with a key derived from SESSION_SECRET and never returned.
 */
export function createConnectedToolsService(deps: {
  repo: ConnectedToolsRepo
  clients: McpClients
  sessionSecret: string
  /** Told what a call under a conversation's latest answer came to (Run or Cancel), in one line. */
  onOutcome?: ((userId: string, conversationId: string, line: string) => Promise<void>) | undefined
}) {
  const { repo, clients } = deps
  const key = deriveKey(deps.sessionSecret, 'mcp-server-headers')

  const headersOf = (row: Pick<McpServerRow, 'headersSealed'>): Record<string, string> => {
    if (!row.headersSealed) return {}
    const opened = decrypt(key, row.headersSealed)
    return opened ? (JSON.parse(opened) as Record<string, string>) : {}
  }
  const remote = (row: McpServerRow) => ({ url: row.url, headers: headersOf(row) })

  async function mustGet(userId: string, id: string) {
    const row = await repo.get(userId, id)
    if (!row) throw notFound('Server')
    return row
  }

  /** Its tools now, or why not in words; a private address is refused before anything is stored. */
  async function look(server: { url: string; headers: Record<string, string> }) {
    try {
      const tools = await clients.listTools(server)
      return { tools, connected: true, status: connectedStatus(tools) }
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'McpClientError') throw error
      if ((error as { privateAddress?: boolean }).privateAddress) throw badRequest(error.message)
      return { tools: [], connected: false, status: failedStatus(error.message) }
    }
  }

  async function callTool(
    userId: string,
    tool: Pick<OfferedTool, 'serverId' | 'name'>,
    args: Record<string, unknown>,
  ) {
    const row = await mustGet(userId, tool.serverId)
    if (!row.enabledTools.includes(tool.name)) throw conflict(`The tool ${tool.name} is turned off.`)
    return clients.callTool(remote(row), tool.name, args)
  }

  /** The chat is told what became of a call under one of the person's conversations. */
  async function told(
    userId: string,
    row: McpToolCallRow,
    status: 'ran' | 'failed' | 'cancelled',
    text: string,
  ) {
    if (row.conversationId && deps.onOutcome)
      await deps.onOutcome(userId, row.conversationId, outcomeLine(row, status, text))
  }

  async function mustGetCall(userId: string, id: string) {
    const row = await repo.getCall(userId, id)
    if (!row) throw notFound('Tool call')
    return row
  }

  return {
    list: async (userId: string): Promise<McpServer[]> => (await repo.list(userId)).map(toServer),

    /** Connects, lists its tools (all off) and stores it; unreachable, it is stored saying so. */
    async add(userId: string, body: z.output<typeof CreateMcpServerBody>) {
      if ((await repo.count(userId)) >= CONNECTED_TOOLS_LIMITS.serversPerUser) {
        throw new AppError(
          429,
          ErrorCode.RateLimited,
          `You can connect at most ${CONNECTED_TOOLS_LIMITS.serversPerUser} servers; remove one first.`,
        )
      }
      const headers = body.headers ?? {}
      const seen = await look({ url: body.url, headers })
      const row = await repo.insert(userId, {
        name: body.name,
        url: body.url,
        headersSealed: Object.keys(headers).length ? encrypt(key, JSON.stringify(headers)) : null,
        tools: seen.tools,
        connected: seen.connected,
        status: seen.status,
      })
      return toServer(row)
    },

    /** Asks the server for its tools again; tools it no longer has are turned off. */
    async refresh(userId: string, id: string): Promise<McpServer> {
      const row = await mustGet(userId, id)
      const seen = await look(remote(row))
      const names = new Set(seen.tools.map((t) => t.name))
      const updated = await repo.refreshed(userId, id, {
        status: seen.status,
        connected: seen.connected,
        // Unreachable, it keeps the tools it had (and which are on) until it answers again.
        tools: seen.connected ? seen.tools : row.tools,
        enabledTools: seen.connected ? row.enabledTools.filter((n) => names.has(n)) : row.enabledTools,
      })
      if (!updated) throw notFound('Server')
      return toServer(updated)
    },

    async setTool(userId: string, id: string, name: string, enabled: boolean): Promise<McpServer> {
      const row = await mustGet(userId, id)
      if (!row.tools.some((t) => t.name === name)) throw notFound('Tool')
      const updated = await repo.setEnabled(userId, id, name, enabled)
      if (!updated) throw notFound('Server')
      return toServer(updated)
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound('Server')
    },

    /** The tools the person turned on, on every server of theirs, for the chat's model. */
    async offered(userId: string): Promise<OfferedTool[]> {
      return (await repo.list(userId)).flatMap((row) => {
        const on = new Set(row.enabledTools)
        return row.tools
          .filter((t) => on.has(t.name))
          .map((t) => ({ ...t, serverId: row.id, serverName: row.name }))
      })
    },

    /** Runs a tool for the chat (a read-only one, or one the person pressed Run for). */
    call: callTool,

    /** A call to a tool that asks first, stored for Run or Cancel under the answer. */
    async ask(
      userId: string,
      tool: Pick<OfferedTool, 'serverId' | 'name'>,
      args: Record<string, unknown>,
      conversationId: string | undefined,
    ) {
      const owned = conversationId && (await repo.ownsConversation(userId, conversationId))
      const row = await repo.insertCall(userId, {
        serverId: tool.serverId,
        conversationId: owned ? conversationId : null,
        tool: tool.name,
        arguments: args,
      })
      return { id: row.id }
    },

    /** A new answer of the conversation is being written: the calls still waiting under the last one lapse. */
    lapse: (userId: string, conversationId: string) => repo.lapse(userId, conversationId),

    /** The calls under the conversation's latest answer. */
    calls: async (userId: string, conversationId: string): Promise<ConnectedToolCall[]> =>
      (await repo.latestCalls(userId, conversationId)).map(toCall),

    /** Run: the call is made now, once; its result (or failure) is kept and shown under the answer. */
    async run(userId: string, id: string): Promise<ConnectedToolCall> {
      const row = await mustGetCall(userId, id)
      if (row.lapsed || row.status === 'lapsed') throw conflict(TOOL_CALL_LAPSED)
      if (row.status !== 'pending') throw conflict(TOOL_CALL_USED)
      if (!(await repo.take(userId, id, 'running'))) throw conflict(TOOL_CALL_USED)
      let outcome: { status: 'ran' | 'failed'; text: string }
      let unexpected: unknown
      try {
        const answer = await callTool(userId, { serverId: row.serverId, name: row.tool }, row.arguments)
        outcome = { status: answer.isError ? 'failed' : 'ran', text: answer.text }
      } catch (error) {
        // Said in words (unreachable, turned off since) under the answer; anything else is ours.
        const known = error instanceof Error && ['McpClientError', 'AppError'].includes(error.name)
        outcome = { status: 'failed', text: known ? error.message : 'Something went wrong on the server.' }
        if (!known) unexpected = error
      }
      await repo.finish(userId, id, outcome.status, short(outcome.text))
      await told(userId, row, outcome.status, outcome.text)
      if (unexpected) throw unexpected
      return toCall(await mustGetCall(userId, id))
    },

    async cancel(userId: string, id: string): Promise<ConnectedToolCall> {
      const row = await mustGetCall(userId, id)
      if (row.lapsed || row.status === 'lapsed') throw conflict(TOOL_CALL_LAPSED)
      if (row.status !== 'pending') throw conflict(TOOL_CALL_USED)
      if (!(await repo.take(userId, id, 'cancelled'))) throw conflict(TOOL_CALL_USED)
      await told(userId, row, 'cancelled', '')
      return toCall(await mustGetCall(userId, id))
    },
  }
}
export type ConnectedToolsService = ReturnType<typeof createConnectedToolsService>
