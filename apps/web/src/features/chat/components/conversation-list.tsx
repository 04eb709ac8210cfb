import { CHAT_LIMITS } from '@remi/shared'
import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useDebounced } from '../../../lib/use-debounced'
import { useCreateConversation } from '../api/create-conversation'
import { conversationPath } from './conversation-links'
import { Conversations } from './conversations'
import { SearchResults } from './search-results'

/** As the memories' search box: a search runs once typing pauses. */
const SEARCH_DEBOUNCE_MS = 300

interface Props {
  /** The conversation on the screen, highlighted. */
  activeId: string | null
  /** A conversation was opened (the drawer closes on small screens). */
  onOpen?: () => void
}

/** 'New chat', a search over every message, and the conversations newest first, paged as the list scrolls. */
export function ConversationList({ activeId, onOpen }: Props) {
  const { t } = useTranslation()
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
    <nav className="chat-conversations d-flex flex-column h-100" aria-label={t('chat.page.conversations')}>
      <Button variant="primary" className="mb-2" onClick={startNew} disabled={create.isPending}>
        {create.isPending ? t('chat.list.starting') : t('chat.list.newChat')}
      </Button>
      <Form.Control
        type="search"
        size="sm"
        className="mb-2"
        placeholder={t('chat.list.searchPlaceholder')}
        aria-label={t('chat.list.searchLabel')}
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
