import { CONNECTED_TOOL, CONNECTED_TOOLS_LIMITS } from '@remi/shared'
import type { jsonSchema, ToolSet } from 'ai'
import { aiSdk } from '../../../integrations/ai/sdk.ts'
import { excerpt } from '../../language/index.ts'
import type { CallBudget } from './limits.ts'
import type { ToolRecord } from './record.ts'
import type { OfferedTool, ToolError } from './types.ts'

/**
 * The model's name for a person's tool: `mcp_` (none of Remi's own tools starts so), the server's id's
 * first characters and the tool's name, in the characters every provider accepts, at most 64.
 */
export function connectedToolKey(t: Pick<OfferedTool, 'serverId' | 'name'>): string {
  const name = t.name.replace(/[^A-Za-z0-9_-]/g, '_')
  return `mcp_${t.serverId.replace(/-/g, '').slice(0, 8)}_${name}`.slice(0, 64)
}

/** The tool's input as providers take it: an object schema (a server's odd one is taken as no input). */
function objectSchema(schema: Record<string, unknown>): Parameters<typeof jsonSchema>[0] {
  const object = schema.type === 'object' ? schema : { type: 'object' }
  return { properties: {}, ...object } as Parameters<typeof jsonSchema>[0]
}

/** Arguments for an activity line: `{"title":"Milk"}` cut short. */
const shortArgs = (args: unknown) => excerpt(JSON.stringify(args ?? {}), 120)

/** A tool's failure told in words (McpClientError, from integrations/mcp-client), the tool's answer. */
async function said<T>(call: Promise<T>): Promise<T | ToolError> {
  try {
    return await call
  } catch (error) {
    if (error instanceof Error && error.name === 'McpClientError') return { error: error.message }
    throw error
  }
}

/**
 * The tools of the person's MCP servers that they turned on, for the model (issue 50). A read-only one
 * runs at once; any other is stored for the person's Run or Cancel under the answer, and the model is told
 * it waits for them. Each call is an activity line: the server and tool, the arguments, a short result.
 * The tools get what the model gives them and nothing more (no memory is added to a call).
 */
export async function connectedToolSet(record: ToolRecord, budget: CallBudget): Promise<ToolSet> {
  const connected = record.services.connected
  if (!connected) return {}
  const { jsonSchema, tool } = await aiSdk()
  // A failing read leaves the answer without the person's tools, not without an answer. A regenerated
  // answer replaces the one its waiting calls were under: they lapse with it.
  const { userId, conversationId } = record
  const [offered] = await Promise.all([
    connected.offered(userId),
    conversationId ? connected.lapse(userId, conversationId) : undefined,
  ]).catch((error: unknown) => {
    record.onUnexpectedError?.(CONNECTED_TOOL, error)
    return [[]]
  })
  const set: ToolSet = {}
  for (const t of offered) {
    const key = connectedToolKey(t)
    if (set[key]) continue
    const label = `${t.serverName} › ${t.name}`
    set[key] = tool({
      description: `${t.description || t.name} (the person's own tool "${t.name}" on their server "${t.serverName}"${
        t.readOnly ? '' : '; it runs only after they press Run under your answer'
      })`,
      inputSchema: jsonSchema(objectSchema(t.inputSchema)),
      execute: budget.guard(async (input: unknown) => {
        const args = (input ?? {}) as Record<string, unknown>
        const what = `${label} (${shortArgs(args)})`
        if (!t.readOnly) {
          return record.run(
            CONNECTED_TOOL,
            args,
            { summary: `Asked to run ${what}: waiting for Run`, failed: `Could not ask to run ${what}` },
            async () => {
              await connected.ask(record.userId, t, args, record.conversationId)
              return {
                waiting: `The person is asked in the chat whether to run ${t.name}; it runs only if they press Run. Say so; do not claim it was done.`,
              }
            },
          )
        }
        const ran = await record.run<{ text: string; isError: boolean }>(
          CONNECTED_TOOL,
          args,
          {
            summary: `Ran ${what}`,
            failed: `Could not run ${what}`,
            done: (result) => ({
              summary: `Ran ${what}: ${excerpt(result.text, CONNECTED_TOOLS_LIMITS.resultShownMax)}`,
            }),
          },
          () => said(connected.call(record.userId, t, args)),
        )
        return 'text' in ran ? (ran.isError ? { error: ran.text } : ran.text) : ran
      }),
    })
  }
  return set
}
