import { useState } from 'react'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import type { MemoryItem } from '../api/get-memories'
import { formatMemoryDate } from '../lib/dates'
import { truncateText } from '../lib/text'
import { MemoryLastChange, showsChange } from './memory-last-change'

interface MemoryCardProps {
  memory: MemoryItem
  timeZone: string
  onEdit(memory: MemoryItem): void
  onDelete(memory: MemoryItem): void
  /** In the virtualized grid every card has the row's height; long texts scroll inside it. */
  fixedHeight?: number
}

export function MemoryCard({ memory, timeZone, onEdit, onDelete, fixedHeight }: MemoryCardProps) {
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
                aria-label="Private memory"
                title="Private: never shown to an AI model"
                data-testid="memory-private-lock"
              >
                <LockIcon />
              </span>
            ) : null}
            {formatMemoryDate(memory.date ?? memory.createdAt, timeZone)}
          </small>
          <div className="d-flex gap-1">
            <Button
              variant="outline-secondary"
              size="sm"
              aria-label="Edit memory"
              onClick={() => onEdit(memory)}
            >
              <PencilIcon />
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              aria-label="Delete memory"
              onClick={() => onDelete(memory)}
            >
              <TrashIcon />
            </Button>
          </div>
        </div>
        <Card.Text className="mb-2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {expanded ? memory.text : short.text}
        </Card.Text>
        {short.truncated ? (
          <Button
            variant="link"
            size="sm"
            className="p-0 align-self-start mb-2"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? 'Show less' : 'Show more'}
          </Button>
        ) : null}
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

// Drawn inline: an emoji or icon font may be missing on the machine (Bootstrap Icons paths, MIT).
function PencilIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M12.146.146a.5.5 0 0 1 .708 0l3 3a.5.5 0 0 1 0 .708l-10 10a.5.5 0 0 1-.168.11l-5 2a.5.5 0 0 1-.65-.65l2-5a.5.5 0 0 1 .11-.168zM11.207 2.5 13.5 4.793 14.793 3.5 12.5 1.207zm1.586 3L10.5 3.207 4 9.707V10h.5a.5.5 0 0 1 .5.5v.5h.5a.5.5 0 0 1 .5.5v.5h.293zm-9.761 5.175-.106.106-1.528 3.821 3.821-1.528.106-.106A.5.5 0 0 1 5 12.5V12h-.5a.5.5 0 0 1-.5-.5V11h-.5a.5.5 0 0 1-.468-.325" />
    </svg>
  )
}

function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M8 1a2 2 0 0 1 2 2v4H6V3a2 2 0 0 1 2-2m3 6V3a3 3 0 0 0-6 0v4a2 2 0 0 0-2 2v5a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2" />
    </svg>
  )
}

function TrashIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0z" />
      <path d="M14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.118 4 4 4.059V13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.059L11.882 4zM2.5 3h11V2h-11z" />
    </svg>
  )
}
