import { useState } from 'react'
import type { MemoryProposal } from '@remi/shared'
import Button from 'react-bootstrap/Button'
import { errorMessage } from '../../../lib/api-client'
import { useProposals, useResolveProposal, useUndoProposal } from '../api/memory-proposals'
import { useChatStore } from '../store'
import { FactChips } from './fact-chips'

const quoted = (text: string | null) => `“${text ?? ''}”`

/** The question a proposal asks, and its confirming button's label. */
function wording(p: MemoryProposal): { question: string; confirm: string } {
  if (p.kind === 'delete') return { question: `Delete ${quoted(p.before)}?`, confirm: 'Delete' }
  if (p.kind === 'update')
    return { question: `Change ${quoted(p.before)} to ${quoted(p.text)}?`, confirm: 'Apply' }
  return { question: `Save: ${p.text ?? ''}`, confirm: 'Save as memory' }
}

const DONE: Record<MemoryProposal['kind'], string> = {
  create: 'Saved.',
  update: 'Changed.',
  delete: 'Deleted.',
}

/**
 * Under the latest answer: cards for the changes it proposed (nothing changes until the person presses),
 * and chips for the facts the model picked out of the person's message.
 */
export function MemoryProposals({ answerId }: { answerId: string }) {
  const conversationId = useChatStore((s) => s.conversationId)
  const { data } = useProposals(conversationId, answerId)
  const proposals = data?.proposals ?? []
  const cards = proposals.filter((p) => !p.extracted)
  const chips = proposals.filter((p) => p.extracted)
  if (proposals.length === 0) return null
  return (
    <>
      {cards.length > 0 ? (
        <div className="d-flex flex-column gap-2 mt-2" aria-label="Proposed changes to memories" role="group">
          {cards.map((p) => (
            <ProposalCard key={p.id} proposal={p} />
          ))}
        </div>
      ) : null}
      <FactChips proposals={chips} />
    </>
  )
}

function ProposalCard({ proposal }: { proposal: MemoryProposal }) {
  const resolve = useResolveProposal()
  const undo = useUndoProposal()
  const [error, setError] = useState<string | null>(null)
  const { question, confirm } = wording(proposal)
  const busy = resolve.isPending || undo.isPending
  const act = (action: 'apply' | 'keep') => {
    setError(null)
    resolve.mutate({ id: proposal.id, action }, { onError: (e) => setError(errorMessage(e)) })
  }
  return (
    <div className="border rounded p-2 small bg-body-tertiary" data-testid="memory-proposal">
      <div className="mb-1">
        {proposal.status === 'pending' ? question : quoted(proposal.text ?? proposal.before)}
      </div>
      {proposal.status === 'pending' ? (
        <div className="d-flex gap-2">
          <Button
            size="sm"
            variant={proposal.kind === 'delete' ? 'danger' : 'primary'}
            disabled={busy}
            onClick={() => act('apply')}
          >
            {confirm}
          </Button>
          <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => act('keep')}>
            Keep
          </Button>
        </div>
      ) : proposal.status === 'applied' ? (
        <div className="d-flex gap-2 align-items-center">
          <span>{DONE[proposal.kind]}</span>
          {proposal.memoryId && proposal.kind === 'create' ? (
            <Button
              size="sm"
              variant="link"
              className="p-0"
              disabled={busy}
              onClick={() => undo.mutate(proposal.id, { onError: (e) => setError(errorMessage(e)) })}
            >
              Undo
            </Button>
          ) : null}
        </div>
      ) : proposal.status === 'undone' ? (
        <span>Undone.</span>
      ) : (
        <span>Kept as it was.</span>
      )}
      {error ? (
        <div className="text-danger mt-1" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  )
}
