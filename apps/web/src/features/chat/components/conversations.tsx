import type { ConversationSummary } from '@remi/shared'
import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { useNow } from '../../../lib/use-now'
import { useConversations } from '../api/get-conversations'
import { ConversationRow } from './conversation-row'
import { DeleteConversationConfirm } from './delete-conversation-confirm'
import { ListSpinner, LoadMore, useLoadMoreWhenVisible } from './list-paging'

interface Props {
  /** The conversation on the screen, highlighted. */
  activeId: string | null
  /** A conversation was opened (the drawer closes on small screens). */
  onOpen?: () => void
}

/** The conversations newest first, paged as the list scrolls. */
export function Conversations({ activeId, onOpen }: Props) {
  const { t } = useTranslation()
  const list = useConversations()
  const now = useNow(60_000)
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null)
  const sentinel = useLoadMoreWhenVisible(
    list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError,
    () => void list.fetchNextPage(),
  )

  if (list.isPending) return <ListSpinner text={t('chat.list.loading')} />
  if (list.isError && !list.data) {
    return (
      <Alert variant="danger" className="small p-2">
        <p className="mb-2">{t('chat.list.loadFailed')}</p>
        <Button variant="danger" size="sm" onClick={() => void list.refetch()}>
          {t('chat.list.retry')}
        </Button>
      </Alert>
    )
  }
  const items = list.data.pages.flatMap((page) => page.items)
  if (items.length === 0) return <p className="text-body-secondary small px-1">{t('chat.list.empty')}</p>
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
      <DeleteConversationConfirm
        conversation={deleting}
        activeId={activeId}
        onDone={() => setDeleting(null)}
      />
    </div>
  )
}
