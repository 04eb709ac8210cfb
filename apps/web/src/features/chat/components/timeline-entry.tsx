import { useTranslation } from 'react-i18next'
import type { TimelineItem } from '../lib/history'
import type { TemporaryMessage } from '../store'
import { MemoryProposals } from './memory-proposals'
import { ToolCallCards } from './tool-call-cards'
import { AnswerActions, LocalAnswerMessage, StoredMessage, TemporaryChatMessage } from './message-item'

/** One entry of the message list: a stored message, a local answer (failed or stopped) or one being sent. */
export function TimelineEntry({
  item,
  now,
  isLastAnswer,
  onRegenerate,
  onResend,
  onEdit,
}: {
  item: TimelineItem
  now: number
  isLastAnswer: boolean
  onRegenerate: () => void
  onResend: (message: TemporaryMessage) => void
  onEdit: (message: TemporaryMessage) => void
}) {
  const { t } = useTranslation()
  switch (item.kind) {
    case 'stored':
      return (
        <StoredMessage
          message={item.message}
          now={now}
          actions={
            isLastAnswer ? (
              <>
                <AnswerActions
                  content={item.message.content}
                  createdAt={item.message.createdUtc}
                  onRegenerate={onRegenerate}
                />
                <MemoryProposals answerId={item.message.id} />
                <ToolCallCards answerId={item.message.id} activity={item.message.activity} />
              </>
            ) : null
          }
        />
      )
    case 'local':
      return (
        <LocalAnswerMessage
          answer={item.answer}
          actions={
            isLastAnswer ? (
              <AnswerActions
                content={item.answer.content}
                onRegenerate={item.answer.canRetry ? onRegenerate : undefined}
                regenerateLabel={t('chat.messages.tryAgain')}
              />
            ) : null
          }
        />
      )
    case 'temporary':
      return (
        <TemporaryChatMessage
          message={item.message}
          onRetry={() => onResend(item.message)}
          onEdit={() => onEdit(item.message)}
        />
      )
  }
}
