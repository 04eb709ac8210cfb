import Button from 'react-bootstrap/Button'
import Dropdown from 'react-bootstrap/Dropdown'
import { useTranslation } from 'react-i18next'
import type { Reminder } from '@remi/shared'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useUserTimeZone } from '../../../lib/zoned-time'
import { useUpdateReminder, type ReminderChanges } from '../api/update-reminder'
import { doneMessage } from '../lib/done-message'
import { formatDuration } from '../lib/due'
import { snoozeChoices, snoozeMinutes } from '../lib/snooze'

/** Done and Snooze for one reminder (the dashboard card and the list): a PATCH each, with a toast after. */
export function ReminderActions({ reminder }: { reminder: Reminder }) {
  const { t } = useTranslation()
  const update = useUpdateReminder()
  const toast = useToast()
  const zone = useUserTimeZone()
  const busy = update.isPending
  const run = (changes: ReminderChanges['changes'], done: (answer: Reminder) => string) =>
    update.mutate(
      { id: reminder.id, changes },
      {
        onSuccess: (answer) => toast.success(done(answer)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    )

  return (
    <>
      <Button
        size="sm"
        variant="outline-success"
        disabled={busy}
        aria-label={t('reminders.actions.doneLabel', { text: reminder.text })}
        onClick={() => run({ status: 'done' }, (answer) => doneMessage(answer, zone))}
      >
        {t('reminders.actions.done')}
      </Button>
      <Dropdown>
        <Dropdown.Toggle
          size="sm"
          variant="outline-secondary"
          disabled={busy}
          aria-label={t('reminders.actions.snoozeLabel', { text: reminder.text })}
        >
          {t('reminders.actions.snooze')}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {snoozeChoices.map((choice) => {
            const minutes = snoozeMinutes(reminder, choice.minutes)
            const duration = formatDuration(choice.minutes)
            return (
              <Dropdown.Item
                key={choice.minutes}
                as="button"
                disabled={minutes === null}
                onClick={() =>
                  minutes !== null &&
                  run({ snooze: { minutes } }, () =>
                    t('reminders.actions.snoozed', { duration, text: reminder.text }),
                  )
                }
              >
                {duration}
              </Dropdown.Item>
            )
          })}
        </Dropdown.Menu>
      </Dropdown>
    </>
  )
}
