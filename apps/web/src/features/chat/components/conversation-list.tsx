import { CHAT_LIMITS, type ConversationSummary } from '@remi/shared'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { Link, useNavigate } from 'react-router'
import { PencilIcon, TrashIcon } from '../../../components/ui/icons'
import { ConfirmModal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { paths } from '../../../config/paths'
import { errorMessage } from '../../../lib/api-client'
import { useCreateConversation } from '../api/create-conversation'
import { useDeleteConversation } from '../api/delete-conversation'
import { useConversations } from '../api/get-conversations'
import { useRenameConversation } from '../api/rename-conversation'
import { useChatStore } from '../store'
import { RelativeTime } from './relative-time'
import { plainText } from '../lib/plain-text'

/** As the memories' search box: a search runs once typing pauses. */
const SEARCH_DEBOUNCE_MS = 300
/** An untitled conversation (empty, or cleared). */
export const UNTITLED = 'New chat'

export const conversationPath = (id: string, messageId?: string) =>
  `${paths.chat}/${id}${messageId ? `?message=${encodeURIComponent(messageId)}` : ''}`

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

interface Props {
  /** The conversation on the screen, highlighted. */
  activeId: string | null
  /** A conversation was opened (the drawer closes on small screens). */
  onOpen?: () => void
}

/** 'New chat', a search over every message, and the conversations newest first, paged as the list scrolls. */
export function ConversationList({ activeId, onOpen }: Props) {
  const [search, setSearch] = useState('')
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS)
  const navigate = useNavigate()
  const create = useCreateConversation()
  const toast = useToast()

  const startNew = () =>
    create.mutate(undefined, {
      onSuccess: (conversation) => {
        onOpen?.()
        void navigate(conversationPath(conversation.id))
      },
      onError: (error) => toast.error(errorMessage(error)),
    })

  return (
    <nav className="chat-conversations d-flex flex-column h-100" aria-label="Conversations">
      <Button variant="primary" className="mb-2" onClick={startNew} disabled={create.isPending}>
        {create.isPending ? 'Starting...' : 'New chat'}
      </Button>
      <Form.Control
        type="search"
        size="sm"
        className="mb-2"
        placeholder="Search messages"
        aria-label="Search conversations"
        value={search}
        maxLength={CHAT_LIMITS.searchMax}
        onChange={(event) => setSearch(event.target.value)}
      />
      {term ? (
        <SearchResults term={term} onOpen={onOpen} />
      ) : (
        <Conversations activeId={activeId} onOpen={onOpen} />
      )}
    </nav>
  )
}

function Conversations({ activeId, onOpen }: Props) {
  const list = useConversations()
  const now = useNow(60_000)
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null)
  const sentinel = useLoadMoreWhenVisible(
    list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError,
    () => void list.fetchNextPage(),
  )

  if (list.isPending) return <ListSpinner text="Loading conversations..." />
  if (list.isError && !list.data) {
    return (
      <Alert variant="danger" className="small p-2">
        <p className="mb-2">Failed to load conversations</p>
        <Button variant="danger" size="sm" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </Alert>
    )
  }
  const items = list.data.pages.flatMap((page) => page.items)
  if (items.length === 0) return <p className="text-body-secondary small px-1">No conversations yet.</p>
  return (
    <div className="chat-conversations-scroll flex-grow-1">
      <ul className="list-unstyled mb-0">
        {items.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            active={conversation.id === activeId}
            now={now}
            onOpen={onOpen}
            onDelete={() => setDeleting(conversation)}
          />
        ))}
      </ul>
      <LoadMore
        sentinel={sentinel}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onMore={() => void list.fetchNextPage()}
      />
      <DeleteConfirm conversation={deleting} activeId={activeId} onDone={() => setDeleting(null)} />
    </div>
  )
}

