import { render, screen, within } from '@testing-library/react'
import Button from 'react-bootstrap/Button'
import ListGroup from 'react-bootstrap/ListGroup'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reminder } from '../../../test/reminders'
import { ReminderRow } from './reminder-row'

describe('ReminderRow (the dashboard card and the reminders page)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2099-01-02T09:00:00Z') }))
  afterEach(() => vi.useRealTimers())

  it('shows the words, when it fires and how it repeats in the zone, then the buttons given', () => {
    render(
      <ListGroup as="ul" aria-label="Reminders">
        <ReminderRow
          reminder={reminder({ text: 'Water the plants', recurrence: 'FREQ=WEEKLY;BYDAY=MO' })}
          zone="Europe/Lisbon"
        >
          <Button size="sm">Done</Button>
          <Button size="sm">Snooze</Button>
        </ReminderRow>
      </ListGroup>,
    )
    const row = within(screen.getByRole('list', { name: 'Reminders' })).getByRole('listitem')
    expect(row).toHaveTextContent('Water the plants')
    expect(row).toHaveTextContent(/Today at 17:00 · Every Monday/i)
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Done', 'Snooze'])
    // The row wraps its buttons under the words at 360 px.
    expect(row).toHaveClass('d-flex', 'flex-wrap')
  })

  it('says a sent reminder went out, and when', () => {
    render(
      <ListGroup as="ul">
        <ReminderRow
          reminder={reminder({ status: 'sent', lastSentAt: '2099-01-02T08:30:00.000Z', late: true })}
          zone="UTC"
        >
          <Button size="sm">Delete</Button>
        </ReminderRow>
      </ListGroup>,
    )
    expect(screen.getByRole('listitem')).toHaveTextContent(/Sent today at 08:30 \(late\)/i)
  })
})
