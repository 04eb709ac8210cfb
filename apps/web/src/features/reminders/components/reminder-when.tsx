import type { Reminder } from '@remi/shared'
import { formatDue } from '../../../lib/zoned-time'
import { describeRecurrence } from '../lib/recurrence'

/** The line under a reminder's text: when it fires (or went out, or was done), and how it repeats. */
export function reminderWhen(reminder: Reminder, zone: string, now = new Date()): string {
  const parts: string[] = []
  if (reminder.status === 'scheduled') {
    const next = reminder.nextAt ?? reminder.dueAt
    parts.push(
      reminder.snoozedUntil
        ? `Snoozed until ${formatDue(next, zone, now, true)}`
        : formatDue(next, zone, now),
    )
  } else if (reminder.status === 'sent') {
    const sent = reminder.lastSentAt ?? reminder.dueAt
    parts.push(`Sent ${formatDue(sent, zone, now, true)}${reminder.late ? ' (late)' : ''}`)
  } else {
    const label = reminder.status === 'done' ? 'Done' : 'Cancelled'
    parts.push(`${label} ${formatDue(reminder.updatedAt, zone, now, true)}`)
  }
  const repeats = describeRecurrence(reminder.recurrence)
  if (repeats) parts.push(repeats)
  return parts.join(' · ')
}

export function ReminderWhen({ reminder, zone }: { reminder: Reminder; zone: string }) {
  return <small className="text-body-secondary">{reminderWhen(reminder, zone)}</small>
}
