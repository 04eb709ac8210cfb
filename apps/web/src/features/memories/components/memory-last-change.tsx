import type { MemoryChange } from '@remi/shared'
import Button from 'react-bootstrap/Button'
import { BRAND } from '../../../config/brand'
import { useUndoMemoryChange } from '../api/undo-memory-change'

const dayMonth = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }).format(new Date(iso))

/** "Changed by Remi from a chat, 26 Nov" (saved, changed; by you, Remi or a token by its name). */
export function describeChange(change: MemoryChange, timeZone: string): string {
  const who =
    change.by === 'assistant'
      ? `${BRAND} from a chat`
      : change.by === 'token'
        ? `${change.name ?? 'an access token'}`
        : 'you'
  const what = change.action === 'created' ? 'Saved' : 'Changed'
  return `${what} by ${who}, ${dayMonth(change.at, timeZone)}`
}

/** A change worth a line on the card: anything but the person's own saving of it. */
export const showsChange = (change: MemoryChange | null | undefined): change is MemoryChange =>
  Boolean(change && !(change.by === 'user' && change.action === 'created'))

/** The card's last change with Undo (30 days). */
export function MemoryLastChange({
  memoryId,
  change,
  timeZone,
}: {
  memoryId: string
  change: MemoryChange
  timeZone: string
}) {
  const undo = useUndoMemoryChange()
  return (
    <div
      className="d-flex align-items-center gap-2 small text-body-secondary mb-2"
      data-testid="memory-last-change"
    >
      <span>{describeChange(change, timeZone)}</span>
      <Button
        variant="link"
        size="sm"
        className="p-0"
        disabled={undo.isPending}
        onClick={() => undo.mutate(memoryId)}
      >
        Undo
      </Button>
    </div>
  )
}
