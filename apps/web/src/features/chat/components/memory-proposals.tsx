import type { TFunction } from 'i18next'
import { useState } from 'react'
import type { MemoryProposal } from '@remi/shared'
import Button from 'react-bootstrap/Button'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../lib/api-client'
import { useProposals, useResolveProposal, useUndoProposal } from '../api/memory-proposals'
import { useChatStore } from '../store'
import { FactChips } from './fact-chips'

type T = TFunction

/** The question a proposal asks, and its confirming button's label. */
function wording(p: MemoryProposal, t: T): { question: string; confirm: string } {
  const before = p.before ?? ''
  const text = p.text ?? ''
  if (p.kind === 'delete')
    return { question: t('chat.proposals.deleteQuestion', { before }), confirm: t('chat.proposals.delete') }
  if (p.kind === 'update')
    return {
      question: t('chat.proposals.changeQuestion', { before, text }),
      confirm: t('chat.proposals.apply'),
    }
  return { question: t('chat.proposals.saveQuestion', { text }), confirm: t('chat.proposals.saveAsMemory') }
}

/** What an applied proposal says. */
function done(kind: MemoryProposal['kind'], t: T): string {
  if (kind === 'delete') return t('chat.proposals.deleted')
  if (kind === 'update') return t('chat.proposals.changed')
  return t('chat.proposals.saved')
}

/**
 * Under the latest answer: cards for the changes it proposed (nothing changes until the person presses),
 * and chips for the facts the model picked out of the person's message.
 */
export function MemoryProposals({ answerId }: { answerId: string }) {
  const { t } = useTranslation()
  const conversationId = useChatStore((s) => s.conversationId)
  const { data } = useProposals(conversationId, answerId)
  const proposals = data?.proposals ?? []
  const cards = proposals.filter((p) => !p.extracted)
  const chips = proposals.filter((p) => p.extracted)
  if (proposals.length === 0) return null
  return (
    <>
      {cards.length > 0 ? (
        <div className="d-flex flex-column gap-2 mt-2" aria-label={t('chat.proposals.label')} role="group">
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
  const { t } = useTranslation()
  const [error, setError] = useState<string | null>(null)
  const { question, confirm } = wording(proposal, t)
  const busy = resolve.isPending || undo.isPending
  const act = (action: 'apply' | 'keep') => {
    setError(null)
    resolve.mutate({ id: proposal.id, action }, { onError: (e) => setError(errorMessage(e)) })
  }
  return (
    <div className="border rounded p-2 small bg-body-tertiary" data-testid="memory-proposal">
      <div className="mb-1">
        {proposal.status === 'pending'
          ? question
          : t('chat.proposals.quoted', { text: proposal.text ?? proposal.before ?? '' })}
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
            {t('chat.proposals.keep')}
          </Button>
        </div>
      ) : proposal.status === 'applied' ? (
        <div className="d-flex gap-2 align-items-center">
          <span>{done(proposal.kind, t)}</span>
          {proposal.memoryId && proposal.kind === 'create' ? (
            <Button
              size="sm"
              variant="link"
              className="p-0"
              disabled={busy}
              onClick={() => undo.mutate(proposal.id, { onError: (e) => setError(errorMessage(e)) })}
            >
              {t('chat.proposals.undo')}
            </Button>
          ) : null}
        </div>
      ) : proposal.status === 'undone' ? (
        <span>{t('chat.proposals.undone')}</span>
      ) : (
        <span>{t('chat.proposals.kept')}</span>
      )}
      {error ? (
        <div className="text-danger mt-1" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  )
}
