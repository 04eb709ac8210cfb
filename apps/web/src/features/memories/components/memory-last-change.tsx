import type { TFunction } from 'i18next'
import type { MemoryChange } from '@remi/shared'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { BRAND } from '../../../config/brand'
import { i18n } from '../../../lib/i18n'
import { useUndoMemoryChange } from '../api/undo-memory-change'
import { dateLocale } from '../lib/dates'

const dayMonth = (iso: string, timeZone: string) => {
  const options = { day: 'numeric', month: 'short' } as const
  try {
    return new Intl.DateTimeFormat(dateLocale('en-GB'), { ...options, timeZone }).format(new Date(iso))
  } catch {
    return new Intl.DateTimeFormat(dateLocale('en-GB'), options).format(new Date(iso))
  }
}

/** "Changed by Remi from a chat, 26 Nov" (saved, changed; by you, Remi or a token by its name). */
export function describeChange(change: MemoryChange, timeZone: string, t: TFunction = i18n.t): string {
  const by =
    change.by === 'assistant'
      ? 'assistant'
      : change.by === 'token'
        ? change.name
          ? 'token'
          : 'unnamed'
        : 'user'
  return t('memories.card.change', {
    action: change.action === 'created' ? 'created' : 'changed',
    by,
    brand: BRAND,
    name: change.name ?? '',
    date: dayMonth(change.at, timeZone),
  })
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
  const { t } = useTranslation()
  const undo = useUndoMemoryChange()
  return (
    <div
      className="d-flex align-items-center gap-2 small text-body-secondary mb-2"
      data-testid="memory-last-change"
    >
      <span>{describeChange(change, timeZone, t)}</span>
      <Button
        variant="link"
        size="sm"
        className="p-0"
        disabled={undo.isPending}
        onClick={() => undo.mutate(memoryId)}
      >
        {t('memories.card.undo')}
      </Button>
    </div>
  )
}
