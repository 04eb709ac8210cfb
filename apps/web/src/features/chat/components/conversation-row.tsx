import { CHAT_LIMITS, type ConversationSummary } from '@remi/shared'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PencilIcon, TrashIcon } from '../../../components/ui/icons'
import { errorMessage } from '../../../lib/api-client'
import { useRenameConversation } from '../api/rename-conversation'
import { conversationPath } from './conversation-links'
import { RelativeTime } from './relative-time'

/** One conversation: its title and last activity, with Rename and Delete. */
export function ConversationRow({
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
  const { t } = useTranslation()
  const [renaming, setRenaming] = useState(false)
  const title = conversation.title ?? t('chat.list.newChat')
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
        aria-label={t('chat.row.renameLabel', { title })}
        title={t('chat.row.rename')}
        onClick={() => setRenaming(true)}
      >
        <PencilIcon size={14} />
      </Button>
      <Button
        variant="link"
        size="sm"
        className="chat-conversation-action text-danger p-1"
        aria-label={t('chat.row.deleteLabel', { title })}
        title={t('chat.row.delete')}
        onClick={onDelete}
      >
        <TrashIcon size={14} />
      </Button>
    </li>
  )
}

/** Rename inline: Enter saves, Escape cancels; the server's refusal shows under the field. */
function RenameForm({ conversation, onDone }: { conversation: ConversationSummary; onDone: () => void }) {
  const { t } = useTranslation()
  const [value, setValue] = useState(conversation.title ?? '')
  const rename = useRenameConversation()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.select(), [])
  const trimmed = value.trim()
  const problem =
    trimmed.length === 0
      ? t('chat.row.titleEmpty')
      : trimmed.length > CHAT_LIMITS.titleMax
        ? t('chat.row.titleTooLong', { max: CHAT_LIMITS.titleMax })
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
          aria-label={t('chat.row.titleLabel')}
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
            {rename.isPending ? t('chat.row.saving') : t('chat.row.save')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={onDone} disabled={rename.isPending}>
            {t('chat.row.cancel')}
          </Button>
        </div>
      </Form>
    </li>
  )
}
