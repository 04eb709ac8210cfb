import { useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useTranslation } from 'react-i18next'
import { REMINDER_LIMITS, type PatchReminderBody, type Reminder } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { FormModalFooter, Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { zonedInstant, zonedParts } from '../../../lib/zoned-time'
import { useCreateReminder } from '../api/create-reminder'
import { useUpdateReminder } from '../api/update-reminder'
import { describeRecurrence, recurrenceChoices } from '../lib/recurrence'

interface Props {
  show: boolean
  /** The reminder to edit; none to make a new one. */
  reminder?: Reminder | null
  zone: string
  onClose(): void
}

/** Tomorrow at 09:00 in the zone: where a new reminder starts. */
function tomorrowMorning(zone: string) {
  return { day: zonedParts(new Date(Date.now() + 86_400_000), zone).day, time: '09:00' }
}

/** Keyed by the reminder (or 'new') by its parent, so each opening starts from fresh fields. */
export function ReminderFormModal({ show, reminder, zone, onClose }: Props) {
  const { t } = useTranslation()
  const start = reminder ? zonedParts(reminder.nextAt ?? reminder.dueAt, zone) : tomorrowMorning(zone)
  const [text, setText] = useState(reminder?.text ?? '')
  const [day, setDay] = useState(start.day)
  const [time, setTime] = useState(start.time)
  const [recurrence, setRecurrence] = useState(reminder?.recurrence ?? '')
  const create = useCreateReminder()
  const update = useUpdateReminder()
  const toast = useToast()
  const saving = create.isPending || update.isPending
  const failure = create.error ?? update.error
  const dueAt = zonedInstant(day, time, zone)
  const blank = text.trim() === ''
  // The picker offers no day before today in the person's zone, and a time already past is said at
  // once (judged against when the form opened; the server has the last word). Editing a reminder
  // without moving its time is left alone, even when it went out in the past.
  const [openedAt] = useState(() => Date.now())
  const today = zonedParts(new Date(openedAt), zone).day
  const moved = !reminder || day !== start.day || time !== start.time
  const passed = moved && dueAt !== null && dueAt.getTime() <= openedAt
  // A rule the form has no choice for (from the assistant: "every Monday") stays selectable as it is.
  const offered = recurrenceChoices.map((c) => ({
    value: c.value as string,
    label: t(`reminders.repeat.${c.label}`),
  }))
  const choices =
    recurrence && !recurrenceChoices.some((c) => c.value === recurrence)
      ? [...offered, { value: recurrence, label: describeRecurrence(recurrence) ?? recurrence }]
      : offered

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (blank || !dueAt || saving || passed) return
    const done = () => {
      toast.success(reminder ? t('reminders.form.updated') : t('reminders.form.created'))
      onClose()
    }
    if (!reminder) {
      create.mutate(
        { text: text.trim(), dueAt: dueAt.toISOString(), recurrence: recurrence || null, timezone: zone },
        { onSuccess: done },
      )
      return
    }
    // Only what changed: an unchanged time must not reschedule a reminder that has gone out.
    const changes: PatchReminderBody = {}
    if (text.trim() !== reminder.text) changes.text = text.trim()
    if (day !== start.day || time !== start.time) changes.dueAt = dueAt.toISOString()
    if ((recurrence || null) !== reminder.recurrence) changes.recurrence = recurrence || null
    if (Object.keys(changes).length === 0) return onClose()
    update.mutate({ id: reminder.id, changes }, { onSuccess: done })
  }

  const hide = () => {
    if (!saving) onClose()
  }

  return (
    <Modal
      show={show}
      onHide={hide}
      title={reminder ? t('reminders.form.editTitle') : t('reminders.form.createTitle')}
      footer={
        <FormModalFooter
          formId="reminder-form"
          label={reminder ? t('reminders.form.update') : t('reminders.form.create')}
          saving={saving}
          disabled={blank || !dueAt || passed}
          onCancel={hide}
        />
      }
    >
      <Form id="reminder-form" onSubmit={submit} noValidate>
        {failure ? (
          <Alert variant="danger" role="alert">
            {errorMessage(failure)}
          </Alert>
        ) : null}
        <FormInput
          label={t('reminders.form.text')}
          name="text"
          as="textarea"
          rows={3}
          required
          autoFocus
          maxLength={REMINDER_LIMITS.textMax}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="row g-2">
          <div className="col-12 col-sm-7">
            <FormInput
              label={t('reminders.form.date')}
              name="date"
              type="date"
              required
              min={today}
              error={passed ? t('reminders.form.passed') : undefined}
              value={day}
              onChange={(e) => setDay(e.target.value)}
            />
          </div>
          <div className="col-12 col-sm-5">
            <FormInput
              label={t('reminders.form.time')}
              name="time"
              type="time"
              required
              value={time}
              onChange={(e) => setTime(e.target.value)}
            />
          </div>
        </div>
        <FormInput
          as="select"
          label={t('reminders.form.repeats')}
          name="recurrence"
          helpText={t('reminders.form.zone', { zone })}
          value={recurrence}
          onChange={(e) => setRecurrence(e.target.value)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </FormInput>
      </Form>
    </Modal>
  )
}
