import { useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Spinner from 'react-bootstrap/Spinner'
import { useTranslation } from 'react-i18next'
import { MEMORY_LIMITS } from '@remi/shared'
import { DictateButton } from '../../../components/ui/dictate-button'
import { FormInput } from '../../../components/ui/form-input'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { appendDictation } from '../../../lib/voice'
import { formatDue, useUserTimeZone, zonedInstant } from '../../../lib/zoned-time'
import { useCreateMemory } from '../api/create-memory'
import { useCreateMemoryReminder } from '../api/create-memory-reminder'
import type { MemoryItem } from '../api/get-memories'
import { useMemoryReminders } from '../api/get-memory-reminders'
import { useMemoryTags } from '../api/get-memory-tags'
import { useUpdateMemory } from '../api/update-memory'
import { useUploadAttachment } from '../api/upload-attachment'
import type { Shared } from '../lib/shared'
import { memoryFieldErrors } from '../lib/validate'
import { AttachmentPicker, filesOf } from './attachment-picker'
import { reminderError, ReminderFields } from './reminder-fields'
import { TagButtons } from './tag-buttons'

interface MemoryModalProps {
  show: boolean
  /** The memory to edit; none to create one. */
  memory?: MemoryItem | null
  /** Today in the user's zone: the date a new memory starts with. */
  today: string
  /** What another app shared ("Share → Remi"): a new memory's text and files. */
  shared?: Shared | null
  onClose(): void
}

/** Keyed by the memory (or 'new') by its parent, so each opening starts from fresh fields. */
export function MemoryModal({ show, memory, today, shared, onClose }: MemoryModalProps) {
  const { t } = useTranslation()
  const editing = Boolean(memory)
  const [text, setText] = useState(memory?.text ?? shared?.text ?? '')
  const [tags, setTags] = useState(memory ? memory.tags.join(', ') : '')
  const [date, setDate] = useState(memory ? (memory.date ?? '') : today)
  const [secret, setSecret] = useState(memory?.private ?? false)
  // Files to attach once the memory is saved (dropped, pasted, photographed or chosen).
  const [files, setFiles] = useState<File[]>(shared?.files ?? [])
  const upload = useUploadAttachment()
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
  const remindError = remind ? reminderError(remindAt, openedAt, t) : undefined
  const knownTags = useMemoryTags().data ?? []
  const create = useCreateMemory()
  const update = useUpdateMemory()
  const saving = create.isPending || update.isPending || createReminder.isPending || upload.isPending
  // A memory may be made of files alone: its text is then the first file's name.
  const blank = text.trim() === '' && files.length === 0
  const fieldErrors = memoryFieldErrors(tags, date, t)
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
    const saved = async (item: MemoryItem) => {
      for (const file of files)
        await upload
          .mutateAsync({ memoryId: item.id, file })
          .catch((error: unknown) =>
            toast.error(t('memories.modal.notAttached', { file: file.name, reason: errorMessage(error) })),
          )
      if (!remind || !remindAt) return onClose()
      createReminder.mutate(
        { memoryId: item.id, text: item.text || text, dueAt: remindAt, timezone: zone },
        {
          onSuccess: () =>
            toast.success(
              t('memories.modal.reminderSet', { when: formatDue(remindAt, zone, new Date(), true) }),
            ),
          onError: (error) =>
            toast.error(t('memories.modal.reminderFailed', { reason: errorMessage(error) })),
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
    else
      create.mutate(
        { text: text.trim() || files[0]!.name, tags, date, private: secret },
        { onSuccess: saved, onError: failed },
      )
  }

  const hide = () => {
    if (!saving) onClose()
  }

  return (
    <Modal
      show={show}
      onHide={hide}
      size="lg"
      title={editing ? t('memories.modal.editTitle') : t('memories.modal.createTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={hide} disabled={saving}>
            {t('memories.modal.cancel')}
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
                {editing ? t('memories.modal.updating') : t('memories.modal.creating')}
              </>
            ) : editing ? (
              t('memories.modal.update')
            ) : (
              t('memories.modal.create')
            )}
          </Button>
        </>
      }
    >
      <Form
        id="memory-form"
        onSubmit={submit}
        noValidate
        onPaste={(e) => {
          const pasted = filesOf(e.clipboardData)
          if (pasted.length === 0) return
          e.preventDefault()
          setFiles((current) => [...current, ...pasted])
        }}
      >
        {saveError ? (
          <Alert variant="danger" role="alert">
            {t(editing ? 'memories.modal.notUpdated' : 'memories.modal.notCreated', { reason: saveError })}
          </Alert>
        ) : null}
        <FormInput
          label={t('memories.modal.text')}
          name="text"
          as="textarea"
          rows={5}
          autoFocus
          maxLength={MEMORY_LIMITS.textMax}
          placeholder={t('memories.modal.textPlaceholder')}
          id="memory-text"
          value={text}
          onChange={(e) => edited(setText)(e.target.value)}
        />
        <DictateButton
          fieldId="memory-text"
          className="mb-3"
          onText={(words) => edited(setText)(appendDictation(text, words))}
        />
        <AttachmentPicker saved={memory?.attachments ?? []} files={files} onFiles={setFiles} />
        <FormInput
          label={t('memories.modal.tags')}
          name="tags"
          helpText={t('memories.modal.tagsHelp')}
          error={fieldErrors.tags}
          placeholder={t('memories.modal.tagsPlaceholder')}
          autoComplete="off"
          value={tags}
          onChange={(e) => edited(setTags)(e.target.value)}
        />
        <TagButtons tags={tags} knownTags={knownTags} editing={editing} onChange={setTags} />
        <FormInput
          label={t('memories.modal.date')}
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
          label={t('memories.modal.private')}
          checked={secret}
          onChange={(e) => setSecret(e.target.checked)}
          className="mb-2"
        />
        <Form.Check
          type="switch"
          id="memory-remind-me"
          label={t('memories.modal.remindMe')}
          checked={remind}
          onChange={(e) => setRemind(e.target.checked)}
          className="mb-2"
        />
        <ReminderFields
          show={remind}
          upcoming={upcoming}
          zone={zone}
          openedAt={openedAt}
          day={reminderDay}
          time={remindTime}
          error={remindError}
          onDay={setRemindDay}
          onTime={setRemindTime}
        />
      </Form>
    </Modal>
  )
}
