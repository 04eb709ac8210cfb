/**
 * RECALL_MODE=direct: the memories recall chooses for a question, called directly (no route, no model,
 * no prompt). The one place the benchmark names the recall function: if recall moves, change the call
 * below and nothing else (the baseline of 26 November measured findRelevantMemories here).
 * The chat mode (the figure of record) goes through POST /api/chat/send and reads the prompt instead.
 */
import type { Services } from '../../src/services.ts'

export interface RecallInput {
  userId: string
  /** The question as the user typed it. */
  text: string
  /** "Today" for the question (the chat's clock: recall reads the periods a question names from it). */
  now: Date
  limit: number
}

export const RECALL_FUNCTION = 'recall.find (modules/recall/recall.service.ts)'

export async function recallDirect(services: Services, input: RecallInput): Promise<Array<{ id: string }>> {
  return services.recall.find(input.userId, { query: input.text, limit: input.limit, now: input.now })
}
