import { tool, zodSchema, type ToolSet } from 'ai'
import type { CallBudget } from './limits.ts'
import { modelTools, offered, type ModelCalls } from './registry.ts'
import type { AssistantServices } from './types.ts'

/**
 * The input schemas as AI SDK schemas, made once: each keeps its JSON Schema after the first turn, where
 * the bare zod schemas were converted again on every turn (~1.5 ms of this thread per answer).
 */
const aiInputSchemas = new Map(modelTools.map((t) => [t.name, zodSchema(t.model.input)]))

/**
 * The registry's model tools for the AI SDK (tools mode), each running one answer's call within its
 * budget (at most 8 calls, each result cut to 8 000 characters for the model).
 */
export function aiToolSet(
  calls: ModelCalls,
  services: Pick<AssistantServices, 'web'>,
  budget: CallBudget,
): ToolSet {
  return Object.fromEntries(
    modelTools
      .filter((t) => offered(t, services))
      .map((t) => [
        t.name,
        tool({
          description: t.model.description,
          inputSchema: aiInputSchemas.get(t.name)!,
          execute: budget.guard((input) => t.model.run(calls, input)),
        }),
      ]),
  )
}
