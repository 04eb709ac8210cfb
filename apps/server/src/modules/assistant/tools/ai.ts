import type { ToolSet, zodSchema } from 'ai'
import { aiSdk } from '../../../integrations/ai/sdk.ts'
import type { CallBudget } from './limits.ts'
import { modelTools, offered, type ModelCalls } from './registry.ts'
import type { AssistantServices } from './types.ts'

/**
 * The input schemas as AI SDK schemas, made once (on the first turn with a model): each keeps its JSON
 * Schema after the first turn, where the bare zod schemas were converted again on every turn (~1.5 ms of
 * this thread per answer).
 */
const inputSchemas = (schema: typeof zodSchema) =>
  new Map(modelTools.map((t) => [t.name, schema(t.model.input)]))
let aiInputSchemas: ReturnType<typeof inputSchemas> | undefined

/**
 * The registry's model tools for the AI SDK (tools mode), each running one answer's call within its
 * budget (at most 8 calls, each result cut to 8 000 characters for the model).
 */
export async function aiToolSet(
  calls: ModelCalls,
  services: Pick<AssistantServices, 'web'>,
  budget: CallBudget,
): Promise<ToolSet> {
  const { tool, zodSchema } = await aiSdk()
  const schemas = (aiInputSchemas ??= inputSchemas(zodSchema))
  return Object.fromEntries(
    modelTools
      .filter((t) => offered(t, services))
      .map((t) => [
        t.name,
        tool({
          description: t.model.description,
          inputSchema: schemas.get(t.name)!,
          execute: budget.guard((input) => t.model.run(calls, input)),
        }),
      ]),
  )
}
