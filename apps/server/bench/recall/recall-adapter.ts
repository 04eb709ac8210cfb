/**
 * RECALL_MODE=direct: the memories recall chooses for a question, called directly (no route, no model,
 * no prompt). The one place the benchmark names the recall function: when the recall service
 * (src/modules/recall/) replaces findRelevantMemories, change the call below and nothing else.
 * The chat mode (the figure of record) goes through POST /api/chat/send and reads the prompt instead.
 */
import { findRelevantMemories } from '../../src/modules/assistant/search.ts'
import type { Services } from '../../src/services.ts'

export interface RecallInput {
  userId: string
  /** The question as the user typed it. */
  text: string
  /** "Today" for the question (the chat's clock; findRelevantMemories does not read dates). */
  now: Date
  limit: number
}

export const RECALL_FUNCTION = 'findRelevantMemories (modules/assistant/search.ts)'

export async function recallDirect(services: Services, input: RecallInput): Promise<Array<{ id: string }>> {
  return findRelevantMemories(services.memories, input.userId, { query: input.text, limit: input.limit })
}