function ConversationRow({
  conversation,
  active,
  now,
  onOpen,
  onDelete,
}: {
  conversation: ConversationSummary
  active: boolean
  now: number
  onOpen?: (() => void) | undefined
  onDelete: () => void
}) {
  const [renaming, setRenaming] = useState(false)
  const title = conversation.title ?? UNTITLED
  if (renaming) return <RenameForm conversation={conversation} onDone={() => setRenaming(false)} />
  return (
    <li className={`chat-conversation d-flex align-items-center gap-1 ${active ? 'active' : ''}`}>
      <Link
        to={conversationPath(conversation.id)}
        className="chat-conversation-link flex-grow-1 text-reset text-decoration-none"
        aria-current={active ? 'page' : undefined}
        onClick={onOpen}
      >
        <span className="chat-conversation-title d-block text-truncate">{title}</span>
        <small className="text-body-secondary">
          <RelativeTime iso={conversation.lastMessageAt ?? conversation.createdAt} now={now} />
        </small>
      </Link>
      <Button
        variant="link"
        size="sm"
        className="chat-conversation-action text-body-secondary p-1"
        aria-label={`Rename ${title}`}
        title="Rename"
        onClick={() => setRenaming(true)}
      >
        <PencilIcon size={14} />
      </Button>
      <Button
        variant="link"
        size="sm"
        className="chat-conversation-action text-danger p-1"
        aria-label={`Delete ${title}`}
        title="Delete"
        onClick={onDelete}
      >
        <TrashIcon size={14} />
      </Button>
    </li>
  )
}

/** Rename inline: Enter saves, Escape cancels; the server's refusal shows under the field. */
function RenameForm({ conversation, onDone }: { conversation: ConversationSummary; onDone: () => void }) {
  const [value, setValue] = useState(conversation.title ?? '')
  const rename = useRenameConversation()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.select(), [])
  const trimmed = value.trim()
  const problem =
    trimmed.length === 0
      ? 'A title needs at least one character.'
      : trimmed.length > CHAT_LIMITS.titleMax
        ? `A title has at most ${CHAT_LIMITS.titleMax} characters.`
        : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problem || rename.isPending) return
    rename.mutate({ id: conversation.id, title: trimmed }, { onSuccess: onDone })
  }
  return (
    <li className="chat-conversation py-1">
      <Form onSubmit={submit} noValidate>
        <Form.Control
          ref={input}
          size="sm"
          aria-label="Conversation title"
          value={value}
          isInvalid={Boolean(problem) || rename.isError}
          disabled={rename.isPending}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation()
              onDone()
            }
          }}
        />
        <Form.Control.Feedback type="invalid">
          {problem ?? (rename.isError ? errorMessage(rename.error) : null)}
        </Form.Control.Feedback>
        <div className="d-flex gap-1 mt-1">
          <Button type="submit" size="sm" disabled={Boolean(problem) || rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={onDone} disabled={rename.isPending}>
            Cancel
          </Button>
        </div>
      </Form>
    </li>
  )
}

/** The spec's delete confirmation: buttons disabled and 'Deleting...' while it runs. */
function DeleteConfirm({
  conversation,
  activeId,
  onDone,
}: {
  conversation: ConversationSummary | null
  activeId: string | null
  onDone: () => void
}) {
  const remove = useDeleteConversation()
  const navigate = useNavigate()
  const toast = useToast()
  // The title stays in the dialog while it closes.
  const [shown, setShown] = useState<ConversationSummary | null>(conversation)
  if (conversation && conversation !== shown) setShown(conversation)
  return (
    <ConfirmModal
      show={conversation !== null}
      title="Delete Conversation"
      message={`Delete “${shown?.title ?? UNTITLED}” and all its messages? This cannot be undone.`}
      confirmLabel="Delete"
      busy={remove.isPending}
      busyLabel="Deleting..."
      onConfirm={() => {
        if (!conversation) return
        remove.mutate(conversation.id, {
          onSuccess: () => {
            if (conversation.id === activeId) {
              useChatStore.getState().clearConversation()
              void navigate(paths.chat)
            }
          },
          onError: (error) => toast.error(errorMessage(error)),
          onSettled: onDone,
        })
      }}
      onCancel={onDone}
    />
  )
}

