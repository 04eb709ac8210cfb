import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { MEMORY_LIMITS, type Reminder } from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { paths } from '../../../config/paths'
import { errorMessage } from '../../../lib/api-client'
import { formatDue, useUserTimeZone, zonedInstant, zonedParts } from '../../../lib/zoned-time'
import { useCreateMemory } from '../api/create-memory'
import { useCreateMemoryReminder } from '../api/create-memory-reminder'
import type { MemoryItem } from '../api/get-memories'
import { useMemoryReminders } from '../api/get-memory-reminders'
import { useMemoryTags } from '../api/get-memory-tags'
import { useUpdateMemory } from '../api/update-memory'
import { addTag, applySuggestion, quickTags, tagSuggestions } from '../lib/tags'
import { memoryFieldErrors } from '../lib/validate'

interface MemoryModalProps {
  show: boolean
  /** The memory to edit; none to create one. */
  memory?: MemoryItem | null
  /** Today in the user's zone: the date a new memory starts with. */
  today: string
  onClose(): void
}

/** Keyed by the memory (or 'new') by its parent, so each opening starts from fresh fields. */
export function MemoryModal({ show, memory, today, onClose }: MemoryModalProps) {
  const editing = Boolean(memory)
  const [text, setText] = useState(memory?.text ?? '')
  const [tags, setTags] = useState(memory ? memory.tags.join(', ') : '')
  const [date, setDate] = useState(memory ? (memory.date ?? '') : today)
  const [secret, setSecret] = useState(memory?.private ?? false)
  // "Remind me": 09:00 on the memory's date unless another day is picked.
  const [remind, setRemind] = useState(false)
  const [remindDay, setRemindDay] = useState<string | null>(null)
  const [remindTime, setRemindTime] = useState('09:00')
  // "Has passed" is judged against when the modal opened; the server has the last word on it.
  const [openedAt] = useState(() => Date.now())
  const zone = useUserTimeZone()
  const toast = useToast()
  const createReminder = useCreateMemoryReminder()
  // The memory's reminders still to come, so "Remind me" is not set twice unknowingly.
  const upcoming = useMemoryReminders(memory?.id).data ?? []
  const reminderDay = remindDay ?? (date || today)
  const remindAt = remind ? zonedInstant(reminderDay, remindTime, zone) : null
  const remindError = !remind
    ? undefined
    : !remindAt
      ? 'Choose a date and a time.'
      : remindAt.getTime() <= openedAt
        ? 'That time has passed: choose a later date or time.'
        : undefined
  const knownTags = useMemoryTags().data ?? []
  const create = useCreateMemory()
  const update = useUpdateMemory()
  const saving = create.isPending || update.isPending || createReminder.isPending
  const blank = text.trim() === ''
  const suggestions = tagSuggestions(tags, knownTags)
  const fieldErrors = memoryFieldErrors(tags, date)
  const invalid = Boolean(fieldErrors.tags || fieldErrors.date)
  // The server's refusal, in its words, until the person changes something.
  const [saveError, setSaveError] = useState<string | null>(null)
  const edited = (set: (value: string) => void) => (value: string) => {
    setSaveError(null)
    set(value)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (blank || saving || remindError || invalid) return
    setSaveError(null)
    const failed = (error: unknown) => setSaveError(errorMessage(error))
    // The memory is saved first; a reminder that fails then is said in a toast, as the memory is kept.
    const saved = (item: MemoryItem) => {
      if (!remind || !remindAt) return onClose()
      createReminder.mutate(
        { memoryId: item.id, text: item.text || text, dueAt: remindAt, timezone: zone },
        {
          onSuccess: () => toast.success(`Reminder set for ${formatDue(remindAt, zone, new Date(), true)}`),
          onError: (error) =>
            toast.error(`The memory was saved, but the reminder was not: ${errorMessage(error)}`),
          onSettled: onClose,
        },
      )
    }
    // On failure the modal stays open with what was typed (spec §4).
    if (memory)
      update.mutate(
        // The switch is sent only when it moved.
        {
          id: memory.id,
          text,
          tags,
          date,
          ...(secret !== Boolean(memory.private) ? { private: secret } : {}),
        },
        { onSuccess: saved, onError: failed },
      )
    else create.mutate({ text, tags, date, private: secret }, { onSuccess: saved, onError: failed })
  }

  const hide = () => {
    if (!saving) onClose()
  }

  return (
    <Modal
      show={show}
      onHide={hide}
      size="lg"
      title={editing ? 'Edit Memory' : 'Create Memory'}
      footer={
        <>
          <Button variant="secondary" onClick={hide} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="memory-form"
            variant="primary"
            disabled={blank || saving || invalid || Boolean(remindError)}
          >
            {saving ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                {editing ? 'Updating...' : 'Creating...'}
              </>
            ) : editing ? (
              'Update Memory'
            ) : (
              'Create Memory'
            )}
          </Button>
        </>
      }
    >
      <Form id="memory-form" onSubmit={submit} noValidate>
        {saveError ? (
          <Alert variant="danger" role="alert">
            {editing ? 'The memory was not updated: ' : 'The memory was not created: '}
            {saveError}
          </Alert>
        ) : null}
        <FormInput
          label="Memory"
          name="text"
          as="textarea"
          rows={5}
          required
          autoFocus
          maxLength={MEMORY_LIMITS.textMax}
          placeholder="What do you want to remember?"
          value={text}
          onChange={(e) => edited(setText)(e.target.value)}
        />
        <FormInput
          label="Tags"
          name="tags"
          helpText="Separate tags with commas"
          error={fieldErrors.tags}
          placeholder="e.g. work, health"
          autoComplete="off"
          value={tags}
          onChange={(e) => edited(setTags)(e.target.value)}
        />
        {suggestions.length ? (
          <div className="d-flex flex-wrap gap-1 mb-3" aria-label="Tag suggestions" role="group">
            {suggestions.map((tag) => (
              <Button
                key={tag}
                size="sm"
                variant="outline-primary"
                onClick={() => setTags(applySuggestion(tags, tag))}
              >
                {tag}
              </Button>
            ))}
          </div>
        ) : null}
        {!editing && knownTags.length ? (
          <div className="mb-3">
            <div className="form-label mb-1">Quick Tags</div>
            <div className="d-flex flex-wrap gap-1" role="group" aria-label="Quick Tags">
              {quickTags(knownTags).map((tag) => (
                <Button
                  key={tag}
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => setTags(addTag(tags, tag))}
                >
                  {tag}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
        <FormInput
          label="Date"
          name="date"
          type="date"
          min="1900-01-01"
          max="2100-12-31"
          error={fieldErrors.date}
          value={date}
          onChange={(e) => edited(setDate)(e.target.value)}
        />
        <Form.Check
          type="switch"
          id="memory-private"
          label="Private: never shown to an AI model or an MCP client"
          checked={secret}
          onChange={(e) => setSecret(e.target.checked)}
          className="mb-2"
        />
        <Form.Check
          type="switch"
          id="memory-remind-me"
          label="Remind me"
          checked={remind}
          onChange={(e) => setRemind(e.target.checked)}
          className="mb-2"
        />
        {upcoming.length > 0 ? (
          <p className="small text-body-secondary mb-2">
            {upcomingLine(upcoming, zone)} <Link to={paths.reminders}>See reminders</Link>
          </p>
        ) : null}
        {remind ? (
          <div className="row g-2" role="group" aria-label="Reminder date and time">
            <div className="col-12 col-sm-7">
              <FormInput
                label="Reminder date"
                name="remindDate"
                type="date"
                required
                min={todayOf(openedAt, zone)}
                value={reminderDay}
                error={remindError}
                onChange={(e) => setRemindDay(e.target.value)}
              />
            </div>
            <div className="col-12 col-sm-5">
              <FormInput
                label="Reminder time"
                name="remindTime"
                type="time"
                required
                helpText={zone}
                value={remindTime}
                onChange={(e) => setRemindTime(e.target.value)}
              />
            </div>
          </div>
        ) : null}
      </Form>
    </Modal>
  )
}

/** 'Reminder set for tomorrow at 09:00.', or for several the first three and how many more. */
function upcomingLine(reminders: Reminder[], zone: string, now = new Date()): string {
  const whens = reminders
    .slice(0, 3)
    .map((r) => formatDue(r.nextAt ?? r.dueAt, zone, now, true) + (r.recurrence ? ' (repeats)' : ''))
  const more = reminders.length - whens.length
  const label = reminders.length === 1 ? 'Reminder set for' : 'Reminders set for'
  return `${label} ${whens.join('; ')}${more > 0 ? ` and ${more} more` : ''}.`
}

/** Today in the person's zone: the first day a reminder can be picked on. */
const todayOf = (at: number, zone: string) => zonedParts(new Date(at), zone).day
