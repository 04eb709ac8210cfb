import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import ListGroup from 'react-bootstrap/ListGroup'
import Nav from 'react-bootstrap/Nav'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import type { Reminder, ReminderStatus } from '@remi/shared'
import { paths } from '../../../config/paths'
import { ConfirmModal } from '../../../components/ui/modal'
import { RetryAlert } from '../../../components/errors/retry-alert'
import { LoadingSpinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useUserTimeZone } from '../../../lib/zoned-time'
import { useDeleteReminder } from '../api/delete-reminder'
import { useReminders } from '../api/get-reminders'
import { useUpdateReminder } from '../api/update-reminder'
import { AutomationsList } from './automations-list'
import { ReminderActions } from './reminder-actions'
import { ReminderFormModal } from './reminder-form-modal'
import { ReminderRow } from './reminder-row'
import { EmptyState } from '../../../components/ui/empty-state'
import { RemindersIcon } from '../../../components/ui/icons'

// Their words are the `reminders.tabs`, `reminders.listLabel` and `reminders.empty` texts, by key.
const tabs = [
  { key: 'upcoming', status: 'scheduled' },
  { key: 'sent', status: 'sent' },
  { key: 'done', status: 'done' },
] as const satisfies { key: string; status: ReminderStatus }[]
type Tab = (typeof tabs)[number]

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; reminder: Reminder }
  | { kind: 'cancel'; reminder: Reminder }
  | { kind: 'delete'; reminder: Reminder }

/** /reminders: upcoming, sent and done, each with what can be done to it (edit, cancel, done, snooze). */
export function RemindersPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const tab = tabs.find((item) => item.key === params.get('tab')) ?? tabs[0]
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const zone = useUserTimeZone()
  const close = () => setDialog(null)

  return (
    <div className="reminders-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="mb-0">{t('reminders.title')}</h1>
        <Button variant="primary" onClick={() => setDialog({ kind: 'create' })}>
          {t('reminders.add')}
        </Button>
      </div>
      <Nav variant="tabs" className="mb-3" as="nav" aria-label={t('reminders.tabsLabel')}>
        {tabs.map((item) => (
          <Nav.Item key={item.key}>
            <Nav.Link
              as={Link}
              to={item.key === 'upcoming' ? paths.reminders : `${paths.reminders}?tab=${item.key}`}
              active={item.key === tab.key}
              aria-current={item.key === tab.key ? 'page' : undefined}
            >
              {t(`reminders.tabs.${item.key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <ReminderList key={tab.key} tab={tab} zone={zone} onOpen={setDialog} />
      <AutomationsList zone={zone} />

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <ReminderFormModal
          key={dialog.kind === 'edit' ? dialog.reminder.id : 'new'}
          show
          reminder={dialog.kind === 'edit' ? dialog.reminder : null}
          zone={zone}
          onClose={close}
        />
      ) : null}
      <CancelModal reminder={dialog?.kind === 'cancel' ? dialog.reminder : null} onClose={close} />
      <DeleteModal reminder={dialog?.kind === 'delete' ? dialog.reminder : null} onClose={close} />
    </div>
  )
}

function ReminderList({ tab, zone, onOpen }: { tab: Tab; zone: string; onOpen: (d: Dialog) => void }) {
  const { t } = useTranslation()
  const reminders = useReminders({ status: tab.status })
  if (reminders.isPending) return <LoadingSpinner text={t('reminders.loading')} />
  if (reminders.isError) {
    return (
      <RetryAlert title={t('reminders.loadFailed')} onRetry={() => void reminders.refetch()}>
        <p>{errorMessage(reminders.error)}</p>
      </RetryAlert>
    )
  }
  if (reminders.data.length === 0)
    return (
      <EmptyState icon={<RemindersIcon size={22} />} title={t(`reminders.empty.${tab.key}`)}>
        {tab.key === 'upcoming' ? t('reminders.empty.upcomingHint') : t('reminders.empty.otherHint')}
      </EmptyState>
    )
  return (
    <ListGroup as="ul" aria-label={t(`reminders.listLabel.${tab.key}`)}>
      {reminders.data.map((reminder) => (
        <ReminderRow key={reminder.id} reminder={reminder} zone={zone}>
          {reminder.status === 'done' ? (
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={t('reminders.actions.deleteLabel', { text: reminder.text })}
              onClick={() => onOpen({ kind: 'delete', reminder })}
            >
              {t('reminders.actions.delete')}
            </Button>
          ) : (
            <>
              <ReminderActions reminder={reminder} />
              <Button
                size="sm"
                variant="outline-primary"
                aria-label={t('reminders.actions.editLabel', { text: reminder.text })}
                onClick={() => onOpen({ kind: 'edit', reminder })}
              >
                {t('reminders.actions.edit')}
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={t('reminders.actions.cancelLabel', { text: reminder.text })}
                onClick={() => onOpen({ kind: 'cancel', reminder })}
              >
                {t('reminders.actions.cancel')}
              </Button>
            </>
          )}
        </ReminderRow>
      ))}
    </ListGroup>
  )
}

function CancelModal({ reminder, onClose }: { reminder: Reminder | null; onClose: () => void }) {
  const { t } = useTranslation()
  const update = useUpdateReminder()
  const toast = useToast()
  const close = () => {
    update.reset()
    onClose()
  }
  return (
    <ConfirmModal
      show={reminder !== null}
      title={t('reminders.cancelModal.title')}
      message={<p>{t('reminders.cancelModal.message', { text: reminder?.text ?? '' })}</p>}
      error={update.isError ? update.error : undefined}
      confirmLabel={t('reminders.cancelModal.confirm')}
      busy={update.isPending}
      busyLabel={t('reminders.cancelModal.busy')}
      onConfirm={() =>
        reminder &&
        update.mutate(
          { id: reminder.id, changes: { status: 'cancelled' } },
          {
            onSuccess: () => {
              toast.success(t('reminders.cancelModal.done', { text: reminder.text }))
              close()
            },
          },
        )
      }
      onCancel={close}
    />
  )
}

function DeleteModal({ reminder, onClose }: { reminder: Reminder | null; onClose: () => void }) {
  const { t } = useTranslation()
  const remove = useDeleteReminder()
  const close = () => {
    remove.reset()
    onClose()
  }
  return (
    <ConfirmModal
      show={reminder !== null}
      title={t('reminders.deleteModal.title')}
      message={<p>{t('reminders.deleteModal.message', { text: reminder?.text ?? '' })}</p>}
      error={remove.isError ? remove.error : undefined}
      confirmLabel={t('reminders.deleteModal.confirm')}
      busy={remove.isPending}
      busyLabel={t('reminders.deleteModal.busy')}
      onConfirm={() => reminder && remove.mutate(reminder.id, { onSuccess: close })}
      onCancel={close}
    />
  )
}
