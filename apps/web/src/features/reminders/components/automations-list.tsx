import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import ListGroup from 'react-bootstrap/ListGroup'
import { Link } from 'react-router'
import type { Automation, AutomationChannel } from '@remi/shared'
import { paths } from '../../../config/paths'
import { RetryAlert } from '../../../components/errors/retry-alert'
import { EmptyState } from '../../../components/ui/empty-state'
import { RemindersIcon } from '../../../components/ui/icons'
import { ConfirmModal } from '../../../components/ui/modal'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatDue } from '../../../lib/zoned-time'
import { useDeleteAutomation } from '../api/delete-automation'
import { useAutomations } from '../api/get-automations'
import { useRunAutomation } from '../api/run-automation'
import { useUpdateAutomation } from '../api/update-automation'
import { AutomationFormModal } from './automation-form-modal'

const CHANNEL_NAMES: Record<AutomationChannel, string> = { app: 'In the app', push: 'Push', email: 'E-mail' }

/** The line under an automation's prompt: its schedule in words, the next run (or Paused), the channels. */
export function automationWhen(automation: Automation, zone: string, now = new Date()): string {
  const schedule = automation.scheduleText[0]!.toUpperCase() + automation.scheduleText.slice(1)
  const next = automation.paused
    ? 'Paused'
    : automation.nextRunAt
      ? `Next ${formatDue(automation.nextRunAt, zone, now, true)}`
      : 'No run left'
  return [schedule, next, automation.channels.map((c) => CHANNEL_NAMES[c]).join(', ')].join(' · ')
}

/**
 * The reminders page's scheduled requests (issue 50): each with its schedule, next run and channels,
 * Pause or Resume, Run now, its answers (the conversation), Edit and Delete; and a new one by a form.
 */
export function AutomationsList({ zone }: { zone: string }) {
  const automations = useAutomations()
  const [deleting, setDeleting] = useState<Automation | null>(null)
  const [editing, setEditing] = useState<Automation | 'new' | null>(null)

  let body
  if (automations.isPending) body = <LoadingSpinner text="Loading automations..." />
  else if (automations.isError) {
    body = (
      <RetryAlert title="Unable to Load Automations" onRetry={() => void automations.refetch()}>
        <p>{errorMessage(automations.error)}</p>
      </RetryAlert>
    )
  } else if (automations.data.length === 0) {
    body = (
      <EmptyState icon={<RemindersIcon size={22} />} title="No automations yet." headingLevel={3}>
        Tell the chat “every Friday at 5pm summarise my week and send it to me”: Remi answers it at that time
        and sends you the answer.
      </EmptyState>
    )
  } else {
    body = (
      <ListGroup as="ul" aria-label="Automations">
        {automations.data.map((automation) => (
          <AutomationRow
            key={automation.id}
            automation={automation}
            zone={zone}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        ))}
      </ListGroup>
    )
  }

  return (
    <section className="mt-4" aria-labelledby="automations-heading">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h2 id="automations-heading" className="h4 mb-0">
          Automations
        </h2>
        <Button size="sm" variant="primary" onClick={() => setEditing('new')}>
          New Automation
        </Button>
      </div>
      {body}
      <AutomationFormModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        show={editing !== null}
        automation={editing === 'new' ? null : editing}
        zone={zone}
        onClose={() => setEditing(null)}
      />
      <DeleteAutomationModal automation={deleting} onClose={() => setDeleting(null)} />
    </section>
  )
}

function AutomationRow({
  automation,
  zone,
  onEdit,
  onDelete,
}: {
  automation: Automation
  zone: string
  onEdit: (automation: Automation) => void
  onDelete: (automation: Automation) => void
}) {
  const update = useUpdateAutomation()
  const run = useRunAutomation()
  const toast = useToast()
  const name = automation.prompt
  const failed = (error: unknown) => toast.error(errorMessage(error))
  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <div className="text-break me-auto">
        <div>{name}</div>
        <small className="text-body-secondary">{automationWhen(automation, zone)}</small>
      </div>
      <div className="d-flex flex-wrap gap-2">
        {automation.conversationId ? (
          <Link
            className="btn btn-sm btn-outline-secondary"
            to={`${paths.chat}/${automation.conversationId}`}
            aria-label={`Answers: ${name}`}
          >
            Answers
          </Link>
        ) : null}
        <Button
          size="sm"
          variant="outline-primary"
          aria-label={`Run now: ${name}`}
          disabled={run.isPending}
          onClick={() =>
            run.mutate(automation.id, { onSuccess: () => toast.info(`Running: ${name}`), onError: failed })
          }
        >
          {run.isPending ? 'Running...' : 'Run now'}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={`${automation.paused ? 'Resume' : 'Pause'}: ${name}`}
          disabled={update.isPending}
          onClick={() =>
            update.mutate({ id: automation.id, changes: { paused: !automation.paused } }, { onError: failed })
          }
        >
          {automation.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={`Edit: ${name}`}
          onClick={() => onEdit(automation)}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={`Delete: ${name}`}
          onClick={() => onDelete(automation)}
        >
          Delete
        </Button>
      </div>
    </ListGroup.Item>
  )
}

function DeleteAutomationModal({
  automation,
  onClose,
}: {
  automation: Automation | null
  onClose: () => void
}) {
  const remove = useDeleteAutomation()
  const close = () => {
    remove.reset()
    onClose()
  }
  return (
    <ConfirmModal
      show={automation !== null}
      title="Delete Automation"
      message={<p>Delete “{automation?.prompt}”? It will not run again; its answers stay in the chat.</p>}
      error={remove.isError ? remove.error : undefined}
      confirmLabel="Delete"
      busy={remove.isPending}
      busyLabel="Deleting..."
      onConfirm={() => automation && remove.mutate(automation.id, { onSuccess: close })}
      onCancel={close}
    />
  )
}
