import { useState } from 'react'
import type { MemoryProposal } from '@remi/shared'
import Button from 'react-bootstrap/Button'
import { errorMessage } from '../../../lib/api-client'
import { useResolveProposal, useUndoProposal } from '../api/memory-proposals'

/** The chip's words: "Save: …" for a new fact, "Update: …" for one that changes a memory. */
export function chipLabel(proposal: MemoryProposal): string {
  return `${proposal.kind === 'update' ? 'Update' : 'Save'}: ${proposal.text ?? ''}`
}

/** What a chip says once done (pressed, or saved at once with auto-save on). */
export function doneLabel(proposal: MemoryProposal): string {
  return `${proposal.kind === 'update' ? 'Updated' : 'Saved'}: ${proposal.text ?? ''}`
}

/**
 * Facts the model picked out of the person's message, as chips under the answer: pressing one saves the
 * fact (or updates the memory it is about). Saved ones say so, with Undo.
 */
export function FactChips({ proposals }: { proposals: MemoryProposal[] }) {
  const shown = proposals.filter((p) => ['pending', 'applied', 'undone'].includes(p.status))
  if (shown.length === 0) return null
  return (
    <div className="d-flex flex-wrap gap-2 mt-2" role="group" aria-label="Facts to keep">
      {shown.map((p) => (
        <FactChip key={p.id} proposal={p} />
      ))}
    </div>
  )
}

function FactChip({ proposal }: { proposal: MemoryProposal }) {
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
          {chipLabel(proposal)}
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
        <span>Undone.</span>
      ) : (
        <>
          <span>{doneLabel(proposal)}</span>
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
              Undo
            </Button>
          ) : null}
        </>
      )}
      {failed}
    </span>
  )
}
