import { useState } from 'react'
import type { MemoryProposal } from '@remi/shared'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../lib/api-client'
import { useResolveProposal, useUndoProposal } from '../api/memory-proposals'

/**
 * Facts the model picked out of the person's message, as chips under the answer: pressing one saves the
 * fact (or updates the memory it is about). Saved ones say so, with Undo.
 */
export function FactChips({ proposals }: { proposals: MemoryProposal[] }) {
  const shown = proposals.filter((p) => ['pending', 'applied', 'undone'].includes(p.status))
  const { t } = useTranslation()
  if (shown.length === 0) return null
  return (
    <div className="d-flex flex-wrap gap-2 mt-2" role="group" aria-label={t('chat.facts.label')}>
      {shown.map((p) => (
        <FactChip key={p.id} proposal={p} />
      ))}
    </div>
  )
}

function FactChip({ proposal }: { proposal: MemoryProposal }) {
  const { t } = useTranslation()
  const text = proposal.text ?? ''
  const update = proposal.kind === 'update'
  const resolve = useResolveProposal()
  const undo = useUndoProposal()
  const [error, setError] = useState<string | null>(null)
  const failed = error ? (
    <span className="text-danger small" role="alert">
      {error}
    </span>
  ) : null

  if (proposal.status === 'pending') {
    return (
      <span className="d-inline-flex align-items-center gap-2" data-testid="fact-chip">
        <Button
          size="sm"
          variant="outline-primary"
          className="rounded-pill text-start"
          disabled={resolve.isPending}
          onClick={() => {
            setError(null)
            resolve.mutate(
              { id: proposal.id, action: 'apply' },
              { onError: (e) => setError(errorMessage(e)) },
            )
          }}
        >
          {/* "Save: …" for a new fact, "Update: …" for one that changes a memory. */}
          {update ? t('chat.facts.update', { text }) : t('chat.facts.save', { text })}
        </Button>
        {failed}
      </span>
    )
  }
  return (
    <span
      className="d-inline-flex align-items-center gap-2 border rounded-pill px-3 py-1 small bg-body-tertiary"
      data-testid="fact-chip"
    >
      {proposal.status === 'undone' ? (
        <span>{t('chat.facts.undone')}</span>
      ) : (
        <>
          {/* Done: pressed, or saved at once with auto-save on. */}
          <span>{update ? t('chat.facts.updated', { text }) : t('chat.facts.saved', { text })}</span>
          {proposal.memoryId ? (
            <Button
              size="sm"
              variant="link"
              className="p-0"
              disabled={undo.isPending}
              onClick={() => {
                setError(null)
                undo.mutate(proposal.id, { onError: (e) => setError(errorMessage(e)) })
              }}
            >
              {t('chat.facts.undo')}
            </Button>
          ) : null}
        </>
      )}
      {failed}
    </span>
  )
}
