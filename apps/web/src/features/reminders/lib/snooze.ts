import { REMINDER_LIMITS, type Reminder } from '@remi/shared'

/** How long Snooze puts a reminder off; each is said as Intl writes it (formatDuration, lib/due.ts). */
export const snoozeChoices = [{ minutes: 10 }, { minutes: 60 }, { minutes: 24 * 60 }] as const

/**
 * The PATCH's snooze.minutes (counted from now) that puts the reminder `by` minutes after the time it
 * would fire: one that has gone out, or is due now, comes back `by` minutes from now; one due in three
 * days moves to three days and `by` minutes, never earlier. Null when that is past the snooze limit.
 */
export function snoozeMinutes(reminder: Reminder, by: number, now = Date.now()): number | null {
  const next = reminder.status === 'scheduled' && reminder.nextAt ? Date.parse(reminder.nextAt) : now
  const ahead = Math.max(0, Math.ceil((next - now) / 60_000))
  const minutes = ahead + by
  return minutes <= REMINDER_LIMITS.snoozeMinutesMax ? minutes : null
}
