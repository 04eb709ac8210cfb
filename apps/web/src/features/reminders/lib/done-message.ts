import type { Reminder } from '@remi/shared'
import { i18n } from '../../../lib/i18n'
import { formatDueIn } from './due'

/**
 * What Done says once the server has answered: 'Done: Call mum', and for a repeating reminder, whose
 * Done finishes one occurrence, when the next one is ('Done: Water the plants. Next: Monday, … at 08:00').
 */
export function doneMessage(answer: Reminder, zone: string, now = new Date()): string {
  const next = answer.status === 'scheduled' ? answer.nextAt : null
  return next
    ? i18n.t('reminders.doneMessage.next', { text: answer.text, when: formatDueIn(next, zone, now, true) })
    : i18n.t('reminders.doneMessage.done', { text: answer.text })
}
