import type { SendMessageBody, SendMessageResponse } from '@remi/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api, errorMessage, isApiError } from '../../../lib/api-client'
import { postEventStream, type ServerSentEvent } from '../../../lib/event-stream'
import { keepStoppedAnswer, runAnswerStream } from '../lib/answer-stream'
import { localId, useChatStore } from '../store'
import { addToHistory, refetchHistory } from './get-chat-history'
import { FilesRefused, saveSentFiles } from './save-sent-files'

/** The plain exchange: both stored messages at once. */
export function sendMessage(body: SendMessageBody): Promise<SendMessageResponse> {
  return api.post<SendMessageResponse>('chat/send', body)
}

/** The same exchange as server-sent events: user, activity, delta, done or error. */
export function streamMessage(
  body: SendMessageBody,
  options: { signal: AbortSignal; onEvent: (event: ServerSentEvent) => void },
): Promise<void> {
  return postEventStream('chat/stream', body, options)
}

/**
 * Spec §4's chat send, streamed: trim, ignore empty or while sending, clear the input, show the message
 * as 'Sending...' with the typing indicator, then the answer token by token. Falls back to chat/send
 * when the stream is unavailable. Nothing the person typed is lost: a refused message stays with its
 * error, and a message stopped before the server had it goes back into the input.
 */
export function useSendMessage() {
  const queryClient = useQueryClient()
  return useCallback(
    async (input: string) => {
      const store = useChatStore.getState
      const content = input.trim()
      const files = store().files
      if ((!content && files.length === 0) || store().isSending) return

      const shown = content || files.map((f) => f.name).join(', ')
      const temporary = {
        id: localId('temp'),
        content: shown,
        timestamp: new Date().toISOString(),
        isPending: true,
      }
      const controller = new AbortController()
      const body: SendMessageBody = {
        content,
        conversationId: store().conversationId ?? undefined,
        ...(store().web ? { web: true } : {}),
      }
      store().setMessageInput('')
      store().setFiles([])
      store().beginAnswer({
        temporary,
        draft: { afterId: null, replacesId: null, text: '', activity: [] },
        controller,
      })
      const current = () => store().controller === controller

      // Files first: saved as a memory of their own, then sent with the message by id (issue 49).
      if (files.length > 0) {
        try {
          const saved = await saveSentFiles(queryClient, content, files)
          body.attachmentIds = saved.attachmentIds
          if (saved.refused) store().setFiles([], saved.refused)
        } catch (error) {
          if (!current()) return
          // Nothing was kept: the message and its files go back to the composer, with why.
          store().removeTemporary(temporary.id)
          if (!store().messageInput) store().setMessageInput(content)
          store().setFiles(files, error instanceof FilesRefused ? error.message : errorMessage(error))
          store().endAnswer()
          return
        }
        if (!current()) return
      }

      const outcome = await runAnswerStream(
        (onEvent) => streamMessage(body, { signal: controller.signal, onEvent }),
        {
          queryClient,
          controller,
          temporaryId: temporary.id,
        },
      )
      if (!current()) return
      const draft = store().draft

      if (outcome.kind === 'unavailable') {
        // No Stop for the plain call: it cannot be cut short, only its answer ignored.
        store().disallowStop()
        try {
          const result = await sendMessage(body)
          if (!current()) return
          store().setConversationId(result.conversationId)
          addToHistory(queryClient, [result.userMessage, result.assistantMessage], result.conversationId)
          store().removeTemporary(temporary.id)
          store().setConnected(true)
        } catch (error) {
          if (!current()) return
          store().failTemporary(temporary.id, errorMessage(error))
          if (isApiError(error) && error.isNetworkError) store().setConnected(false)
          if (isApiError(error) && error.status === 404 && body.conversationId) {
            // The conversation is gone (cleared in another tab): the next send starts a new one.
            store().setConversationId(null)
            void refetchHistory(queryClient)
          }
        }
      } else if (outcome.kind === 'done') {
        store().removeTemporary(temporary.id)
        store().setConnected(true)
        // A server that skipped the `user` event still stored the message: show it.
        if (!draft?.afterId) void refetchHistory(queryClient)
      } else if (outcome.kind === 'failed') {
        if (draft?.afterId) {
          // The message is stored; its answer is what failed.
          store().addLocalAnswer({
            id: localId('failed'),
            afterId: draft.afterId,
            replacesId: null,
            content: draft.text,
            createdUtc: new Date().toISOString(),
            error: outcome.error,
          })
        } else {
          store().failTemporary(temporary.id, outcome.error)
        }
        store().setConnected(!outcome.network)
      } else if (draft?.afterId) {
        // Stopped after the server stored the message: keep what was written until its stored copy shows.
        keepStoppedAnswer(queryClient, draft.text, { afterId: draft.afterId, replacesId: null })
      } else {
        // Stopped before the server confirmed the message: give the text back.
        store().removeTemporary(temporary.id)
        if (!store().messageInput) store().setMessageInput(content)
        void refetchHistory(queryClient)
      }
      store().endAnswer()
    },
    [queryClient],
  )
}
