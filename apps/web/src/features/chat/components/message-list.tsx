import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { BRAND } from '../../../config/brand'
import { buildTimeline, flattenHistory, type HistoryData, type TimelineItem } from '../lib/history'
import { useChatStore, type TemporaryMessage } from '../store'
import { FallbackBoundary } from './fallback-boundary'
import { MemoryProposals } from './memory-proposals'
import {
  AnswerActions,
  DraftMessage,
  LocalAnswerMessage,
  StoredMessage,
  TemporaryChatMessage,
  TypingIndicator,
} from './message-item'

/** Closer than this to the bottom counts as "at the newest message". */
const BOTTOM_SLACK = 48
/** Closer than this to the top loads the older page. */
const TOP_SLACK = 80

interface Props {
  history: HistoryData | undefined
  /** Shown above the messages: the loading spinner or the load error. */
  status?: ReactNode
  showEmptyState: boolean
  hasOlder: boolean
  loadingOlder: boolean
  olderFailed: boolean
  loadOlder: () => void
  onRegenerate: () => void
  onResend: (message: TemporaryMessage) => void
  onEdit: (message: TemporaryMessage) => void
  /** A message to bring into view (a search result opened): older pages load until it is there. */
  focusMessageId?: string | null
  /** Sends one of the empty chat's starting questions. */
  onSuggest?: (text: string) => void
}

/** Starting questions an empty chat offers: each is something the assistant, offline too, can answer. */
export const STARTING_QUESTIONS = [
  'What do you remember about me?',
  'What is coming up this week?',
  'Remind me to call mum tomorrow at 6pm',
  'Remember that my passport expires in March 2027',
] as const

