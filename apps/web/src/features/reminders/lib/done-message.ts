import type { Reminder } from '@remi/shared'
import { formatDue } from '../../../lib/zoned-time'

/**
 * What Done says once the server has answered: 'Done: Call mum', and for a repeating reminder, whose
 * Done finishes one occurrence, when the next one is ('Done: Water the plants. Next: Monday, … at 08:00').
 */
export function doneMessage(answer: Reminder, zone: string, now = new Date()): string {
  const next = answer.status === 'scheduled' ? answer.nextAt : null
  return next ? `Done: ${answer.text}. Next: ${formatDue(next, zone, now, true)}` : `Done: ${answer.text}`
}
