import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { ConfirmModal } from '../../../components/ui/modal'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { BRAND } from '../../../config/brand'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { paths } from '../../../config/paths'
import { Link } from 'react-router'
import { useCurrentUser } from '../../../lib/auth'
import { useClearChatHistory } from '../api/clear-chat-history'
import { useChatHistory } from '../api/get-chat-history'
import { conversationsBaseKey } from '../api/get-conversations'
import { useRegenerateAnswer } from '../api/regenerate-answer'
import { useSendMessage } from '../api/send-message'
import type { AssistantInfo } from '@remi/shared'
import { useChatStore, type TemporaryMessage } from '../store'
import { Composer } from './composer'
import { FallbackBoundary } from './fallback-boundary'
import { MessageList } from './message-list'
import './chat.css'

/** How long after a first answer the list looks again for the title the model writes meanwhile. */
const TITLE_RECHECK_MS = 4000

export interface ChatPageProps {
  /** The conversation the route names; null: the newest one (or an empty new one). */
  view?: string | null
  /** A message to scroll to (a search result opened). */
  focusMessageId?: string | null
  /** Before the title: the button that opens the conversation list on small screens. */
  headerStart?: ReactNode
}

export function ChatPage({ view = null, focusMessageId = null, headerStart }: ChatPageProps) {
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
          Chat with {BRAND}
        </h1>
        <AssistantBadge info={firstPage?.assistant ?? null} />
        <Button
          className="ms-auto flex-shrink-0"
          variant="outline-danger"
          size="sm"
          disabled={!hasMessages || isSending}
          onClick={() => setConfirming(true)}
        >
          Clear History
        </Button>
      </div>

      {!isConnected ? (
        <Alert variant="warning" className="py-2 my-2 small">
          The connection to the server was lost. Check your connection; messages you send will show if they
          fail.
        </Alert>
      ) : null}

      <FallbackBoundary
        fallback={
          <Alert variant="danger" className="my-3">
            Unable to load chat messages
          </Alert>
        }
      >
        <MessageList
          history={history.data}
          status={
            history.isPending ? (
              <LoadingSpinner text="Loading chat history..." />
            ) : loadFailed ? (
              <Alert variant="danger" className="my-3">
                <Alert.Heading as="h2" className="h5">
                  Failed to load chat history
                </Alert.Heading>
                <p className="mb-2">{errorMessage(history.error)}</p>
                <Button variant="danger" size="sm" onClick={() => void history.refetch()}>
                  Retry
                </Button>
              </Alert>
            ) : null
          }
          showEmptyState={history.isSuccess}
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

      <Composer inputRef={input} onSend={onSend} />
      <ClearConfirm
        show={confirming}
        onDone={() => setConfirming(false)}
        onExited={() => input.current?.focus()}
      />
    </section>
  )
}

/** An unknown conversation, or another person's (the server answers 404 for both). */
export function ConversationNotFound({ headerStart }: { headerStart?: ReactNode }) {
  return (
    <section className="chat-page" aria-labelledby="chat-title">
      <div className="chat-header d-flex flex-nowrap align-items-center gap-2 pb-2 border-bottom">
        {headerStart}
        <h1 id="chat-title" className="chat-title h3 mb-0 text-truncate">
          Chat with {BRAND}
        </h1>
      </div>
      <Alert variant="warning" className="my-3">
        <Alert.Heading as="h2" className="h5">
          Conversation not found
        </Alert.Heading>
        <p className="mb-2">The requested resource was not found.</p>
        <Link className="btn btn-primary btn-sm" to={paths.chat}>
          Back to your conversations
        </Link>
      </Alert>
    </section>
  )
}

/** The list shows the new message's time (and a new conversation's title) once an answer ends. */
function useRefreshListAfterSend(isSending: boolean) {
  const queryClient = useQueryClient()
  const was = useRef(isSending)
  useEffect(() => {
    const ended = was.current && !isSending
    was.current = isSending
    if (!ended) return
    void queryClient.invalidateQueries({ queryKey: conversationsBaseKey })
    // The model names a new conversation just after its first answer.
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: conversationsBaseKey }),
      TITLE_RECHECK_MS,
    )
    return () => window.clearTimeout(timer)
  }, [isSending, queryClient])
}

/** Who answers: the model's name, or the offline assistant. */
function AssistantBadge({ info }: { info: AssistantInfo | null }) {
  if (!info) return null
  return (
    <span
      className="badge rounded-pill bg-body-tertiary text-body border chat-model d-none d-sm-inline-block text-truncate"
      title="The assistant answering"
    >
      {info.model ?? 'Offline assistant'}
    </span>
  )
}

function ClearConfirm({
  show,
  onDone,
  onExited,
}: {
  show: boolean
  onDone: () => void
  onExited: () => void
}) {
  const clear = useClearChatHistory()
  const toast = useToast()
  return (
    <ConfirmModal
      show={show}
      title="Clear Chat History"
      message="This deletes every message of this conversation. It cannot be undone."
      confirmLabel="Clear"
      busy={clear.isPending}
      busyLabel="Clearing..."
      onConfirm={() =>
        clear.mutate(undefined, {
          onError: (error) => toast.error(errorMessage(error)),
          onSettled: onDone,
        })
      }
      onCancel={onDone}
      onExited={onExited}
    />
  )
}

/** Spec §2: the page itself does not scroll while the chat is open; the message list does. */
function useBodyScrollLock() {
  useEffect(() => {
    const { body } = document
    const previous = body.style.overflow
    body.style.overflow = 'hidden'
    return () => {
      body.style.overflow = previous
    }
  }, [])
}

/** The chat takes the rest of the viewport under the navigation bar, whatever that bar's height. */
export function useFillViewport() {
  const pageRef = useRef<HTMLElement>(null)
  const [offset, setOffset] = useState(0)
  useLayoutEffect(() => {
    // Arriving from a scrolled page would otherwise leave the chat shifted up under a locked body.
    if (window.scrollY > 0) window.scrollTo(0, 0)
    const measure = () => {
      const page = pageRef.current
      if (!page) return
      // The container's bottom padding stays visible below the composer.
      const below = page.parentElement
        ? parseFloat(getComputedStyle(page.parentElement).paddingBottom) || 0
        : 0
      setOffset(Math.round(page.getBoundingClientRect().top + window.scrollY + below))
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [])
  return { pageRef, height: `calc(100dvh - ${offset}px)` }
}
