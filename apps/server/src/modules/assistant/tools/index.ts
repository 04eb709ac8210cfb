import type { Activity, AssistantTool, Citation, Memory, MemoryProposal } from '@remi/shared'
import type { CitedMemory } from '../assistant.types.ts'
import { aiToolSet } from './ai.ts'
import { dayTools } from './day.ts'
import { memoryTools } from './memories.ts'
import { proposalTools } from './proposals.ts'
import { createToolRecord, type AssistantToolsOptions } from './record.ts'
import { reminderTools } from './reminders.ts'
import type { AssistantServices } from './types.ts'

export type { AssistantToolsOptions } from './record.ts'
export * from './schemas.ts'
export * from './types.ts'

/**
 * The assistant's tools for one user, as plain async functions (the offline assistant, context mode,
 * the MCP server) and as AI SDK tools (`aiTools()`). Every call is recorded: the memories found or saved
 * become citations, the call an activity line ("Searched memories for 'Ana'") and a call with its
 * arguments. A source that is off or failing gives `{ error }`, never an exception. One file per family:
 * memories.ts, day.ts (weather, calendar), proposals.ts, reminders.ts; record.ts keeps the record.
 */
export function createAssistantTools(
  services: AssistantServices,
  userId: string,
  options: AssistantToolsOptions = {},
) {
  const record = createToolRecord(services, userId, options)
  const calls = {
    ...memoryTools(record),
    ...dayTools(record),
    ...proposalTools(record),
    ...reminderTools(record),
  }
  return {
    ...calls,
    aiTools: () => aiToolSet(calls),
    /** Cites memories the answer was given without a tool call (the prompt's memories). */
    cite: record.cite,
    timeZone: record.timeZone,
    /** What the calls so far found, did and were asked (live arrays, in call order). */
    citations: record.citations as readonly Citation[],
    /** The cited memories' text and day as this answer read them. */
    cited: record.cited as ReadonlyMap<string, CitedMemory>,
    activity: record.activity as readonly Activity[],
    calls: record.calls as ReadonlyArray<{ tool: AssistantTool; args: unknown }>,
    /** Memories saved by create_memory during this answer. */
    created: record.created as readonly Memory[],
    /** Changes proposed during this answer (update_memory, delete_memory, the offline assistant). */
    proposed: record.proposed as readonly MemoryProposal[],
  }
}
export type AssistantTools = ReturnType<typeof createAssistantTools>
