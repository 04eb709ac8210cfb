import { useMemo, type ReactNode } from 'react'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import { useNow } from '../../../lib/use-now'
import { buildTimeline, flattenHistory, type HistoryData } from '../lib/history'
import { useChatStore, type TemporaryMessage } from '../store'
import { ChatWelcome } from './chat-welcome'
import { FallbackBoundary } from './fallback-boundary'
import { DraftMessage, TypingIndicator } from './message-item'
import { useFocusMessage, useStickToBottom } from './message-scroll'
import { TimelineEntry } from './timeline-entry'

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
  /** The offline assistant answers: the starting questions are asked in English, the only language it reads. */
  offlineAssistant?: boolean
}

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
  offlineAssistant = false,
}: Props) {
  const { t } = useTranslation()
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
      <div
        ref={scroller}
        className="chat-scroll h-100"
        tabIndex={0}
        role="region"
        aria-label={t('chat.messages.label')}
      >
        {status}
        {hasOlder || loadingOlder || olderFailed ? (
          <div className="text-center my-2">
            {loadingOlder ? (
              <Spinner animation="border" size="sm" role="status">
                <span className="visually-hidden">{t('chat.messages.loadingOlder')}</span>
              </Spinner>
            ) : (
              <>
                {olderFailed ? (
                  <span className="small text-danger me-2">{t('chat.messages.olderFailed')}</span>
                ) : null}
                <Button size="sm" variant="link" onClick={loadOlder}>
                  {t('chat.messages.loadOlder')}
                </Button>
              </>
            )}
          </div>
        ) : null}
        {empty && showEmptyState ? (
          <ChatWelcome onSuggest={onSuggest} offlineAssistant={offlineAssistant} />
        ) : null}
        <div role="log" aria-live="polite" aria-label={t('chat.messages.conversation')}>
          <ol className="list-unstyled mb-0">
            {items.map((item) => (
              <li
                key={item.key}
                data-message-id={item.kind === 'stored' ? item.key : undefined}
                className={item.key === focused ? 'chat-found' : undefined}
              >
                <FallbackBoundary
                  fallback={<p className="chat-broken small text-danger">{t('chat.messages.broken')}</p>}
                >
                  <TimelineEntry
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
          {t('chat.messages.jumpToLatest')}
        </Button>
      ) : null}
    </div>
  )
}
