import type { Reminder } from '@remi/shared'
import { useTranslation } from 'react-i18next'
import { i18n } from '../../../lib/i18n'
import { formatDueIn } from '../lib/due'
import { describeRecurrence } from '../lib/recurrence'

/** The line under a reminder's text: when it fires (or went out, or was done), and how it repeats. */
export function reminderWhen(reminder: Reminder, zone: string, now = new Date()): string {
  const parts: string[] = []
  if (reminder.status === 'scheduled') {
    const next = reminder.nextAt ?? reminder.dueAt
    parts.push(
      reminder.snoozedUntil
        ? i18n.t('reminders.when.snoozedUntil', { when: formatDueIn(next, zone, now, true) })
        : formatDueIn(next, zone, now),
    )
  } else if (reminder.status === 'sent') {
    const sent = reminder.lastSentAt ?? reminder.dueAt
    const when = formatDueIn(sent, zone, now, true)
    parts.push(i18n.t(reminder.late ? 'reminders.when.sentLate' : 'reminders.when.sent', { when }))
  } else {
    const when = formatDueIn(reminder.updatedAt, zone, now, true)
    parts.push(
      i18n.t(reminder.status === 'done' ? 'reminders.when.done' : 'reminders.when.cancelled', { when }),
    )
  }
  const repeats = describeRecurrence(reminder.recurrence)
  if (repeats) parts.push(repeats)
  return parts.join(' · ')
}

export function ReminderWhen({ reminder, zone }: { reminder: Reminder; zone: string }) {
  // Said again when the language changes.
  useTranslation()
  return <small className="text-body-secondary">{reminderWhen(reminder, zone)}</small>
}
