import type { ChatMessage } from '@remi/shared'
import { useEffect, useState, type ReactNode } from 'react'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { Markdown } from '../../../components/ui/markdown'
import { ReadAloudButton } from '../../../components/ui/read-aloud-button'
import { handsFree } from '../../../lib/hands-free'
import { BRAND } from '../../../config/brand'
import type { Draft, LocalAnswer, TemporaryMessage } from '../store'
import { ActivityNote, AnswerDetails } from './answer-details'
import { MessageFiles } from './message-files'
import { RelativeTime } from './relative-time'

interface BubbleProps {
  side: 'user' | 'assistant'
  failed?: boolean
  children: ReactNode
  meta?: ReactNode
  busy?: boolean
}

/** User messages on the right, the assistant's on the left with its name (spec §2). */
function Bubble({ side, failed = false, children, meta, busy }: BubbleProps) {
  const { t } = useTranslation()
  const classes = ['chat-bubble', `chat-bubble-${side}`, failed ? 'chat-bubble-failed' : ''].filter(Boolean)
  return (
    <div className={`chat-row chat-row-${side}`}>
      <article className={classes.join(' ')} aria-busy={busy || undefined}>
        {side === 'assistant' ? (
          <div className="chat-sender">{BRAND}</div>
        ) : (
          <div className="visually-hidden">{t('chat.messages.you')}</div>
        )}
        {children}
        {meta ? <div className="chat-meta">{meta}</div> : null}
      </article>
    </div>
  )
}

function UserText({ children }: { children: string }) {
  // What a person typed is shown as typed: no markdown, no HTML.
  return <p className="chat-user-text mb-0">{children}</p>
}

export function StoredMessage({
  message,
  now,
  actions,
}: {
  message: ChatMessage
  now: number
  actions?: ReactNode
}) {
  if (message.isUserMessage) {
    return (
      <Bubble side="user" meta={<RelativeTime iso={message.createdUtc} now={now} />}>
        <UserText>{message.content}</UserText>
        {message.attachments?.length ? <MessageFiles files={message.attachments} /> : null}
      </Bubble>
    )
  }
  return (
    <Bubble
      side="assistant"
      meta={
        <>
          <RelativeTime iso={message.createdUtc} now={now} />
          {message.stopped ? <Stopped /> : null}
        </>
      }
    >
      <Markdown>{message.content}</Markdown>
      <AnswerDetails citations={message.citations} activity={message.activity} content={message.content} />
      {actions}
    </Bubble>
  )
}

function Stopped() {
  const { t } = useTranslation()
  return <span className="chat-stopped">{t('chat.messages.stopped')}</span>
}

export function LocalAnswerMessage({ answer, actions }: { answer: LocalAnswer; actions?: ReactNode }) {
  return (
    <Bubble side="assistant" failed={Boolean(answer.error)} meta={answer.stopped ? <Stopped /> : null}>
      {answer.content ? <Markdown>{answer.content}</Markdown> : null}
      {answer.error ? <p className="chat-error mb-0">{answer.error}</p> : null}
      {actions}
    </Bubble>
  )
}

export function TemporaryChatMessage({
  message,
  onRetry,
  onEdit,
}: {
  message: TemporaryMessage
  onRetry: () => void
  onEdit: () => void
}) {
  const { t } = useTranslation()
  return (
    <Bubble
      side="user"
      failed={Boolean(message.error)}
      meta={message.isPending ? <span>{t('chat.messages.sending')}</span> : null}
    >
      <UserText>{message.content}</UserText>
      {message.error ? (
        <>
          <p className="chat-error mb-0 mt-1">{message.error}</p>
          <div className="d-flex gap-2 mt-1">
            <Button size="sm" variant="outline-danger" onClick={onRetry}>
              {t('chat.messages.tryAgain')}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={onEdit}>
              {t('chat.messages.edit')}
            </Button>
          </div>
        </>
      ) : null}
    </Bubble>
  )
}

/** The answer as it streams in; announced once complete (the stored copy replaces it). */
export function DraftMessage({ draft }: { draft: Draft }) {
  const running = draft.activity.filter((a) => a.running)
  return (
    <Bubble side="assistant" busy>
      <div data-testid="streaming-answer">
        <Markdown>{draft.text}</Markdown>
      </div>
      {running.length > 0 ? <ActivityNote activity={running} /> : null}
    </Bubble>
  )
}

/** Shown until the first token; says what the assistant is doing when it uses a tool. */
export function TypingIndicator({ draft }: { draft: Draft | null }) {
  const { t } = useTranslation()
  const doing = draft?.activity.findLast((a) => a.running)?.summary
  return (
    <div className="chat-row chat-row-assistant">
      <div className="chat-bubble chat-bubble-assistant chat-typing" role="status">
        <div className="chat-sender">{BRAND}</div>
        <span className="chat-typing-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className={doing ? 'small text-body-secondary ms-2' : 'visually-hidden'}>
          {doing ?? t('chat.messages.typing', { brand: BRAND })}
        </span>
      </div>
    </div>
  )
}

export function AnswerActions({
  content,
  createdAt,
  onRegenerate,
  regenerateLabel,
}: {
  content?: string
  /** A stored answer's time: the first one after a dictated message reads itself (hands-free). */
  createdAt?: string
  onRegenerate?: () => void
  regenerateLabel?: string
}) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const [readNow] = useState(() => createdAt !== undefined && handsFree.take(createdAt))
  useEffect(() => {
    if (copied === 'idle') return
    const timer = window.setTimeout(() => setCopied('idle'), 2000)
    return () => window.clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(content ?? '')
      setCopied('copied')
    } catch {
      setCopied('failed')
    }
  }
  if (!content && !onRegenerate) return null
  return (
    <div className="chat-actions d-flex flex-wrap gap-1 mt-2">
      {content ? (
        <Button size="sm" variant="outline-secondary" onClick={() => void copy()}>
          {copied === 'copied'
            ? t('chat.messages.copied')
            : copied === 'failed'
              ? t('chat.messages.copyFailed')
              : t('chat.messages.copy')}
        </Button>
      ) : null}
      {content ? <ReadAloudButton text={content} autoStart={readNow} /> : null}
      {onRegenerate ? (
        <Button size="sm" variant="outline-secondary" onClick={onRegenerate}>
          {regenerateLabel ?? t('chat.messages.regenerate')}
        </Button>
      ) : null}
    </div>
  )
}
