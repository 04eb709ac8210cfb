import type { Activity, ActivityTool, Citation, Memory, MemoryProposal } from '@remi/shared'
import type { CitedMemory } from '../assistant.types.ts'
import { aiToolSet } from './ai.ts'
import { automationTools } from './automations.ts'
import { connectedToolSet } from './connected.ts'
import { dayTools } from './day.ts'
import { memoryTools } from './memories.ts'
import { proposalTools } from './proposals.ts'
import { createCallBudget } from './limits.ts'
import { createToolRecord, type AssistantToolsOptions } from './record.ts'
import { reminderTools } from './reminders.ts'
import { webTools } from './web.ts'
import type { AssistantServices } from './types.ts'

export type { AssistantToolsOptions } from './record.ts'
export type { McpToolContext, McpToolDeps } from './mcp-results.ts'
export { connectedToolKey } from './connected.ts'
export { cutForModel } from './limits.ts'
export { mcpTools, modelTools, toolRegistry, type ToolDefinition } from './registry.ts'
export * from './schemas.ts'
export * from './types.ts'
export type { ReadWebPageOutput, WebSearchOutput } from './web.ts'

/**
 * The assistant's tools for one user, as plain async functions (the offline assistant, context mode)
 * and as AI SDK tools (`aiTools()`, built from registry.ts, as the MCP server's tools are). Every call
 * is recorded: the memories found or saved become citations, the call an activity line ("Searched
 * memories for 'Ana'") and a call with its arguments. A source that is off or failing gives
 * `{ error }`, never an exception. One file per family: memories.ts, day.ts (weather, calendar),
 * proposals.ts, reminders.ts; record.ts keeps the record.
 */
export function createAssistantTools(
  services: AssistantServices,
  userId: string,
  options: AssistantToolsOptions = {},
) {
  const record = createToolRecord(services, userId, options)
  const web = options.web === true && services.web !== undefined
  // The model's calls of this answer, Remi's and the person's tools together (issue 50's limits).
  const budget = createCallBudget()
  const calls = {
    ...memoryTools(record),
    ...dayTools(record),
    ...proposalTools(record),
    ...reminderTools(record),
    ...webTools(record),
    ...automationTools(record),
  }
  return {
    ...calls,
    /** The model's tools: the registry's, less the web's unless Web is on and the server has a provider. */
    aiTools: () => aiToolSet(calls, web ? services : {}, budget),
    /** The model's tools of the person's MCP servers that they turned on (issue 50). */
    connectedTools: () => connectedToolSet(record, budget),
    /** The answer's tool calls are used up: the model is offered none for its next step. */
    callsSpent: budget.spent,
    /** The model is offered web_search and read_web_page for this answer. */
    webOffered: web,
    /** Cites memories the answer was given without a tool call (the prompt's memories). */
    cite: record.cite,
    /** The user's row and zone, read once for the answer. */
    userRow: record.userRow,
    timeZone: record.timeZone,
    /** What the calls so far found, did and were asked (live arrays, in call order). */
    citations: record.citations as readonly Citation[],
    /** The cited memories' text and day as this answer read them. */
    cited: record.cited as ReadonlyMap<string, CitedMemory>,
    activity: record.activity as readonly Activity[],
    calls: record.calls as ReadonlyArray<{ tool: ActivityTool; args: unknown }>,
    /** Memories saved by create_memory during this answer. */
    created: record.created as readonly Memory[],
    /** Changes proposed during this answer (update_memory, delete_memory, the offline assistant). */
    proposed: record.proposed as readonly MemoryProposal[],
  }
}
export type AssistantTools = ReturnType<typeof createAssistantTools>
