import type { RegenerateBody } from '@remi/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { postEventStream, type ServerSentEvent } from '../../../lib/event-stream'
import { flattenHistory } from '../lib/history'
import { keepStoppedAnswer, runAnswerStream } from '../lib/answer-stream'
import { localId, useChatStore } from '../store'
import { readHistory, refetchHistory } from './get-chat-history'

/** A new answer to the last message, replacing the last answer; streamed like chat/stream minus `user`. */
export function regenerateAnswer(
  body: RegenerateBody,
  options: { signal: AbortSignal; onEvent: (event: ServerSentEvent) => void },
): Promise<void> {
  return postEventStream('chat/regenerate', body, options)
}

/**
 * Regenerate on the last answer: it is hidden while the new one streams in. If that fails the server
 * keeps it, so it shows again with the reason below it.
 */
export function useRegenerateAnswer() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    const store = useChatStore.getState
    const conversationId = store().conversationId
    if (!conversationId || store().isSending) return
    const history = flattenHistory(readHistory(queryClient))
    const last = history.at(-1)
    const question = history.findLast((m) => m.isUserMessage)
    // The server replaces the conversation's last message, which must be an answer.
    if (!last || last.isUserMessage || !question) return

    const controller = new AbortController()
    for (const answer of store().localAnswers) {
      if (answer.afterId === last.id) store().removeLocalAnswer(answer.id)
    }
    store().beginAnswer({
      draft: { afterId: question.id, replacesId: last.id, text: '', activity: [] },
      controller,
    })

    const outcome = await runAnswerStream(
      (onEvent) =>
        regenerateAnswer(
          { conversationId, ...(store().web ? { web: true } : {}) },
          { signal: controller.signal, onEvent },
        ),
      { queryClient, controller },
    )
    if (store().controller !== controller) return
    const draft = store().draft

    if (outcome.kind === 'done') {
      store().setConnected(true)
    } else if (outcome.kind === 'stopped') {
      // The server stores what was written so far in place of the old answer.
      keepStoppedAnswer(queryClient, draft?.text ?? '', { afterId: question.id, replacesId: last.id })
    } else {
      store().addLocalAnswer({
        id: localId('failed'),
        afterId: last.id,
        replacesId: null,
        content: '',
        createdUtc: new Date().toISOString(),
        error: outcome.kind === 'unavailable' ? outcome.refusal : outcome.error,
        canRetry: true,
      })
      if (outcome.kind === 'failed') store().setConnected(!outcome.network)
      void refetchHistory(queryClient)
    }
    store().endAnswer()
  }, [queryClient])
}
