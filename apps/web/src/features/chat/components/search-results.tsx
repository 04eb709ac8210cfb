import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { Link } from 'react-router'
import { errorMessage } from '../../../lib/api-client'
import { useConversations } from '../api/get-conversations'
import { plainText } from '../lib/plain-text'
import { conversationPath, UNTITLED } from './conversation-links'
import { ListSpinner, LoadMore, useLoadMoreWhenVisible } from './list-paging'

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** The conversations whose messages match `term`, each with the matching words marked. */
export function SearchResults({ term, onOpen }: { term: string; onOpen?: (() => void) | undefined }) {
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