export function MessageList({
  history,
  status,
  showEmptyState,
  hasOlder,
  loadingOlder,
  olderFailed,
  loadOlder,
  onRegenerate,
  onResend,
  onEdit,
  focusMessageId = null,
  onSuggest,
}: Props) {
  const localAnswers = useChatStore((s) => s.localAnswers)
  const temporaryMessages = useChatStore((s) => s.temporaryMessages)
  const draft = useChatStore((s) => s.draft)
  const isTyping = useChatStore((s) => s.isTyping)
  const isSending = useChatStore((s) => s.isSending)
  const autoScroll = useChatStore((s) => s.autoScroll)
  const setAutoScroll = useChatStore((s) => s.setAutoScroll)
  const now = useNow(60_000)

  const items = useMemo(
    () => buildTimeline(flattenHistory(history), localAnswers, temporaryMessages, draft),
    [history, localAnswers, temporaryMessages, draft],
  )
  const showDraft = Boolean(draft?.text)
  const last = items.at(-1)
  // Regenerate and Copy belong to the last answer, when nothing is on its way.
  const lastAnswerKey =
    !isSending && last && (last.kind === 'local' || (last.kind === 'stored' && !last.message.isUserMessage))
      ? last.key
      : null

  const { scroller, jumpToLatest } = useStickToBottom({
    autoScroll,
    setAutoScroll,
    firstKey: items[0]?.key,
    contentKey: `${items.length}:${last?.key}:${draft?.text.length ?? -1}:${isTyping}`,
    onNearTop: hasOlder && !loadingOlder && !olderFailed ? loadOlder : undefined,
  })

  const focused = useFocusMessage({
    focusMessageId,
    scroller,
    loaded: items.some((item) => item.key === focusMessageId),
    itemCount: items.length,
    canLoadOlder: hasOlder && !loadingOlder && !olderFailed,
    loadOlder,
    setAutoScroll,
  })

  const empty = items.length === 0 && !isTyping && !showDraft
  return (
    <div className="chat-scroll-area position-relative flex-grow-1">
      <div ref={scroller} className="chat-scroll h-100" tabIndex={0} role="region" aria-label="Messages">
        {status}
        {hasOlder || loadingOlder || olderFailed ? (
          <div className="text-center my-2">
            {loadingOlder ? (
              <Spinner animation="border" size="sm" role="status">
                <span className="visually-hidden">Loading older messages...</span>
              </Spinner>
            ) : (
              <>
                {olderFailed ? (
                  <span className="small text-danger me-2">Older messages could not be loaded.</span>
                ) : null}
                <Button size="sm" variant="link" onClick={loadOlder}>
                  Load older messages
                </Button>
              </>
            )}
          </div>
        ) : null}
        {empty && showEmptyState ? (
          <div className="chat-empty text-center text-body-secondary py-5">
            <h2 className="h4 text-body">Welcome to {BRAND} Chat!</h2>
            <p>Start a conversation with your AI assistant.</p>
            {onSuggest ? (
              <ul
                className="chat-starters list-unstyled d-flex flex-wrap justify-content-center gap-2 mb-0"
                aria-label="Starting questions"
              >
                {STARTING_QUESTIONS.map((question) => (
                  <li key={question}>
                    <Button
                      variant="outline-primary"
                      size="sm"
                      className="rounded-pill"
                      onClick={() => onSuggest(question)}
                    >
                      {question}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div role="log" aria-live="polite" aria-label="Conversation">
          <ol className="list-unstyled mb-0">
            {items.map((item) => (
              <li
                key={item.key}
                data-message-id={item.kind === 'stored' ? item.key : undefined}
                className={item.key === focused ? 'chat-found' : undefined}
              >
                <FallbackBoundary
                  fallback={<p className="chat-broken small text-danger">Error displaying message</p>}
                >
                  <Item
                    item={item}
                    now={now}
                    isLastAnswer={item.key === lastAnswerKey}
                    onRegenerate={onRegenerate}
                    onResend={onResend}
                    onEdit={onEdit}
                  />
                </FallbackBoundary>
              </li>
            ))}
          </ol>
        </div>
        {draft && showDraft ? <DraftMessage draft={draft} /> : null}
        {isTyping ? <TypingIndicator draft={draft} /> : null}
      </div>
      {!autoScroll && !empty ? (
        <Button size="sm" variant="primary" className="chat-jump shadow" onClick={jumpToLatest}>
          Jump to latest
        </Button>
      ) : null}
    </div>
  )
}

function Item({
  item,
  now,
  isLastAnswer,
  onRegenerate,
  onResend,
  onEdit,
}: {
  item: TimelineItem
  now: number
  isLastAnswer: boolean
  onRegenerate: () => void
  onResend: (message: TemporaryMessage) => void
  onEdit: (message: TemporaryMessage) => void
}) {
  switch (item.kind) {
    case 'stored':
      return (
        <StoredMessage
          message={item.message}
          now={now}
          actions={
            isLastAnswer ? (
              <>
                <AnswerActions content={item.message.content} onRegenerate={onRegenerate} />
                <MemoryProposals answerId={item.message.id} />
              </>
            ) : null
          }
        />
      )
    case 'local':
      return (
        <LocalAnswerMessage
          answer={item.answer}
          actions={
            isLastAnswer ? (
              <AnswerActions
                content={item.answer.content}
                onRegenerate={item.answer.canRetry ? onRegenerate : undefined}
                regenerateLabel="Try again"
              />
            ) : null
          }
        />
      )
    case 'temporary':
      return (
        <TemporaryChatMessage
          message={item.message}
          onRetry={() => onResend(item.message)}
          onEdit={() => onEdit(item.message)}
        />
      )
  }
}

/**
 * Brings a message into view once it is loaded, loading older pages until it is (or none are left),
 * and stops following the newest message so the view stays on it. Returns the message found.
 */
function useFocusMessage({
  focusMessageId,
  scroller,
  loaded,
  itemCount,
  canLoadOlder,
  loadOlder,
  setAutoScroll,
}: {
  focusMessageId: string | null
  scroller: RefObject<HTMLDivElement | null>
  loaded: boolean
  itemCount: number
  canLoadOlder: boolean
  loadOlder: () => void
  setAutoScroll: (on: boolean) => void
}): string | null {
  // The message scrolled to already: the view is the person's again after that.
  const done = useRef<string | null>(null)
  useEffect(() => {
    if (!focusMessageId || done.current === focusMessageId || itemCount === 0) return
    if (!loaded) {
      if (canLoadOlder) loadOlder()
      return
    }
    setAutoScroll(false)
    const box = scroller.current
    const el = box?.querySelector<HTMLElement>(`[data-message-id="${focusMessageId}"]`)
    if (box && el) centreIn(box, el)
    done.current = focusMessageId
  }, [focusMessageId, loaded, itemCount, canLoadOlder, loadOlder, setAutoScroll, scroller])
  return loaded ? focusMessageId : null
}

/** Re-renders every `ms` so relative times move on. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms)
    return () => window.clearInterval(timer)
  }, [ms])
  return now
}

/**
 * Follows the newest message while `autoScroll` is on; scrolling up turns it off (and near the top asks
 * for older messages, keeping the view where it was when they arrive above).
 */
function useStickToBottom({
  autoScroll,
  setAutoScroll,
  firstKey,
  contentKey,
  onNearTop,
}: {
  autoScroll: boolean
  setAutoScroll: (on: boolean) => void
  firstKey: string | undefined
  contentKey: string
  onNearTop?: () => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const lastHeight = useRef(0)
  const lastFirstKey = useRef(firstKey)

  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    if (lastFirstKey.current !== undefined && firstKey !== lastFirstKey.current && !autoScroll) {
      // Older messages arrived above: keep the same messages in view.
      el.scrollTop += el.scrollHeight - lastHeight.current
    }
    lastFirstKey.current = firstKey
    if (autoScroll) el.scrollTop = el.scrollHeight
    lastHeight.current = el.scrollHeight
  }, [autoScroll, firstKey, contentKey])

  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const onScroll = () => {
      const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight
      setAutoScroll(fromBottom <= BOTTOM_SLACK)
      if (el.scrollTop <= TOP_SLACK && el.scrollHeight > el.clientHeight) onNearTop?.()
    }
    // A downward swipe inside a scrolled list is scrolling, not the page's pull-to-refresh.
    const onTouchStart = (event: TouchEvent) => {
      if (el.scrollTop > 0) event.stopPropagation()
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    el.addEventListener('touchstart', onTouchStart, { passive: true })
    return () => {
      el.removeEventListener('scroll', onScroll)
      el.removeEventListener('touchstart', onTouchStart)
    }
  }, [setAutoScroll, onNearTop])

  return {
    scroller,
    jumpToLatest: () => {
      setAutoScroll(true)
      const el = scroller.current
      if (el) el.scrollTop = el.scrollHeight
    },
  }
}

/**
 * Centres `el` in the message list by scrolling the list alone. scrollIntoView scrolls every ancestor
 * too, the locked page among them: the chat slid 26–45 px under the top bar and could not be scrolled back.
 */
export function centreIn(scroller: HTMLElement, el: HTMLElement) {
  const offset = el.getBoundingClientRect().top - scroller.getBoundingClientRect().top
  scroller.scrollTop += offset - (scroller.clientHeight - el.offsetHeight) / 2
}
