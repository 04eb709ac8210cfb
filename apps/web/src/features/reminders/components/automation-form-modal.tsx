import { useState, type FormEvent } from 'react'
import Alert from 'react-bootstrap/Alert'
import Form from 'react-bootstrap/Form'
import { useTranslation } from 'react-i18next'
import {
  AUTOMATION_LIMITS,
  type Automation,
  type AutomationChannel,
  type PatchAutomationBody,
} from '@remi/shared'
import { FormInput } from '../../../components/ui/form-input'
import { FormModalFooter, Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useCreateAutomation } from '../api/create-automation'
import { useUpdateAutomation } from '../api/update-automation'
import {
  DEFAULT_SCHEDULE,
  REPEAT_CHOICES,
  scheduleFields,
  scheduleFrom,
  WEEKDAYS,
  type Repeat,
  type ScheduleFields,
} from '../lib/automation-schedule'
import { capitalise, weekdayName } from '../lib/due'

// Said by the `reminders.automations.form.channels` texts.
const CHANNELS: AutomationChannel[] = ['app', 'push', 'email']
const KEEP = 'keep'

interface Props {
  show: boolean
  /** The automation to edit; none to make a new one. */
  automation?: Automation | null
  zone: string
  onClose(): void
}

/**
 * Makes or edits an automation (issue 50): what to ask, when (a plain choice written as the RRULE),
 * where the answer goes. A schedule the form cannot say (made in chat) is kept unless another is chosen.
 * Keyed by the automation (or 'new') by its parent, so each opening starts from fresh fields.
 */
export function AutomationFormModal({ show, automation, zone, onClose }: Props) {
  const { t } = useTranslation()
  const known = automation ? scheduleFields(automation.schedule) : DEFAULT_SCHEDULE
  const [prompt, setPrompt] = useState(automation?.prompt ?? '')
  const [repeat, setRepeat] = useState<Repeat | typeof KEEP>(known?.repeat ?? KEEP)
  const [fields, setFields] = useState<ScheduleFields>(known ?? DEFAULT_SCHEDULE)
  const [channels, setChannels] = useState<AutomationChannel[]>(
    automation?.channels ?? ['app', 'push', 'email'],
  )
  const create = useCreateAutomation()
  const update = useUpdateAutomation()
  const toast = useToast()
  const saving = create.isPending || update.isPending
  const failure = create.error ?? update.error
  const blank = prompt.trim() === ''
  const invalid = blank || channels.length === 0 || (repeat !== KEEP && !fields.time)
  const schedule = repeat === KEEP ? automation!.schedule : scheduleFrom({ ...fields, repeat })
  const set = (changes: Partial<ScheduleFields>) => setFields((now) => ({ ...now, ...changes }))
  const toggle = (channel: AutomationChannel, on: boolean) =>
    setChannels((now) => CHANNELS.filter((c) => (c === channel ? on : now.includes(c))))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (invalid || saving) return
    const done = () => {
      toast.success(
        automation ? t('reminders.automations.form.updated') : t('reminders.automations.form.created'),
      )
      onClose()
    }
    if (!automation) {
      create.mutate({ prompt: prompt.trim(), schedule, channels }, { onSuccess: done })
      return
    }
    // Only what changed: an unchanged schedule keeps the automation's next run.
    const changes: PatchAutomationBody = {}
    if (prompt.trim() !== automation.prompt) changes.prompt = prompt.trim()
    if (schedule !== automation.schedule) changes.schedule = schedule
    if (channels.join() !== automation.channels.join()) changes.channels = channels
    if (Object.keys(changes).length === 0) return onClose()
    update.mutate({ id: automation.id, changes }, { onSuccess: done })
  }
  const hide = () => {
    if (!saving) onClose()
  }

  return (
    <Modal
      show={show}
      onHide={hide}
      title={
        automation ? t('reminders.automations.form.editTitle') : t('reminders.automations.form.createTitle')
      }
      footer={
        <FormModalFooter
          formId="automation-form"
          label={automation ? t('reminders.automations.form.update') : t('reminders.automations.form.create')}
          saving={saving}
          disabled={invalid}
          onCancel={hide}
        />
      }
    >
      <Form id="automation-form" onSubmit={submit} noValidate>
        {failure ? (
          <Alert variant="danger" role="alert">
            {errorMessage(failure)}
          </Alert>
        ) : null}
        <FormInput
          label={t('reminders.automations.form.prompt')}
          name="prompt"
          as="textarea"
          rows={3}
          required
          autoFocus
          placeholder={t('reminders.automations.form.promptPlaceholder')}
          maxLength={AUTOMATION_LIMITS.promptMax}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <div className="row g-2">
          <div className="col-12 col-sm-7">
            <FormInput
              as="select"
              label={t('reminders.automations.form.repeats')}
              name="repeat"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value as Repeat | typeof KEEP)}
            >
              {repeat === KEEP || !known ? (
                <option value={KEEP}>
                  {t('reminders.automations.form.keep', { schedule: automation?.scheduleText ?? '' })}
                </option>
              ) : null}
              {REPEAT_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`reminders.automations.form.repeat.${choice}`)}
                </option>
              ))}
            </FormInput>
          </div>
          {repeat === KEEP ? null : (
            <div className="col-12 col-sm-5">
              <FormInput
                label={t('reminders.automations.form.at')}
                name="time"
                type="time"
                required
                value={fields.time}
                onChange={(e) => set({ time: e.target.value })}
              />
            </div>
          )}
        </div>
        {repeat === 'weekly' ? (
          <FormInput
            as="select"
            label={t('reminders.automations.form.on')}
            name="weekday"
            value={fields.weekday}
            onChange={(e) => set({ weekday: e.target.value })}
          >
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {capitalise(weekdayName(day) ?? day)}
              </option>
            ))}
          </FormInput>
        ) : null}
        {repeat === 'monthly' ? (
          <FormInput
            as="select"
            label={t('reminders.automations.form.onDay')}
            name="monthDay"
            value={String(fields.monthDay)}
            onChange={(e) => set({ monthDay: Number(e.target.value) })}
          >
            {Array.from({ length: 28 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </FormInput>
        ) : null}
        <p className="small text-body-secondary">
          {t('reminders.automations.form.zone', { zone: automation?.timezone ?? zone })}
        </p>
        <fieldset>
          <legend className="form-label fs-6">{t('reminders.automations.form.send')}</legend>
          {CHANNELS.map((channel) => (
            <Form.Check
              key={channel}
              id={`automation-channel-${channel}`}
              label={t(`reminders.automations.form.channels.${channel}`)}
              checked={channels.includes(channel)}
              onChange={(e) => toggle(channel, e.target.checked)}
            />
          ))}
          {channels.length === 0 ? (
            <div className="small text-danger">{t('reminders.automations.form.noChannel')}</div>
          ) : null}
        </fieldset>
      </Form>
    </Modal>
  )
}
