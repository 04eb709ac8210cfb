import type { ReactNode } from 'react'
import ListGroup from 'react-bootstrap/ListGroup'
import type { Reminder } from '@remi/shared'
import { ReminderWhen } from './reminder-when'

/**
 * One reminder in a list (the dashboard's Upcoming reminders card, the reminders page): its words, when it
 * fires (or went out, or was done) and how it repeats, and the buttons given as children.
 */
export function ReminderRow({
  reminder,
  zone,
  children,
}: {
  reminder: Reminder
  zone: string
  children: ReactNode
}) {
  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <div className="text-break me-auto">
        <div>{reminder.text}</div>
        <ReminderWhen reminder={reminder} zone={zone} />
      </div>
      <div className="d-flex flex-wrap gap-2">{children}</div>
    </ListGroup.Item>
  )
}