function SearchResults({ term, onOpen }: { term: string; onOpen?: (() => void) | undefined }) {
  const results = useConversations(term)
  const sentinel = useLoadMoreWhenVisible(
    results.hasNextPage && !results.isFetchingNextPage && !results.isFetchNextPageError,
    () => void results.fetchNextPage(),
  )
  if (results.isPending) return <ListSpinner text="Searching..." />
  if (results.isError && !results.data) {
    return (
      <Alert variant="danger" className="small p-2">
        <p className="mb-2">{errorMessage(results.error)}</p>
        <Button variant="danger" size="sm" onClick={() => void results.refetch()}>
          Retry
        </Button>
      </Alert>
    )
  }
  const items = results.data.pages.flatMap((page) => page.items)
  if (items.length === 0) {
    return <p className="text-body-secondary small px-1">No messages match “{term}”.</p>
  }
  return (
    <div className="chat-conversations-scroll flex-grow-1">
      <ul className="list-unstyled mb-0" aria-label="Search results">
        {items.map((hit) => (
          <li key={hit.id} className="chat-conversation chat-search-result">
            <Link
              to={conversationPath(hit.id, hit.snippet?.messageId)}
              className="chat-conversation-link d-block text-reset text-decoration-none"
              onClick={onOpen}
            >
              <span className="d-flex justify-content-between gap-2">
                <span className="chat-conversation-title text-truncate">{hit.title ?? UNTITLED}</span>
                {hit.snippet ? (
                  <time className="small text-body-secondary text-nowrap" dateTime={hit.snippet.createdUtc}>
                    {dayFormat.format(new Date(hit.snippet.createdUtc))}
                  </time>
                ) : null}
              </span>
              {hit.snippet ? (
                <small className="chat-snippet d-block text-body-secondary">
                  {hit.snippet.parts.map((part, index) =>
                    part.match ? (
                      <mark key={index}>{plainText(part.text)}</mark>
                    ) : (
                      <span key={index}>{plainText(part.text)}</span>
                    ),
                  )}
                </small>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore
        sentinel={sentinel}
        hasMore={results.hasNextPage}
        loading={results.isFetchingNextPage}
        failed={results.isFetchNextPageError}
        onMore={() => void results.fetchNextPage()}
      />
    </div>
  )
}

function ListSpinner({ text }: { text: string }) {
  return (
    <div className="d-flex align-items-center gap-2 small text-body-secondary px-1" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {text}
    </div>
  )
}

/** The end of the list: it loads the next page when scrolled into view; the button is for keyboards. */
function LoadMore({
  sentinel,
  hasMore,
  loading,
  failed,
  onMore,
}: {
  sentinel: (node: HTMLElement | null) => void
  hasMore: boolean
  loading: boolean
  failed: boolean
  onMore: () => void
}) {
  if (!hasMore && !loading) return null
  return (
    <div ref={sentinel} className="text-center py-2">
      {loading ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading more conversations...</span>
        </Spinner>
      ) : (
        <>
          {failed ? <span className="small text-danger d-block">More could not be loaded.</span> : null}
          <Button variant="link" size="sm" onClick={onMore}>
            Load more conversations
          </Button>
        </>
      )}
    </div>
  )
}

/** Calls `load` whenever the returned ref's element scrolls into view and `enabled` holds. */
function useLoadMoreWhenVisible(enabled: boolean, load: () => void) {
  const [node, setNode] = useState<HTMLElement | null>(null)
  const latest = useRef(load)
  useEffect(() => {
    latest.current = load
  })
  useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current()
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [node, enabled])
  return setNode
}

/** Re-renders every `ms` so the times move on. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms)
    return () => window.clearInterval(timer)
  }, [ms])
  return now
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms)
    return () => window.clearTimeout(timer)
  }, [value, ms])
  return settled
}
