import { TOOL_CALLS_PER_ANSWER, TOOL_RESULT_MAX } from '@remi/shared'
import type { ToolError } from './types.ts'

/**
 * A tool's result as the model gets it: whole when its text (JSON) is at most TOOL_RESULT_MAX characters,
 * else that many characters of it, ending with a note that says it was cut (issue 50).
 */
export function cutForModel(result: unknown): unknown {
  const text = typeof result === 'string' ? result : JSON.stringify(result)
  if (text === undefined || text.length <= TOOL_RESULT_MAX) return result
  const note = `… [cut: the result had ${text.length} characters; these are its first ones]`
  return text.slice(0, TOOL_RESULT_MAX - note.length) + note
}

const SPENT: ToolError = {
  error: `That is the limit of ${TOOL_CALLS_PER_ANSWER} tool calls for one answer: answer with what you have.`,
}

/**
 * The model's tool calls for one answer, Remi's and the person's together: at most
 * TOOL_CALLS_PER_ANSWER run; a call past them is not made and the model is told so.
 */
export function createCallBudget(max = TOOL_CALLS_PER_ANSWER) {
  let used = 0
  return {
    /** No call is left: the next step is offered no tool (assistant.ts, prepareStep). */
    spent: () => used >= max,
    /** The execute of a model tool: counted, refused past the limit, its result cut for the model. */
    guard:
      <I>(execute: (input: I) => Promise<unknown>) =>
      async (input: I): Promise<unknown> => {
        if (used >= max) return SPENT
        used += 1
        return cutForModel(await execute(input))
      },
  }
}
export type CallBudget = ReturnType<typeof createCallBudget>
