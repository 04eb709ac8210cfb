import { setImmediate as nextTurn } from 'node:timers/promises'
import type { AssistantModel } from '../../integrations/ai/model.ts'
import type { FactKeeper } from '../proposals/index.ts'
import type { ChatRepo } from './chat.repo.ts'
import { offlineTitle, TITLE_TIMEOUT_MS, writeTitle } from './conversation-title.ts'

export interface AfterAnswerDeps {
  repo: ChatRepo
  titleModel?: AssistantModel | null | undefined
  titleTimeoutMs?: number | undefined
  onTitleError?: ((error: unknown) => void) | undefined
  keeper?: Pick<FactKeeper, 'enabled' | 'keep'> | null | undefined
}

/**
 * The work after an answer, in the background: the model names the conversation and picks out the facts
 * worth keeping. close() stops it, so none writes after the database closed.
 */
export function createAfterAnswer(deps: AfterAnswerDeps) {
  const { repo } = deps
  const titleModel = deps.titleModel ?? null
  const running = new Set<Promise<void>>()
  const stop = new AbortController()
  const keeper = deps.keeper?.enabled ? deps.keeper : null

  return {
    /** Whether answers have their facts picked out (they are marked 'pending' until then). */
    keepsFacts: keeper !== null,

    /** The model picks out the facts of the exchange in the background; the answer is marked until then. */
    keepFacts(exchange: Parameters<FactKeeper['keep']>[0]) {
      if (!keeper || stop.signal.aborted) return
      const task = nextTurn()
        .then(() => keeper.keep(exchange, stop.signal))
        .then(() => repo.settleFacts(exchange.userId, exchange.answerId))
        .catch(() => {})
        .finally(() => running.delete(task))
      running.add(task)
    },

    /** The model names the conversation in the background: the answer never waits for it. */
    nameConversation(userId: string, conversationId: string, question: string, answer: string) {
      if (!titleModel || stop.signal.aborted) return
      const from = offlineTitle(question)
      const task = nextTurn()
        .then(() =>
          writeTitle(
            titleModel,
            { question, answer },
            { timeoutMs: deps.titleTimeoutMs ?? TITLE_TIMEOUT_MS, signal: stop.signal },
          ),
        )
        .then((title) =>
          title && title !== from ? repo.replaceTitle(userId, conversationId, from, title) : undefined,
        )
        .catch((error: unknown) => {
          if (!stop.signal.aborted) deps.onTitleError?.(error)
        })
        .finally(() => running.delete(task))
      running.add(task)
    },

    /** Stops the titles being written and the facts being picked out, and waits for them. */
    async close(): Promise<void> {
      stop.abort()
      await Promise.allSettled([...running])
    },
  }
}
export type AfterAnswer = ReturnType<typeof createAfterAnswer>
