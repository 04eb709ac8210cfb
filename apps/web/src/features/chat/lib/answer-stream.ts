import { ChatStreamEvents, type Activity, type ChatStreamEvent, type ChatStreamEventName } from '@remi/shared'
import type { QueryClient } from '@tanstack/react-query'
import { errorMessage, errorMessages, isApiError } from '../../../lib/api-client'
import { StreamUnavailableError, type ServerSentEvent } from '../../../lib/event-stream'
import { addToHistory, readHistory, refetchHistory } from '../api/get-chat-history'
import { localId, useChatStore, type DraftActivity } from '../store'
import { flattenHistory, isSettled } from './history'

/** A chat event with its data checked against the shared contract; null for anything else. */
export function parseChatEvent({ event, data }: ServerSentEvent): ChatStreamEvent | null {
  if (!Object.hasOwn(ChatStreamEvents, event)) return null
  const name = event as ChatStreamEventName
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return null
  }
  const parsed = ChatStreamEvents[name].safeParse(json)
  return parsed.success ? ({ event: name, data: parsed.data } as ChatStreamEvent) : null
}

export type StreamOutcome =
  | { kind: 'done' }
  | { kind: 'stopped' }
  /** No stream: `refusal` says why, for a caller without a plain endpoint to fall back to. */
  | { kind: 'unavailable'; refusal: string }
  | { kind: 'failed'; error: string; network: boolean }

type OpenStream = (onEvent: (event: ServerSentEvent) => void) => Promise<void>

/**
 * Reads one answer stream into the draft and the history cache, as long as `controller` is still the
 * store's (a reset or another user makes a running stream stale).
 */
export async function runAnswerStream(
  open: OpenStream,
  {
    queryClient,
    controller,
    temporaryId,
  }: { queryClient: QueryClient; controller: AbortController; temporaryId?: string },
): Promise<StreamOutcome> {
  const store = useChatStore.getState
  const current = () => store().controller === controller
  let finished = false
  let failure: string | null = null

  const apply = (event: ChatStreamEvent) => {
    if (!current()) return
    switch (event.event) {
      case 'user': {
        store().setConversationId(event.data.conversationId)
        addToHistory(queryClient, [event.data.message], event.data.conversationId)
        if (temporaryId) store().removeTemporary(temporaryId)
        store().updateDraft(() => ({ afterId: event.data.message.id }))
        return
      }
      case 'activity': {
        const { status, activity } = event.data
        store().updateDraft((draft) => ({
          activity: withActivity(draft.activity, activity, status === 'started'),
        }))
        return
      }
      case 'delta': {
        store().stopTyping()
        store().updateDraft((draft) => ({ text: draft.text + event.data.text }))
        return
      }
      case 'done': {
        finished = true
        const replacesId = store().draft?.replacesId
        store().setConversationId(event.data.conversationId)
        addToHistory(queryClient, [event.data.message], event.data.conversationId, replacesId)
        store().updateDraft(() => ({ text: '' }))
        store().stopTyping()
        return
      }
      case 'error': {
        failure = event.data.message
        return
      }
    }
  }

  try {
    await open((raw) => {
      const event = parseChatEvent(raw)
      if (event) apply(event)
    })
  } catch (error) {
    if (controller.signal.aborted) return { kind: 'stopped' }
    if (error instanceof StreamUnavailableError)
      return { kind: 'unavailable', refusal: error.refusal.message }
    return { kind: 'failed', error: errorMessage(error), network: isApiError(error) && error.isNetworkError }
  }
  if (finished) return { kind: 'done' }
  if (controller.signal.aborted) return { kind: 'stopped' }
  // Ended without its answer: the server said why, or the connection was cut.
  return failure === null
    ? { kind: 'failed', error: errorMessages.network, network: true }
    : { kind: 'failed', error: failure, network: false }
}

/** A started tool is shown as running until the same tool reports it finished. */
function withActivity(list: DraftActivity[], activity: Activity, started: boolean): DraftActivity[] {
  if (started) return [...list, { ...activity, running: true }]
  const at = list.findLastIndex((a) => a.running && a.tool === activity.tool)
  const finished = { ...activity, running: false }
  return at < 0 ? [...list, finished] : list.map((a, i) => (i === at ? finished : a))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * After Stop the server stores what was written so far, a moment after the connection closed: the text
 * stays on screen, marked stopped, until the history holds the stored copy. Nothing written: the history
 * is simply read again.
 */
export function keepStoppedAnswer(
  queryClient: QueryClient,
  text: string,
  place: { afterId: string; replacesId: string | null },
) {
  if (!text) return void refetchHistory(queryClient)
  const id = localId('stopped')
  useChatStore.getState().addLocalAnswer({
    id,
    ...place,
    content: text,
    createdUtc: new Date().toISOString(),
    stopped: true,
  })
  void settleStoppedAnswer(queryClient, id)
}

async function settleStoppedAnswer(queryClient: QueryClient, localAnswerId: string) {
  for (const wait of [0, 400, 1200, 3000]) {
    await sleep(wait)
    await refetchHistory(queryClient)
    const answer = useChatStore.getState().localAnswers.find((a) => a.id === localAnswerId)
    if (!answer) return
    if (isSettled(answer, flattenHistory(readHistory(queryClient)))) {
      useChatStore.getState().removeLocalAnswer(localAnswerId)
      return
    }
  }
}
