import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorMessage } from '../../../lib/api-client'
import { screenLocale } from '../../../lib/i18n'
import { useConversations } from '../api/get-conversations'
import { plainText } from '../lib/plain-text'
import { conversationPath } from './conversation-links'
import { ListSpinner, LoadMore, useLoadMoreWhenVisible } from './list-paging'

/** A matching message's day, as the screen's language writes it ('Nov 22, 2026'; '22/11/2026' in pt-PT). */
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat(screenLocale(), { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(iso),
  )

/** The conversations whose messages match `term`, each with the matching words marked. */
export function SearchResults({ term, onOpen }: { term: string; onOpen?: (() => void) | undefined }) {
  const { t } = useTranslation()
  const results = useConversations(term)
  const sentinel = useLoadMoreWhenVisible(
    results.hasNextPage && !results.isFetchingNextPage && !results.isFetchNextPageError,
    () => void results.fetchNextPage(),
  )
  if (results.isPending) return <ListSpinner text={t('chat.list.searching')} />
  if (results.isError && !results.data) {
    return (
      <Alert variant="danger" className="small p-2">
        <p className="mb-2">{errorMessage(results.error)}</p>
        <Button variant="danger" size="sm" onClick={() => void results.refetch()}>
          {t('chat.list.retry')}
        </Button>
      </Alert>
    )
  }
  const items = results.data.pages.flatMap((page) => page.items)
  if (items.length === 0) {
    return <p className="text-body-secondary small px-1">{t('chat.list.noMatch', { term })}</p>
  }
  return (
    <div className="chat-conversations-scroll flex-grow-1">
      <ul className="list-unstyled mb-0" aria-label={t('chat.list.results')}>
        {items.map((hit) => (
          <li key={hit.id} className="chat-conversation chat-search-result">
            <Link
              to={conversationPath(hit.id, hit.snippet?.messageId)}
              className="chat-conversation-link d-block text-reset text-decoration-none"
              onClick={onOpen}
            >
              <span className="d-flex justify-content-between gap-2">
                <span className="chat-conversation-title text-truncate">
                  {hit.title ?? t('chat.list.newChat')}
                </span>
                {hit.snippet ? (
                  <time className="small text-body-secondary text-nowrap" dateTime={hit.snippet.createdUtc}>
                    {dayOf(hit.snippet.createdUtc)}
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
