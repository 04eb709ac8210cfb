import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { BRAND } from '../../../config/brand'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useCurrentUser } from '../../../lib/auth'
import { useChatHistory } from '../api/get-chat-history'
import { useRegenerateAnswer } from '../api/regenerate-answer'
import { useSendMessage } from '../api/send-message'
import type { AssistantInfo } from '@remi/shared'
import { useChatStore, type TemporaryMessage } from '../store'
import { useBodyScrollLock, useFillViewport, useRefreshListAfterSend } from './chat-page-effects'
import { ClearConfirm } from './clear-confirm'
import { Composer } from './composer'
import { ConversationNotFound } from './conversation-not-found'
import { FallbackBoundary } from './fallback-boundary'
import { MessageList } from './message-list'
import './chat.css'

export interface ChatPageProps {
  /** The conversation the route names; null: the newest one (or an empty new one). */
  view?: string | null
  /** A message to scroll to (a search result opened). */
  focusMessageId?: string | null
  /** Before the title: the button that opens the conversation list on small screens. */
  headerStart?: ReactNode
}

export function ChatPage({ view = null, focusMessageId = null, headerStart }: ChatPageProps) {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  const claim = useChatStore((s) => s.claim)
  const openConversation = useChatStore((s) => s.openConversation)
  useEffect(() => openConversation(view), [view, openConversation])
  // Whatever an earlier user left on this screen (same tab, after a logout) is not this user's.
  useEffect(() => {
    if (user?.id) claim(user.id)
  }, [user?.id, claim])

  useBodyScrollLock()
  const { pageRef, height } = useFillViewport()

  const history = useChatHistory(view)
  const firstPage = history.data?.pages[0]
  const setConversationId = useChatStore((s) => s.setConversationId)
  useEffect(() => {
    if (firstPage?.conversationId) setConversationId(firstPage.conversationId)
  }, [firstPage?.conversationId, setConversationId])

  const isSending = useChatStore((s) => s.isSending)
  useRefreshListAfterSend(isSending)
  const isConnected = useChatStore((s) => s.isConnected)
  const hasLocal = useChatStore((s) => s.temporaryMessages.length > 0 || s.localAnswers.length > 0)
  const hasMessages = (history.data?.pages.some((p) => p.messages.length > 0) ?? false) || hasLocal

  const input = useRef<HTMLTextAreaElement>(null)
  const send = useSendMessage()
  const regenerate = useRegenerateAnswer()
  const onSend = useCallback((text: string) => void send(text), [send])
  const onResend = useCallback(
    (message: TemporaryMessage) => {
      if (useChatStore.getState().isSending) return
      useChatStore.getState().removeTemporary(message.id)
      void send(message.content)
    },
    [send],
  )
  const onEdit = useCallback((message: TemporaryMessage) => {
    const store = useChatStore.getState()
    store.removeTemporary(message.id)
    store.setMessageInput(message.content)
    input.current?.focus()
  }, [])

  const [confirming, setConfirming] = useState(false)
  const { fetchNextPage } = history
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage])

  const loadFailed = history.isError && !history.data
  const notFound = loadFailed && view !== null && isApiError(history.error) && history.error.status === 404
  if (notFound) return <ConversationNotFound headerStart={headerStart} />
  return (
    <section
      ref={pageRef}
      className="chat-page d-flex flex-column"
      style={{ height }}
      aria-labelledby="chat-title"
    >
      {/* One row on a phone too: the title gives way (truncates) before anything wraps. */}
      <div className="chat-header d-flex flex-nowrap align-items-center gap-2 pb-2 border-bottom">
        {headerStart}
        <h1 id="chat-title" className="chat-title h3 mb-0 text-truncate">
          {t('chat.page.title', { brand: BRAND })}
        </h1>
        <AssistantBadge info={firstPage?.assistant ?? null} />
        <Button
          className="ms-auto flex-shrink-0"
          variant="outline-danger"
          size="sm"
          disabled={!hasMessages || isSending}
          onClick={() => setConfirming(true)}
        >
          {t('chat.page.clearHistory')}
        </Button>
      </div>

      {!isConnected ? (
        <Alert variant="warning" className="py-2 my-2 small">
          {t('chat.page.connectionLost')}
        </Alert>
      ) : null}

      <FallbackBoundary
        fallback={
          <Alert variant="danger" className="my-3">
            {t('chat.page.unableToLoad')}
          </Alert>
        }
      >
        <MessageList
          history={history.data}
          status={
            history.isPending ? (
              <LoadingSpinner text={t('chat.page.loadingHistory')} />
            ) : loadFailed ? (
              <Alert variant="danger" className="my-3">
                <Alert.Heading as="h2" className="h5">
                  {t('chat.page.loadFailed')}
                </Alert.Heading>
                <p className="mb-2">{errorMessage(history.error)}</p>
                <Button variant="danger" size="sm" onClick={() => void history.refetch()}>
                  {t('chat.page.retry')}
                </Button>
              </Alert>
            ) : null
          }
          showEmptyState={history.isSuccess}
          offlineAssistant={firstPage?.assistant?.model == null}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          olderFailed={history.isFetchNextPageError}
          loadOlder={loadOlder}
          onRegenerate={() => void regenerate()}
          onResend={onResend}
          onEdit={onEdit}
          focusMessageId={focusMessageId}
          onSuggest={onSend}
        />
      </FallbackBoundary>

      <Composer inputRef={input} onSend={onSend} webSearch={firstPage?.assistant?.web === true} />
      <ClearConfirm
        show={confirming}
        onDone={() => setConfirming(false)}
        onExited={() => input.current?.focus()}
      />
    </section>
  )
}

/** Who answers: the model's name, or the offline assistant. */
function AssistantBadge({ info }: { info: AssistantInfo | null }) {
  const { t } = useTranslation()
  if (!info) return null
  return (
    <span
      className="badge rounded-pill bg-body-tertiary text-body border chat-model d-none d-sm-inline-block text-truncate"
      title={t('chat.page.assistantTitle')}
    >
      {info.model ?? t('chat.page.offlineAssistant')}
    </span>
  )
}
