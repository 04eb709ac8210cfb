import type { AssistantModel } from '../../integrations/ai/model.ts'
import type { Assistant } from '../assistant/index.ts'
import type { MemoriesService } from '../memories/index.ts'
import type { FactKeeper, ProposalsService } from '../proposals/index.ts'
import { createAfterAnswer } from './after-answer.ts'
import type { ChatRepo } from './chat.repo.ts'
import { createMessageReader } from './chat-messages.ts'
import { createChatTurns, type MessageFiles } from './chat-turn.ts'
import { createConversationHistory } from './conversation-history.ts'

export { EXCERPT_LENGTH, excerptOf } from './chat-messages.ts'
export { HISTORY_FOR_ASSISTANT, type AnswerOptions, type Turn } from './chat-turn.ts'
export { snippetParts } from './conversation-history.ts'

export interface ChatServiceDeps {
  repo: ChatRepo
  assistant: Assistant
  /** Where answers' citations are looked up, as the memories are now. */
  memories: Pick<MemoriesService, 'byIds'>
  /** Names each conversation after its first exchange; null keeps the first words of the first message. */
  titleModel?: AssistantModel | null | undefined
  titleTimeoutMs?: number | undefined
  /** A title the model could not write (the offline one stays). */
  onTitleError?: ((error: unknown) => void) | undefined
  /**
   * Picks out the facts worth keeping after each answer a model wrote (tools and context modes), in the
   * background: the answer is stored and sent first. The answer is marked (metadata.facts: 'pending')
   * until it is done, so GET /api/proposals can say more chips are coming.
   */
  keeper?: Pick<FactKeeper, 'enabled' | 'keep'> | null | undefined
  /** A regenerated answer's proposals lapse. */
  proposals?: Pick<ProposalsService, 'pendingIds' | 'lapse'> | undefined
  /** Files sent with a message (issue 49): the attachments module's, as the chat needs them. */
  files?: MessageFiles | undefined
  /** The model is shown photos sent with a message (AI_VISION). */
  vision?: boolean | undefined
}

/**
 * The chat: a turn (chat-turn.ts), the conversations (conversation-history.ts), and the titles and facts
 * worked out after an answer (after-answer.ts).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { repo, assistant } = deps
  const messages = createMessageReader(deps.memories)
  const afterAnswer = createAfterAnswer(deps)
  const turns = createChatTurns({
    repo,
    assistant,
    messages,
    afterAnswer,
    proposals: deps.proposals,
    files: deps.files,
    vision: deps.vision,
  })
  return {
    ...turns,
    ...createConversationHistory({ repo, assistant, messages }),
    /** What became of the conversation's latest answer afterwards, for the model to read with it. */
    noteAfterAnswer: (userId: string, conversationId: string, line: string) =>
      repo.noteAfterAnswer(userId, conversationId, line),
    /** Stops the titles being written and the facts being picked out, and waits for them (the app is closing). */
    close: afterAnswer.close,
  }
}
export type ChatService = ReturnType<typeof createChatService>
