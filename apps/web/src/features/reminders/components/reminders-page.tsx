import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import ListGroup from 'react-bootstrap/ListGroup'
import Nav from 'react-bootstrap/Nav'
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

const tabs = [
  { key: 'upcoming', label: 'Upcoming', status: 'scheduled', empty: 'No upcoming reminders.' },
  { key: 'sent', label: 'Sent', status: 'sent', empty: 'No reminders have gone out yet.' },
  { key: 'done', label: 'Done', status: 'done', empty: 'No reminders are done yet.' },
] as const satisfies { key: string; label: string; status: ReminderStatus; empty: string }[]
type Tab = (typeof tabs)[number]

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; reminder: Reminder }
  | { kind: 'cancel'; reminder: Reminder }
  | { kind: 'delete'; reminder: Reminder }

/** /reminders: upcoming, sent and done, each with what can be done to it (edit, cancel, done, snooze). */
export function RemindersPage() {
  const [params] = useSearchParams()
  const tab = tabs.find((t) => t.key === params.get('tab')) ?? tabs[0]
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const zone = useUserTimeZone()
  const close = () => setDialog(null)

  return (
    <div className="reminders-page">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="mb-0">Reminders</h1>
        <Button variant="primary" onClick={() => setDialog({ kind: 'create' })}>
          Add Reminder
        </Button>
      </div>
      <Nav variant="tabs" className="mb-3" as="nav" aria-label="Reminders by status">
        {tabs.map((t) => (
          <Nav.Item key={t.key}>
            <Nav.Link
              as={Link}
              to={t.key === 'upcoming' ? paths.reminders : `${paths.reminders}?tab=${t.key}`}
              active={t.key === tab.key}
              aria-current={t.key === tab.key ? 'page' : undefined}
            >
              {t.label}
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
  const reminders = useReminders({ status: tab.status })
  if (reminders.isPending) return <LoadingSpinner text="Loading reminders..." />
  if (reminders.isError) {
    return (
      <RetryAlert title="Unable to Load Reminders" onRetry={() => void reminders.refetch()}>
        <p>{errorMessage(reminders.error)}</p>
      </RetryAlert>
    )
  }
  if (reminders.data.length === 0)
    return (
      <EmptyState icon={<RemindersIcon size={22} />} title={tab.empty}>
        {tab.key === 'upcoming'
          ? 'Add one here, or tell the chat “remind me to call mum tomorrow at 6pm”.'
          : 'Reminders move here once they have gone out or been marked done.'}
      </EmptyState>
    )
  return (
    <ListGroup as="ul" aria-label={`${tab.label} reminders`}>
      {reminders.data.map((reminder) => (
        <ReminderRow key={reminder.id} reminder={reminder} zone={zone}>
          {reminder.status === 'done' ? (
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={`Delete: ${reminder.text}`}
              onClick={() => onOpen({ kind: 'delete', reminder })}
            >
              Delete
            </Button>
          ) : (
            <>
              <ReminderActions reminder={reminder} />
              <Button
                size="sm"
                variant="outline-primary"
                aria-label={`Edit: ${reminder.text}`}
                onClick={() => onOpen({ kind: 'edit', reminder })}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Cancel: ${reminder.text}`}
                onClick={() => onOpen({ kind: 'cancel', reminder })}
              >
                Cancel
              </Button>
            </>
          )}
        </ReminderRow>
      ))}
    </ListGroup>
  )
}

function CancelModal({ reminder, onClose }: { reminder: Reminder | null; onClose: () => void }) {
  const update = useUpdateReminder()
  const toast = useToast()
  const close = () => {
    update.reset()
    onClose()
  }
  return (
    <ConfirmModal
      show={reminder !== null}
      title="Cancel Reminder"
      message={<p>Cancel “{reminder?.text}”? It will not be sent again.</p>}
      error={update.isError ? update.error : undefined}
      confirmLabel="Cancel Reminder"
      busy={update.isPending}
      busyLabel="Cancelling..."
      onConfirm={() =>
        reminder &&
        update.mutate(
          { id: reminder.id, changes: { status: 'cancelled' } },
          {
            onSuccess: () => {
              toast.success(`Cancelled: ${reminder.text}`)
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
  const remove = useDeleteReminder()
  const close = () => {
    remove.reset()
    onClose()
  }
  return (
    <ConfirmModal
      show={reminder !== null}
      title="Delete Reminder"
      message={<p>Delete “{reminder?.text}” for good?</p>}
      error={remove.isError ? remove.error : undefined}
      confirmLabel="Delete"
      busy={remove.isPending}
      busyLabel="Deleting..."
      onConfirm={() => reminder && remove.mutate(reminder.id, { onSuccess: close })}
      onCancel={close}
    />
  )
}
