import { useEffect, useState, type RefObject } from 'react'
import Button from 'react-bootstrap/Button'
import Offcanvas from 'react-bootstrap/Offcanvas'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { useChatStore } from '../store'
import { ChatPage } from './chat-page'
import { useFillViewport } from './chat-page-effects'
import { ConversationNotFound } from './conversation-not-found'
import { ConversationList } from './conversation-list'

/** Bootstrap's lg breakpoint: the list is a sidebar from here, a drawer below. */
const LG = 992

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * /chat and /chat/:conversationId: the conversation list beside the chat (a sidebar from the lg
 * breakpoint, a drawer below it) and the spec's chat screen as the view of one conversation. /chat
 * is the newest conversation (or an empty new one until the first message).
 */
export function ChatScreen() {
  const { t } = useTranslation()
  const { conversationId } = useParams()
  const [searchParams] = useSearchParams()
  const focusMessageId = searchParams.get('message')
  const [drawer, setDrawer] = useState(false)
  const shownId = useChatStore((s) => s.conversationId)
  const view = conversationId ?? null
  const { pageRef, height } = useFillViewport()

  const large = useMinWidth(LG)
  const list = <ConversationList activeId={view ?? shownId} onOpen={() => setDrawer(false)} />
  const toggle = large ? null : (
    <Button
      variant="outline-secondary"
      size="sm"
      aria-controls="chat-conversations"
      aria-expanded={drawer}
      onClick={() => setDrawer(true)}
    >
      {t('chat.page.conversations')}
    </Button>
  )
  return (
    <div
      ref={pageRef as RefObject<HTMLDivElement | null>}
      className="chat-screen d-flex gap-3"
      style={{ height }}
    >
      {large ? (
        <aside className="chat-sidebar h-100" aria-label={t('chat.page.conversations')}>
          {list}
        </aside>
      ) : (
        <Offcanvas
          id="chat-conversations"
          show={drawer}
          onHide={() => setDrawer(false)}
          placement="start"
          aria-label={t('chat.page.conversations')}
        >
          <Offcanvas.Header closeButton>
            <Offcanvas.Title as="h2" className="h5">
              {t('chat.page.conversations')}
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>{list}</Offcanvas.Body>
        </Offcanvas>
      )}
      <div className="chat-main flex-grow-1 min-w-0 h-100">
        {view !== null && !UUID.test(view) ? (
          <ConversationNotFound headerStart={toggle} />
        ) : (
          <ChatPage key={view ?? 'newest'} view={view} focusMessageId={focusMessageId} headerStart={toggle} />
        )}
      </div>
    </div>
  )
}

/** Whether the window is at least `px` wide, following resizes (no matchMedia, as in tests: wide). */
function useMinWidth(px: number): boolean {
  const query = `(min-width: ${px}px)`
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? true)
  useEffect(() => {
    const media = window.matchMedia?.(query)
    if (!media) return
    const onChange = () => setMatches(media.matches)
    onChange()
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [query])
  return matches
}
