import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import ListGroup from 'react-bootstrap/ListGroup'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Automation } from '@remi/shared'
import { paths } from '../../../config/paths'
import { RetryAlert } from '../../../components/errors/retry-alert'
import { EmptyState } from '../../../components/ui/empty-state'
import { RemindersIcon } from '../../../components/ui/icons'
import { ConfirmModal } from '../../../components/ui/modal'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { i18n } from '../../../lib/i18n'
import { useDeleteAutomation } from '../api/delete-automation'
import { useAutomations } from '../api/get-automations'
import { useRunAutomation } from '../api/run-automation'
import { useUpdateAutomation } from '../api/update-automation'
import { formatDueIn } from '../lib/due'
import { AutomationFormModal } from './automation-form-modal'

/** The line under an automation's prompt: its schedule in words, the next run (or Paused), the channels. */
export function automationWhen(automation: Automation, zone: string, now = new Date()): string {
  const schedule = automation.scheduleText[0]!.toUpperCase() + automation.scheduleText.slice(1)
  const next = automation.paused
    ? i18n.t('reminders.automations.paused')
    : automation.nextRunAt
      ? i18n.t('reminders.automations.next', { when: formatDueIn(automation.nextRunAt, zone, now, true) })
      : i18n.t('reminders.automations.noRunLeft')
  const channels = automation.channels.map((c) => i18n.t(`reminders.automations.channels.${c}`)).join(', ')
  return [schedule, next, channels].join(' · ')
}

/**
 * The reminders page's scheduled requests (issue 50): each with its schedule, next run and channels,
 * Pause or Resume, Run now, its answers (the conversation), Edit and Delete; and a new one by a form.
 */
export function AutomationsList({ zone }: { zone: string }) {
  const { t } = useTranslation()
  const automations = useAutomations()
  const [deleting, setDeleting] = useState<Automation | null>(null)
  const [editing, setEditing] = useState<Automation | 'new' | null>(null)

  let body
  if (automations.isPending) body = <LoadingSpinner text={t('reminders.automations.loading')} />
  else if (automations.isError) {
    body = (
      <RetryAlert title={t('reminders.automations.loadFailed')} onRetry={() => void automations.refetch()}>
        <p>{errorMessage(automations.error)}</p>
      </RetryAlert>
    )
  } else if (automations.data.length === 0) {
    body = (
      <EmptyState
        icon={<RemindersIcon size={22} />}
        title={t('reminders.automations.emptyTitle')}
        headingLevel={3}
      >
        {t('reminders.automations.emptyText')}
      </EmptyState>
    )
  } else {
    body = (
      <ListGroup as="ul" aria-label={t('reminders.automations.listLabel')}>
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
          {t('reminders.automations.title')}
        </h2>
        <Button size="sm" variant="primary" onClick={() => setEditing('new')}>
          {t('reminders.automations.new')}
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
  const { t } = useTranslation()
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
            aria-label={t('reminders.automations.answersLabel', { name })}
          >
            {t('reminders.automations.answers')}
          </Link>
        ) : null}
        <Button
          size="sm"
          variant="outline-primary"
          aria-label={t('reminders.automations.runNowLabel', { name })}
          disabled={run.isPending}
          onClick={() =>
            run.mutate(automation.id, {
              onSuccess: () => toast.info(t('reminders.automations.runningToast', { name })),
              onError: failed,
            })
          }
        >
          {run.isPending ? t('reminders.automations.running') : t('reminders.automations.runNow')}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={
            automation.paused
              ? t('reminders.automations.resumeLabel', { name })
              : t('reminders.automations.pauseLabel', { name })
          }
          disabled={update.isPending}
          onClick={() =>
            update.mutate({ id: automation.id, changes: { paused: !automation.paused } }, { onError: failed })
          }
        >
          {automation.paused ? t('reminders.automations.resume') : t('reminders.automations.pause')}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={t('reminders.automations.editLabel', { name })}
          onClick={() => onEdit(automation)}
        >
          {t('reminders.automations.edit')}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={t('reminders.automations.deleteLabel', { name })}
          onClick={() => onDelete(automation)}
        >
          {t('reminders.automations.delete')}
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
  const { t } = useTranslation()
  const remove = useDeleteAutomation()
  const close = () => {
    remove.reset()
    onClose()
  }
  return (
    <ConfirmModal
      show={automation !== null}
      title={t('reminders.automations.deleteModal.title')}
      message={<p>{t('reminders.automations.deleteModal.message', { name: automation?.prompt ?? '' })}</p>}
      error={remove.isError ? remove.error : undefined}
      confirmLabel={t('reminders.automations.deleteModal.confirm')}
      busy={remove.isPending}
      busyLabel={t('reminders.automations.deleteModal.busy')}
      onConfirm={() => automation && remove.mutate(automation.id, { onSuccess: close })}
      onCancel={close}
    />
  )
}
