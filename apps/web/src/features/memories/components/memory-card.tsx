import { useState } from 'react'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import { useTranslation } from 'react-i18next'
import { LockIcon, PencilIcon, TrashIcon } from '../../../components/ui/icons'
import type { MemoryItem } from '../api/get-memories'
import { formatMemoryDate } from '../lib/dates'
import { truncateText } from '../lib/text'
import { MemoryAttachments } from './memory-attachments'
import { MemoryLastChange, showsChange } from './memory-last-change'
import { MemoryText } from './memory-text'

interface MemoryCardProps {
  memory: MemoryItem
  timeZone: string
  onEdit(memory: MemoryItem): void
  onDelete(memory: MemoryItem): void
  /** In the virtualized grid every card has the row's height; long texts scroll inside it. */
  fixedHeight?: number
}

export function MemoryCard({ memory, timeZone, onEdit, onDelete, fixedHeight }: MemoryCardProps) {
  const { t } = useTranslation()
  const [expanded, setExpanded] = useState(false)
  const short = truncateText(memory.text)
  return (
    <Card
      className="h-100 shadow-sm"
      data-testid="memory-card"
      style={fixedHeight ? { height: fixedHeight } : undefined}
    >
      <Card.Body className="d-flex flex-column" style={fixedHeight ? { overflowY: 'auto' } : undefined}>
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <small className="text-body-secondary">
            {memory.private ? (
              <span
                className="me-1"
                role="img"
                aria-label={t('memories.card.private')}
                title={t('memories.card.privateTitle')}
                data-testid="memory-private-lock"
              >
                <LockIcon size={12} />
              </span>
            ) : null}
            {formatMemoryDate(memory.date ?? memory.createdAt, timeZone, t)}
          </small>
          <div className="d-flex gap-1">
            <Button
              variant="outline-secondary"
              size="sm"
              aria-label={t('memories.card.edit')}
              onClick={() => onEdit(memory)}
            >
              <PencilIcon size={14} />
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              aria-label={t('memories.card.delete')}
              onClick={() => onDelete(memory)}
            >
              <TrashIcon size={14} />
            </Button>
          </div>
        </div>
        <Card.Text as="div" className="mb-2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <MemoryText text={expanded ? memory.text : short.text} />
        </Card.Text>
        {short.truncated ? (
          <Button
            variant="link"
            size="sm"
            className="p-0 align-self-start mb-2"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? t('memories.card.showLess') : t('memories.card.showMore')}
          </Button>
        ) : null}
        <MemoryAttachments files={memory.attachments ?? []} />
        {showsChange(memory.lastChange) ? (
          <MemoryLastChange memoryId={memory.id} change={memory.lastChange} timeZone={timeZone} />
        ) : null}
        {memory.tags.length ? (
          <div className="d-flex flex-wrap gap-1 mt-auto">
            {memory.tags.map((tag) => (
              <Badge key={tag} bg="secondary" className="fw-normal">
                {tag}
              </Badge>
            ))}
          </div>
        ) : null}
      </Card.Body>
    </Card>
  )
}
